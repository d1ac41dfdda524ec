import type { Db } from "#app/lib/db/db.server.ts";
import type { DayCount } from "./download-views.ts";

/** How far back the editor's table reaches. */
const DAYS_SHOWN = 60;

/** "2026-11-27": the day `at` falls on in `timeZone`. */
const dayIn = (timeZone: string) => {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  return (at: number) => format.format(at);
};

/**
 * Downloads started and codes redeemed for a release, per day in `timeZone`,
 * newest first, from the rows themselves (no counters to drift).
 */
export async function downloadCounts(db: Db, releaseId: string, timeZone = "UTC", now = Date.now()): Promise<DayCount[]> {
  const since = now - DAYS_SHOWN * 24 * 60 * 60_000;
  const [downloads, redemptions] = await Promise.all([
    db.selectFrom("downloadEvents").select("at").where("releaseId", "=", releaseId).where("at", ">=", since).execute(),
    db.selectFrom("codeRedemptions").select("at").where("releaseId", "=", releaseId).where("at", ">=", since).execute(),
  ]);
  const day = dayIn(timeZone);
  const days = new Map<string, DayCount>();
  const entry = (at: number) => {
    const key = day(Number(at));
    let found = days.get(key);
    if (!found) days.set(key, (found = { day: key, downloads: 0, redemptions: 0 }));
    return found;
  };
  for (const row of downloads) entry(row.at).downloads++;
  for (const row of redemptions) entry(row.at).redemptions++;
  return [...days.values()].sort((a, b) => b.day.localeCompare(a.day));
}
