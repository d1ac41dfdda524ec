// The feed read back by a real iCalendar parser (ical.js, Mozilla's), not by
// patterns: what a calendar app would make of it is what is checked.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { zonedTimeToInstant } from "#app/lib/time/zoned-time.ts";
import { type CalendarShow, foldLine, showsCalendar } from "./ics.ts";

const ORIGIN = "https://juniper.example";

function show(fields: Partial<CalendarShow> & { startsLocal: string; timeZone: string }): CalendarShow {
  const when = zonedTimeToInstant(fields.startsLocal, fields.timeZone);
  if (!when.ok) throw new Error(when.message);
  return {
    id: `id-${fields.startsLocal}`,
    startsAt: when.instant,
    venue: "The Jazz Cellar",
    city: "Berlin",
    country: "Germany",
    ticketUrl: "https://tickets.example.com/jazz-cellar",
    status: "scheduled",
    createdAt: Date.parse("2026-11-01T10:00:00Z"),
    updatedAt: Date.parse("2026-11-02T10:00:00Z"),
    ...fields,
  };
}

function parse(feed: string) {
  const calendar = new ICAL.Component(ICAL.parse(feed));
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => ({
    event: new ICAL.Event(vevent),
    status: vevent.getFirstPropertyValue("status"),
    url: vevent.getFirstPropertyValue("url"),
    uid: vevent.getFirstPropertyValue("uid"),
    dtstamp: vevent.getFirstPropertyValue("dtstamp"),
  }));
  return { calendar, events };
}

const feedOf = (shows: CalendarShow[]) =>
  showsCalendar({ artistName: "Juniper Vale", calendarName: "Juniper Vale: shows", origin: ORIGIN, shows });

const instantOf = (time: unknown) => (time instanceof ICAL.Time ? time.toJSDate().toISOString() : String(time));

describe("the shows calendar feed", () => {
  it("is a calendar a parser reads, with its name, product and one event per show", () => {
    const { calendar, events } = parse(feedOf([show({ startsLocal: "2027-03-27T20:00", timeZone: "Europe/Berlin" })]));
    expect(calendar.name).toBe("vcalendar");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBe("-//juniper.example//Shows//EN");
    expect(calendar.getFirstPropertyValue("calscale")).toBe("GREGORIAN");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Juniper Vale: shows");
    expect(events).toHaveLength(1);
    const [first] = events;
    expect(first?.event.summary).toBe("Juniper Vale at The Jazz Cellar");
    expect(first?.event.location).toBe("The Jazz Cellar, Berlin, Germany");
    expect(first?.uid).toBe("show-id-2027-03-27T20:00@juniper.example");
    expect(first?.url).toBe("https://tickets.example.com/jazz-cellar");
    expect(first?.status).toBe("CONFIRMED");
    expect(instantOf(first?.dtstamp)).toBe("2026-11-02T10:00:00.000Z");
    expect(first?.event.description).toContain("Saturday, March 27, 2027, 8:00 PM Berlin time (Europe/Berlin).");
  });

  it("puts a show after the spring DST change at the right instant, and one the day before at its own", () => {
    const { events } = parse(
      feedOf([
        show({ startsLocal: "2027-03-27T20:00", timeZone: "Europe/Berlin" }),
        show({ startsLocal: "2027-03-28T20:00", timeZone: "Europe/Berlin" }),
        show({ startsLocal: "2027-11-07T19:30", timeZone: "America/New_York" }),
      ]),
    );
    expect(events.map(({ event }) => instantOf(event.startDate))).toEqual([
      "2027-03-27T19:00:00.000Z",
      "2027-03-28T18:00:00.000Z",
      // New York is back on standard time (UTC-5) from 7 November 2027.
      "2027-11-08T00:30:00.000Z",
    ]);
    expect(events.map(({ event }) => event.startDate.zone?.tzid)).toEqual(["UTC", "UTC", "UTC"]);
    expect(events.map(({ event }) => instantOf(event.endDate))).toEqual([
      "2027-03-27T22:00:00.000Z",
      "2027-03-28T21:00:00.000Z",
      "2027-11-08T03:30:00.000Z",
    ]);
  });

  it("escapes commas, semicolons, backslashes and line breaks in every text field, and they come back as typed", () => {
    const venue = "Bar; Grill, & \\Co\\\nsecond line\r\nthird, line";
    const city = "Saint-Denis; Paris\\Nord";
    const country = "France,\nEU";
    const feed = feedOf([show({ startsLocal: "2027-06-01T21:00", timeZone: "Europe/Paris", venue, city, country })]);
    // Nothing a field holds breaks the feed's own lines.
    for (const line of feed.split("\r\n").slice(0, -1)) expect(line).toMatch(/^([A-Z-]+[;:]| )/);
    const { events } = parse(feed);
    expect(events[0]?.event.summary).toBe(`Juniper Vale at ${venue.replace(/\r\n/g, "\n")}`);
    expect(events[0]?.event.location).toBe(`${venue.replace(/\r\n/g, "\n")}, ${city}, ${country}`);
  });

  it("folds long lines at 75 octets without splitting a character, with CRLF endings, and they unfold whole", () => {
    const venue = `Große Halle am Fluss ${"🎵 Ölfabrik ".repeat(20)}`.trim();
    const feed = feedOf([show({ startsLocal: "2027-06-01T21:00", timeZone: "Europe/Berlin", venue })]);
    expect(feed.endsWith("\r\n")).toBe(true);
    expect(feed.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = feed.split("\r\n").slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    // No replacement characters: every fold fell between whole characters.
    expect(feed).not.toContain("\ufffd");
    expect(parse(feed).events[0]?.event.summary).toBe(`Juniper Vale at ${venue}`);
  });

  it("folds exactly at the limit", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
    expect(foldLine("x".repeat(74 + 75))).toBe(`${"x".repeat(75)}\r\n ${"x".repeat(74)}`);
    // A 4-octet character that would cross the limit moves to the next line whole.
    expect(foldLine(`${"x".repeat(73)}🎵`)).toBe(`${"x".repeat(73)}\r\n 🎵`);
  });

  it("marks a cancelled show CANCELLED and points it at the shows page; a sold-out show says so", () => {
    const { events } = parse(
      feedOf([
        show({ startsLocal: "2027-05-01T20:00", timeZone: "Europe/London", status: "cancelled" }),
        show({ startsLocal: "2027-05-02T20:00", timeZone: "Europe/London", status: "sold-out" }),
        show({ startsLocal: "2027-05-03T20:00", timeZone: "Europe/London", ticketUrl: null }),
      ]),
    );
    expect(events.map((e) => e.status)).toEqual(["CANCELLED", "CONFIRMED", "CONFIRMED"]);
    expect(events.map((e) => e.url)).toEqual([`${ORIGIN}/shows`, "https://tickets.example.com/jazz-cellar", `${ORIGIN}/shows`]);
    expect(events[0]?.event.description).toContain("Cancelled.");
    expect(events[1]?.event.description).toContain("Sold out.");
  });

  it("is a valid, empty calendar without shows", () => {
    const { calendar, events } = parse(feedOf([]));
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(events).toEqual([]);
  });
});
