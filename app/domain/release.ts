// A release as pages see it (issue #33): an album, an EP or a single, with its
// tracks in running order. Shared by the server and the browser.
import type { ReleaseKind } from "#app/lib/db/db-schema.ts";
import type { Credit } from "./credits.ts";
import type { Song } from "./song.ts";

export const RELEASE_KIND_NAME: Record<ReleaseKind, string> = { album: "Album", ep: "EP", single: "Single" };

/** A release a new song can join, as the wizard offers it. */
export type ReleaseChoiceOption = {
  id: string;
  title: string;
  kind: ReleaseKind;
  /** When its tracks not out yet come out (a track joining it comes out then too); null with none coming. */
  coming: { at: number; timeZone: string } | null;
};

export type Release = {
  id: string;
  slug: string;
  title: string;
  kind: ReleaseKind;
  /** Its page: /music/{slug}. */
  path: string;
  createdAt: number;
  updatedAt: number;
  /** Liner notes, Markdown as the artist wrote them. */
  notes: string;
  /** The day it first came out (UTC midnight), when the artist set one: a record older than the site. */
  releaseDate: number | null;
  credits: Credit[];
  /** Its tracks in running order; a page shows only those that are out. */
  tracks: Song[];
};

/** What a track's page shows beside the player: its words and who made it. */
export type TrackText = {
  lyrics: string;
  /** LRC; "" when the artist gave none. */
  syncedLyrics: string;
  credits: Credit[];
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
  return `${RELEASE_KIND_NAME[release.kind]} · ${year} · ${trackCount} ${trackCount === 1 ? "track" : "tracks"}`;
}

/** The year a release came out: the day the artist set, else its first track's release moment, else when it was added. */
export function releaseYear(release: Pick<Release, "createdAt" | "tracks" | "releaseDate">): number {
  const first = release.tracks[0];
  return new Date(release.releaseDate ?? first?.releaseAt ?? first?.createdAt ?? release.createdAt).getUTCFullYear();
}

/** A release date as the date field holds it, "2019-05-03"; "" for none. */
export const releaseDateField = (releaseDate: number | null): string =>
  releaseDate === null ? "" : new Date(releaseDate).toISOString().slice(0, 10);
