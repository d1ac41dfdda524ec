import { storedCredits } from "#app/domain/credits.ts";
import { releasePath, trackPath } from "#app/domain/public-paths.ts";
import type { TrackText } from "#app/domain/release.ts";
import { selectSongs } from "#app/domain/song-rows.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";

// What a release's and a track's public pages read beside the songs: a track's
// words and credits, and where an address that has since changed now leads.

/** A track's lyrics and credits, for its page. */
export async function getTrackText(services: Services, songId: string): Promise<TrackText> {
  const row = await services.db
    .selectFrom("songs")
    .select(["lyrics", "syncedLyrics", "credits"])
    .where("id", "=", songId)
    .executeTakeFirst();
  return { lyrics: row?.lyrics ?? "", syncedLyrics: row?.syncedLyrics ?? "", credits: storedCredits(row?.credits ?? "[]") };
}

/** The release an address the artist has since changed (or a release folded into another) now lives at: its page's path. */
export async function renamedReleasePath(services: Services, oldSlug: string): Promise<string | null> {
  const row = await services.db
    .selectFrom("releaseSlugRedirects")
    .innerJoin("releases", "releases.id", "releaseSlugRedirects.releaseId")
    .select("releases.slug")
    .where("releaseSlugRedirects.slug", "=", oldSlug)
    .executeTakeFirst();
  return row ? releasePath(row.slug) : null;
}

/**
 * Where a track's address that no longer names a track now leads: the address
 * it had before its slug changed or it moved to another release, or a track of
 * a release whose slug changed since (or that was folded into another). Null
 * when the address never named one.
 */
export async function renamedTrackPath(services: Services, releaseSlug: string, trackSlug: string): Promise<string | null> {
  const { db } = services;
  const exact = await db
    .selectFrom("trackSlugRedirects")
    .select("songId")
    .where("releaseSlug", "=", releaseSlug)
    .where("slug", "=", trackSlug)
    .executeTakeFirst();
  let songId = exact?.songId;
  if (!songId) {
    const current = await db.selectFrom("releases").select("id").where("slug", "=", releaseSlug).executeTakeFirst();
    const releaseId =
      current?.id ??
      (await db.selectFrom("releaseSlugRedirects").select("releaseId").where("slug", "=", releaseSlug).executeTakeFirst())?.releaseId;
    if (!releaseId) return null;
    // The track by its slug there, or by an old slug of one of its tracks (recorded under an earlier release slug).
    songId =
      (await db.selectFrom("songs").select("id").where("releaseId", "=", releaseId).where("slug", "=", trackSlug).executeTakeFirst())?.id ??
      (
        await db
          .selectFrom("trackSlugRedirects")
          .innerJoin("songs", "songs.id", "trackSlugRedirects.songId")
          .select("songs.id")
          .where("songs.releaseId", "=", releaseId)
          .where("trackSlugRedirects.slug", "=", trackSlug)
          .executeTakeFirst()
      )?.id;
  }
  if (!songId) return null;
  const row = await selectSongs(db).where("id", "=", songId).executeTakeFirst();
  return row?.releaseSlug ? trackPath(row.releaseSlug, row.slug) : null;
}
