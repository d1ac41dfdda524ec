// Days and weeks of a report, shared by the server (which fills the days) and
// the charts (which group a year's days into weeks). Days are UTC, as counted.

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD → its UTC midnight. */
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** The YYYY-MM-DD `offset` days after `day`. */
export const addDays = (day: string, offset: number): string => new Date(dayStart(day) + offset * DAY_MS).toISOString().slice(0, 10);

/** The first and last day of the `days` days ending with the day of `now` (UTC), both included. */
export function dayRange(days: number, now: number): { from: string; to: string } {
  const to = new Date(now).toISOString().slice(0, 10);
  return { from: addDays(to, -(days - 1)), to };
}

/** One bar of a chart: its first and last day (the same for a day's bar) and its count. */
export type Bucket = { from: string; to: string; count: number };

/**
 * A figure's daily counts (`series[i]` is day `from` + i) as the bars a chart
 * draws: one a day, or with `byWeek` one per seven days ending on the last day,
 * so every bar but the first is a whole week and the latest bar is never a
 * part of one.
 */
export function buckets(from: string, series: readonly number[], byWeek: boolean): Bucket[] {
  if (!byWeek) return series.map((count, index) => ({ from: addDays(from, index), to: addDays(from, index), count }));
  const result: Bucket[] = [];
  for (let end = series.length; end > 0; end -= 7) {
    const start = Math.max(0, end - 7);
    let count = 0;
    for (let index = start; index < end; index++) count += series[index] ?? 0;
    result.push({ from: addDays(from, start), to: addDays(from, end - 1), count });
  }
  return result.reverse();
}
