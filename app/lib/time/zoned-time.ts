// Wall-clock times in a named time zone ("2027-03-28T20:00" in Europe/Berlin)
// and the instants they stand for. A show's doors open at the venue's local
// time and a release comes out at the artist's, whatever the visitor's zone;
// storing the instant alone would lose what the artist typed, and storing the
// wall time alone would make every comparison a zone lookup. Shared by the
// server and the browser; Intl is the only zone database either side has.

import { LOCAL_DATE_TIME } from "./local-date-time.ts";

/**
 * The instant, or why there is none. `ok` as a Result's, but not a Result: the
 * browser asks it as the artist types, where a refusal has no HTTP status;
 * each form turns `message` into its own (releaseInstant, parseShowInput).
 */
export type ZonedTimeResult = { ok: true; instant: number } | { ok: false; reason: "format" | "date" | "zone" | "gap"; message: string };

export const ZONED_TIME_TEXT = {
  format: "Give a date and a time, like 2027-03-28 20:00.",
  date: "That date does not exist.",
  zone: "Choose a time zone from the list.",
  gap: (local: string, zone: string) =>
    `${local.replace("T", " ")} does not happen in ${zone}: the clocks skip that hour. Choose a time outside it.`,
} as const;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone name this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of `instant` in `timeZone`. */
function wallClock(instant: number, timeZone: string) {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant a local date-time names in `timeZone`. A time the clocks skip
 * (spring forward) is refused with a message; a time that happens twice (fall
 * back) is the first of the two, as calendar apps read it.
 */
export function zonedTimeToInstant(local: string, timeZone: string): ZonedTimeResult {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return { ok: false, reason: "format", message: ZONED_TIME_TEXT.format };
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (
    year < 1970 ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return { ok: false, reason: "date", message: ZONED_TIME_TEXT.date };
  }
  if (!isTimeZone(timeZone)) return { ok: false, reason: "zone", message: ZONED_TIME_TEXT.zone };
  // The offsets in force a day either side cover every transition near this time.
  const candidates = new Set([zoneOffsetMs(asUtc - 86_400_000, timeZone), zoneOffsetMs(asUtc + 86_400_000, timeZone)]);
  const matches = [...candidates]
    .map((offset) => asUtc - offset)
    .filter((instant) => toZonedLocal(instant, timeZone) === local.slice(0, 16))
    .sort((a, b) => a - b);
  const first = matches[0];
  if (first === undefined) return { ok: false, reason: "gap", message: ZONED_TIME_TEXT.gap(local, timeZone) };
  return { ok: true, instant: first };
}

/** `instant` as the local date-time (YYYY-MM-DDTHH:MM) it is in `timeZone`: what a datetime-local field shows. */
export function toZonedLocal(instant: number, timeZone: string): string {
  const wall = wallClock(instant, timeZone);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** Every zone this runtime knows, for a picker; UTC first. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...names.filter((name) => name !== "UTC")];
}

/**
 * `instant` as an ISO 8601 date-time with the offset `timeZone` has then, as
 * schema.org and feeds want it: "2027-03-28T20:00:00+02:00".
 */
export function toZonedIso(instant: number, timeZone: string): string {
  const offsetMinutes = Math.round(zoneOffsetMs(instant, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  const seconds = String(new Date(instant).getUTCSeconds()).padStart(2, "0");
  return `${toZonedLocal(instant, timeZone)}:${seconds}${offset}`;
}
