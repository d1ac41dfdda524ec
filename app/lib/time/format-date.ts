// How the dashboard writes a time: US long dates, with or without a 12-hour
// clock, in a given time zone. Shared by the server and the browser.

const UNKNOWN_DATE = "Unknown date";

const styles = {
  date: { dateStyle: "long" },
  dateTime: { dateStyle: "long", timeStyle: "short" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type Style = keyof typeof styles;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(style: Style, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style} ${timeZone ?? ""}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat("en-US", { ...styles[style], timeZone });
    } catch {
      // An unknown zone name: UTC is still a true statement of the time.
      formatter = new Intl.DateTimeFormat("en-US", { ...styles[style], timeZone: "UTC" });
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

function format(style: Style, timestamp: number | null | undefined, timeZone: string | undefined): string {
  if (timestamp == null || !Number.isFinite(timestamp)) return UNKNOWN_DATE;
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return UNKNOWN_DATE;
  // Some ICU versions put a narrow no-break space before AM/PM; server and
  // browser must print the same characters or hydration sees a mismatch.
  return formatterFor(style, timeZone)
    .format(date)
    .replace(/[\u202f\u00a0]/g, " ");
}

/** US long date, e.g. "November 22, 2026", in the given time zone (the runtime's own when omitted). */
export function formatDate(timestamp: number | null | undefined, timeZone?: string): string {
  return format("date", timestamp, timeZone);
}

/** US long date with 12-hour time, e.g. "November 22, 2026 at 3:05 PM", in the given time zone (the runtime's own when omitted). */
export function formatDateTime(timestamp: number | null | undefined, timeZone?: string): string {
  return format("dateTime", timestamp, timeZone);
}

/** The machine-readable form for a `<time dateTime>`; undefined when the time is missing or invalid. */
export function isoDate(timestamp: number | null | undefined): string | undefined {
  if (timestamp == null) return undefined;
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
