import { describe, expect, it } from "vitest";
import { isTimeZone, toZonedIso, toZonedLocal, zonedTimeToInstant, zoneOffsetMs } from "./zoned-time.ts";

const instant = (local: string, zone: string) => {
  const result = zonedTimeToInstant(local, zone);
  if (!result.ok) throw new Error(result.message);
  return new Date(result.instant).toISOString();
};

describe("zoned wall-clock times", () => {
  it("names the right UTC instant on either side of a DST change", () => {
    // Berlin: UTC+1 in winter, UTC+2 from 28 March 2027 02:00.
    expect(instant("2027-03-27T20:00", "Europe/Berlin")).toBe("2027-03-27T19:00:00.000Z");
    expect(instant("2027-03-28T20:00", "Europe/Berlin")).toBe("2027-03-28T18:00:00.000Z");
    // New York changes on another weekend (14 March 2027).
    expect(instant("2027-03-13T21:30", "America/New_York")).toBe("2027-03-14T02:30:00.000Z");
    expect(instant("2027-03-14T21:30", "America/New_York")).toBe("2027-03-15T01:30:00.000Z");
    // Southern hemisphere: Sydney leaves summer time on 4 April 2027.
    expect(instant("2027-04-03T19:00", "Australia/Sydney")).toBe("2027-04-03T08:00:00.000Z");
    expect(instant("2027-04-04T19:00", "Australia/Sydney")).toBe("2027-04-04T09:00:00.000Z");
    expect(instant("2027-06-01T00:00", "UTC")).toBe("2027-06-01T00:00:00.000Z");
    expect(instant("2027-06-01T12:00", "Asia/Kolkata")).toBe("2027-06-01T06:30:00.000Z");
    expect(instant("2027-06-01T12:00:45", "Europe/London")).toBe("2027-06-01T11:00:45.000Z");
  });

  it("refuses a time the clocks skip, and takes the first of a time that happens twice", () => {
    const gap = zonedTimeToInstant("2027-03-28T02:30", "Europe/Berlin");
    expect(gap).toMatchObject({ ok: false, reason: "gap" });
    if (!gap.ok) expect(gap.message).toContain("the clocks skip that hour");
    // 31 October 2027 02:30 happens at 00:30Z (summer time) and again at 01:30Z.
    expect(instant("2027-10-31T02:30", "Europe/Berlin")).toBe("2027-10-31T00:30:00.000Z");
  });

  it("refuses dates that do not exist, bad formats and unknown zones", () => {
    expect(zonedTimeToInstant("2027-02-29T20:00", "UTC")).toMatchObject({ ok: false, reason: "date" });
    expect(zonedTimeToInstant("2027-04-31T20:00", "UTC")).toMatchObject({ ok: false, reason: "date" });
    expect(zonedTimeToInstant("2027-01-01T24:00", "UTC")).toMatchObject({ ok: false, reason: "date" });
    expect(zonedTimeToInstant("2027-01-01T20:00:60", "UTC")).toMatchObject({ ok: false, reason: "date" });
    expect(zonedTimeToInstant("2028-02-29T20:00", "UTC")).toMatchObject({ ok: true });
    expect(zonedTimeToInstant("tomorrow", "UTC")).toMatchObject({ ok: false, reason: "format" });
    expect(zonedTimeToInstant("2027-01-01T20:00", "Mars/Olympus")).toMatchObject({ ok: false, reason: "zone" });
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone("Europe/Lisbon")).toBe(true);
  });

  it("shows an instant as the wall clock of a zone, round trip", () => {
    const at = Date.parse("2027-07-04T23:15:00Z");
    expect(toZonedLocal(at, "America/Los_Angeles")).toBe("2027-07-04T16:15");
    expect(instant(toZonedLocal(at, "America/Los_Angeles"), "America/Los_Angeles")).toBe("2027-07-04T23:15:00.000Z");
  });

  it("writes an instant with the offset its zone has then, on either side of a DST change", () => {
    expect(toZonedIso(Date.parse("2027-03-27T19:00:00Z"), "Europe/Berlin")).toBe("2027-03-27T20:00:00+01:00");
    expect(toZonedIso(Date.parse("2027-03-28T18:00:00Z"), "Europe/Berlin")).toBe("2027-03-28T20:00:00+02:00");
    expect(toZonedIso(Date.parse("2027-11-01T00:30:00Z"), "America/Los_Angeles")).toBe("2027-10-31T17:30:00-07:00");
    expect(toZonedIso(Date.parse("2027-06-01T06:30:00Z"), "Asia/Kolkata")).toBe("2027-06-01T12:00:00+05:30");
    expect(toZonedIso(Date.parse("2027-06-01T12:00:00Z"), "America/St_Johns")).toBe("2027-06-01T09:30:00-02:30");
    expect(toZonedIso(Date.parse("2027-06-01T00:00:00Z"), "UTC")).toBe("2027-06-01T00:00:00+00:00");
    expect(zoneOffsetMs(Date.parse("2027-03-28T00:59:59Z"), "Europe/Berlin")).toBe(3_600_000);
    expect(zoneOffsetMs(Date.parse("2027-03-28T01:00:00Z"), "Europe/Berlin")).toBe(7_200_000);
  });
});
