// What the dashboard and the download page show of a release's files and counts; shared by the browser and the server.
import type { DownloadFormat } from "#app/lib/db/db-schema.ts";

/**
 * How one of a release's zips stands: made and kept, being made, or failed
 * with the reason; `retryable` when it failed on every attempt (storage that
 * did not answer, say), which trying again may mend, rather than being refused
 * for good (FLAC of a lossy master: a new master makes it anew by itself).
 */
export type ZipState =
  { state: "ready"; bytes: number } | { state: "preparing"; percent?: number } | { state: "failed"; reason: string; retryable: boolean };

export type ZipStates = Partial<Record<DownloadFormat, ZipState>>;

/** "48.2 MB": a file's size as a download button says it. */
export function fileSize(bytes: number): string {
  if (bytes < 1000_000) return `${Math.max(1, Math.round(bytes / 1000))} kB`;
  if (bytes < 1000_000_000) return `${(bytes / 1000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`;
  return `${(bytes / 1000_000_000).toFixed(1)} GB`;
}

/** One day's downloads started and codes redeemed for a release. */
export type DayCount = { day: string; downloads: number; redemptions: number };
