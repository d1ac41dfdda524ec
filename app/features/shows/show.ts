// A show as pages and feeds see it, and how its time is written. Shared by the
// server and the browser: dates are written from the venue's wall-clock text
// itself, never through the reader's zone, so the page says what the venue
// advertises and the server's and browser's renders are the same characters.
import { LOCAL_DATE_TIME } from "#app/lib/time/local-date-time.ts";
import type { ShowStatus } from "./schema.ts";
import { SHOWS_PAGE_TEXT } from "./ui-text.ts";

/**
 * How long a show is taken to last: it stays "upcoming" until then (tonight's
 * show is still tonight's at the encore), and the calendar feed ends it then.
 */
export const SHOW_LENGTH_MS = 3 * 60 * 60 * 1000;

/** A show as a public page gets it. */
export type PublicShow = {
  id: string;
  startsLocal: string;
  timeZone: string;
  startsAt: number;
  /** `startsLocal` with the venue's offset then, e.g. 2027-03-28T20:00:00+02:00. */
  startIso: string;
  venue: string;
  city: string;
  country: string;
  ticketUrl: string | null;
  status: ShowStatus;
};

export const showEndsAt = (show: { startsAt: number }) => show.startsAt + SHOW_LENGTH_MS;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export type ShowWhen = {
  weekday: string;
  weekdayShort: string;
  month: string;
  monthShort: string;
  day: number;
  year: number;
  /** 12-hour clock: "8:00 PM". */
  time: string;
  /** "Saturday, March 28, 2027". */
  date: string;
  /** "Sat, Mar 28, 2027". */
  dateShort: string;
};

/** The parts of a venue's wall-clock time ("2027-03-28T20:00"), in US English. */
export function showWhen(startsLocal: string): ShowWhen {
  const [, y = "1970", m = "01", d = "01", h = "00", min = "00"] = LOCAL_DATE_TIME.exec(startsLocal) ?? [];
  const year = Number(y);
  const monthIndex = Number(m) - 1;
  const day = Number(d);
  const hour = Number(h);
  const weekday = WEEKDAYS[new Date(Date.UTC(year, monthIndex, day)).getUTCDay()] ?? "";
  const month = MONTHS[monthIndex] ?? "";
  const time = `${hour % 12 === 0 ? 12 : hour % 12}:${min} ${hour < 12 ? "AM" : "PM"}`;
  return {
    weekday,
    weekdayShort: weekday.slice(0, 3),
    month,
    monthShort: month.slice(0, 3),
    day,
    year,
    time,
    date: `${weekday}, ${month} ${day}, ${year}`,
    dateShort: `${weekday.slice(0, 3)}, ${month.slice(0, 3)} ${day}, ${year}`,
  };
}

/** The place a zone is named after, for "8:00 PM Berlin time": Europe/Berlin → Berlin, America/New_York → New York. */
export function zonePlace(timeZone: string): string {
  return (timeZone.split("/").at(-1) ?? timeZone).replaceAll("_", " ");
}

/** "8:00 PM Berlin time". */
export const localTimeLabel = (show: { startsLocal: string; timeZone: string }) =>
  `${showWhen(show.startsLocal).time} ${SHOWS_PAGE_TEXT.localTime(zonePlace(show.timeZone))}`;
