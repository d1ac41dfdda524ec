// The shows as an iCalendar feed (RFC 5545) that calendar apps subscribe to.
// Times are written in UTC ("…Z"): the stored instant already accounts for the
// venue's DST, and a UTC time needs no VTIMEZONE for a client to get wrong.
// The venue's own clock is in the description, in words.
import type { ShowStatus } from "./schema.ts";
import { SHOW_LENGTH_MS, showWhen, zonePlace } from "./show.ts";
import { eventName, ICS_TEXT } from "./ui-text.ts";

export type CalendarShow = {
  id: string;
  startsAt: number;
  startsLocal: string;
  timeZone: string;
  venue: string;
  city: string;
  country: string;
  ticketUrl: string | null;
  status: ShowStatus;
  createdAt: number;
  updatedAt: number;
};

export type CalendarOptions = {
  artistName: string;
  /** The calendar's name in a fan's calendar list. */
  calendarName: string;
  /** The site's public origin: UIDs are `show-{id}@{hostname}`, and links point here. */
  origin: string;
  shows: CalendarShow[];
};

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks as \n, other control characters dropped. */
function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/[\\;,]/g, (char) => `\\${char}`)
    .replace(/\n/g, "\\n")
    .replace(/[\p{Cc}\u2028\u2029]/gu, (char) => (char === "\t" ? char : ""));
}

const encoder = new TextEncoder();

/**
 * One content line folded at 75 octets (RFC 5545 3.1): each further line starts
 * with a space, and no UTF-8 character is cut in two.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A DATE-TIME in UTC: 20270328T180000Z. */
function utcDateTime(instant: number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

const STATUS: Record<ShowStatus, string> = { scheduled: "CONFIRMED", "sold-out": "CONFIRMED", cancelled: "CANCELLED" };

function eventLines(show: CalendarShow, options: CalendarOptions, host: string, showsPage: string): string[] {
  const when = showWhen(show.startsLocal);
  const description = [
    ICS_TEXT.localStart(when.date, when.time, zonePlace(show.timeZone), show.timeZone),
    show.status === "cancelled"
      ? ICS_TEXT.cancelled
      : show.status === "sold-out"
        ? ICS_TEXT.soldOut
        : show.ticketUrl
          ? ICS_TEXT.tickets(show.ticketUrl)
          : null,
    ICS_TEXT.more(showsPage),
  ].filter((line): line is string => line !== null);
  const url = show.status !== "cancelled" && show.ticketUrl ? show.ticketUrl : showsPage;
  return [
    "BEGIN:VEVENT",
    // The id never changes, so an edited show updates the same entry in a fan's calendar.
    `UID:show-${show.id}@${host}`,
    `DTSTAMP:${utcDateTime(show.updatedAt)}`,
    `CREATED:${utcDateTime(show.createdAt)}`,
    `LAST-MODIFIED:${utcDateTime(show.updatedAt)}`,
    `DTSTART:${utcDateTime(show.startsAt)}`,
    `DTEND:${utcDateTime(show.startsAt + SHOW_LENGTH_MS)}`,
    `SUMMARY:${escapeText(eventName(options.artistName, show.venue))}`,
    `LOCATION:${escapeText([show.venue, show.city, show.country].join(", "))}`,
    `DESCRIPTION:${escapeText(description.join("\n"))}`,
    // A URI, not TEXT: not escaped, but it can hold no line break (the schema allows none).
    `URL:${url.replace(/[\r\n]/g, "")}`,
    `STATUS:${STATUS[show.status]}`,
    "END:VEVENT",
  ];
}

/** The whole feed: one VEVENT per show, CRLF line endings, folded. */
export function showsCalendar(options: CalendarOptions): string {
  const host = new URL(options.origin).hostname;
  const showsPage = new URL("/shows", `${options.origin}/`).toString();
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(host)}//Shows//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(options.calendarName)}`,
    `NAME:${escapeText(options.calendarName)}`,
    // How often subscribers look again (RFC 7986, and the older name Outlook reads).
    "REFRESH-INTERVAL;VALUE=DURATION:PT6H",
    "X-PUBLISHED-TTL:PT6H",
    ...options.shows.flatMap((show) => eventLines(show, options, host, showsPage)),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
