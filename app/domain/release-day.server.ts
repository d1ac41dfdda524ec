import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/db-schema.ts";
import { oldSongPath, releasePath, trackPath } from "#app/domain/public-paths.ts";

/** A database or a transaction on it. */
type Queryable = Kysely<Database>;

/**
 * When a release's tracks that are not out yet come out, as the artist set it
 * (decision 023): every such track of a release shares it, so it is the
 * release's day. Stored on those tracks, as each keeps its own `released` gate.
 */
export type ReleaseDay = {
  at: number;
  /** The zone the artist set it in, to show the time as they wrote it. */
  timeZone: string;
  /** Whether its coming out mails everyone on the list (else the fans who asked on its pages). */
  announce: boolean;
  /** Whether its first track becomes the latest release then. */
  makesLatest: boolean;
};

/** The columns a track keeps its release's day in. */
export const releaseDayColumns = (day: ReleaseDay) => ({
  releaseAt: day.at,
  releaseTimeZone: day.timeZone,
  releaseAnnounce: day.announce ? 1 : 0,
  releaseMakesLatest: day.makesLatest ? 1 : 0,
});

/**
 * The day a release's tracks not out yet share, or null when it has none coming
 * (every track out, or no track). Read from its first coming track: writes keep
 * them all alike.
 */
export async function comingDayOf(db: Queryable, releaseId: string): Promise<ReleaseDay | null> {
  const row = await db
    .selectFrom("songs")
    .select(["releaseAt", "releaseTimeZone", "releaseAnnounce", "releaseMakesLatest"])
    .where("releaseId", "=", releaseId)
    .where("released", "=", 0)
    .where("releaseAt", "is not", null)
    .orderBy("trackNumber")
    .executeTakeFirst();
  if (!row || row.releaseAt === null) return null;
  return {
    at: Number(row.releaseAt),
    timeZone: row.releaseTimeZone ?? "UTC",
    announce: row.releaseAnnounce === 1,
    makesLatest: row.releaseMakesLatest === 1,
  };
}

/**
 * Gives every track of the release that is not out yet this day. Resolves how
 * many tracks that was (none: the release has nothing coming).
 */
export async function setComingDay(db: Queryable, releaseId: string, day: ReleaseDay, now: number): Promise<number> {
  const result = await db
    .updateTable("songs")
    .set({ ...releaseDayColumns(day), updatedAt: now })
    .where("releaseId", "=", releaseId)
    .where("released", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Every address a fan may have asked on to be told when a release comes out
 * (its "notify me" records the page): the release's page, each track's page,
 * and the addresses its songs had before releases.
 */
export async function releasePagesOf(db: Queryable, releaseId: string): Promise<string[]> {
  const release = await db.selectFrom("releases").select("slug").where("id", "=", releaseId).executeTakeFirst();
  const tracks = await db.selectFrom("songs").select(["id", "slug"]).where("releaseId", "=", releaseId).execute();
  const pages = tracks.map((track) => oldSongPath(track.id));
  if (release) pages.push(releasePath(release.slug), ...tracks.map((track) => trackPath(release.slug, track.slug)));
  return pages;
}

/**
 * Announcement drafts whose release has nothing coming any more (its coming
 * tracks deleted or moved away) would never go out: each becomes an ordinary
 * draft in the Mail area, so the artist's words are kept.
 */
export async function releaseLeftOverAnnouncements(db: Queryable, now: number): Promise<void> {
  await db
    .updateTable("mailings")
    .set({ announces: null, updatedAt: now })
    .where("status", "=", "draft")
    .where("announces", "is not", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("songs")
            .select("songs.id")
            .whereRef("songs.releaseId", "=", "mailings.announces")
            .where("songs.released", "=", 0)
            .where("songs.releaseAt", "is not", null),
        ),
      ),
    )
    .execute();
}
