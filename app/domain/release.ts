// A release as pages see it (issue #33): an album, an EP or a single, with its
// tracks in running order. Shared by the server and the browser.
import type { ReleaseKind } from "#app/lib/db/db-schema.ts";
import type { Song } from "./song.ts";

const RELEASE_KIND_LABEL: Record<ReleaseKind, string> = { album: "Album", ep: "EP", single: "Single" };

export type Release = {
  id: string;
  slug: string;
  title: string;
  kind: ReleaseKind;
  /** Its page: /music/{slug}. */
  path: string;
  createdAt: number;
  updatedAt: number;
  /** Its tracks in running order; a page shows only those that are out. */
  tracks: Song[];
};

/** A release as a list shows it: what it is, when it came out, how many tracks are out, and its cover. */
export type ReleaseCard = {
  title: string;
  kind: ReleaseKind;
  path: string;
  /** Its first track's cover (the release's own cover comes with the release editor). */
  coverKey: string;
  year: number;
  trackCount: number;
  /** It holds the song marked Latest Release. */
  isLatest: boolean;
};

/** "Single · 2026 · 1 track": what a list or a release page says of it. */
export function releaseSummary(release: Pick<Release, "kind">, year: number, trackCount: number): string {
  return `${RELEASE_KIND_LABEL[release.kind]} · ${year} · ${trackCount} ${trackCount === 1 ? "track" : "tracks"}`;
}

/** The year a release came out: its first track's release moment, else when it was added. */
export function releaseYear(release: Pick<Release, "createdAt" | "tracks">): number {
  const first = release.tracks[0];
  return new Date(first?.releaseAt ?? first?.createdAt ?? release.createdAt).getUTCFullYear();
}
