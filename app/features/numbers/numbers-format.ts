// How the area writes counts and days: US English, the days in UTC as they
// were counted. The same characters on the server and in the browser.
import { dayStart, type Bucket } from "./numbers-series.ts";

const counts = new Intl.NumberFormat("en-US");
const short = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const shortWithYear = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const long = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
const longWithWeekday = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });

/** Some ICU versions write a narrow no-break space where others write a space: one spelling for hydration. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** 1234 → "1,234". */
export const formatCount = (count: number): string => counts.format(count);

/** "Nov 3", or "Nov 3, 2026" with `withYear`: under a chart. */
export const shortDay = (day: string, withYear = false): string => plain((withYear ? shortWithYear : short).format(dayStart(day)));

/** "November 3, 2026": the span the area shows. */
export const longDay = (day: string): string => plain(long.format(dayStart(day)));

/** A bar as its table row names it: a day "Monday, November 3"; in a year's weeks "Nov 3 – Nov 9, 2026" (or the one day left over, "Nov 28, 2025"). */
export function bucketLabel(bucket: Bucket, byWeek: boolean): string {
  if (!byWeek) return plain(longWithWeekday.format(dayStart(bucket.from)));
  if (bucket.from === bucket.to) return shortDay(bucket.from, true);
  return `${shortDay(bucket.from)} – ${shortDay(bucket.to, true)}`;
}
