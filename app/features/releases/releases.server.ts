import type { RouterContextProvider } from "react-router";
import { releasePath } from "#app/domain/public-paths.ts";
import type { ReleaseCard } from "#app/domain/release.ts";
import { appContext } from "#app/lib/platform/app-context.ts";
import type { Services } from "#app/lib/platform/services.server.ts";

/**
 * Every release with a track out, the one holding the latest release first,
 * then newest first: by the day the artist set it came out, else by when its
 * newest track came out. Tracks not out yet are
 * not counted and give nothing away; a release with none out is not listed.
 */
export async function listReleases(services: Services): Promise<ReleaseCard[]> {
  const rows = await services.db
    .selectFrom("releases")
    .innerJoin("songs", "songs.releaseId", "releases.id")
    .where("songs.released", "=", 1)
    .select([
      "releases.id",
      "releases.slug",
      "releases.title",
      "releases.kind",
      "releases.releaseDate",
      "songs.coverKey",
      "songs.isLatest",
      "songs.releaseAt",
      "songs.createdAt",
    ])
    .orderBy("releases.id")
    .orderBy("songs.trackNumber")
    .orderBy("songs.createdAt")
    .execute();
  const byRelease = new Map<string, ReleaseCard & { outAt: number }>();
  for (const row of rows) {
    // A record older than the site is as old as the day the artist set; else as its newest track out.
    const dated = row.releaseDate !== null;
    const outAt = Number(row.releaseDate ?? row.releaseAt ?? row.createdAt);
    const card = byRelease.get(row.id);
    if (card) {
      card.trackCount += 1;
      card.isLatest ||= row.isLatest === 1;
      if (!dated) card.outAt = Math.max(card.outAt, outAt);
      continue;
    }
    byRelease.set(row.id, {
      title: row.title,
      kind: row.kind,
      path: releasePath(row.slug),
      coverKey: row.coverKey,
      year: new Date(outAt).getUTCFullYear(),
      trackCount: 1,
      isLatest: row.isLatest === 1,
      outAt,
    });
  }
  return [...byRelease.values()]
    .sort((a, b) => Number(b.isLatest) - Number(a.isLatest) || b.outAt - a.outAt || a.title.localeCompare(b.title))
    .map(({ outAt: _outAt, ...card }) => card);
}

/**
 * The releases for a page. A failure is logged and keeps the page out of the
 * page cache; the page shows the rest (the player says the songs failed too).
 */
export async function releasesForPage(context: Readonly<RouterContextProvider>): Promise<ReleaseCard[] | null> {
  const { services, markDegraded } = context.get(appContext);
  try {
    return await listReleases(services);
  } catch (error) {
    console.error("Loading releases failed", error);
    markDegraded();
    return null;
  }
}

/** A release with nothing out yet and a day set: what a fan may know of it before that day. */
export type ComingRelease = Pick<ReleaseCard, "title" | "kind" | "path" | "coverKey"> & {
  /** When its first track comes out, and the zone the artist set it in. */
  at: number;
  timeZone: string;
};

/**
 * The releases coming: none of their tracks out yet, one scheduled; soonest
 * first. Only what their countdown pages show: title, kind, cover and day.
 */
export async function listComingReleases(services: Services): Promise<ComingRelease[]> {
  const rows = await services.db
    .selectFrom("releases")
    .innerJoin("songs", "songs.releaseId", "releases.id")
    .where("songs.released", "=", 0)
    .where("songs.releaseAt", "is not", null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("songs as out").select("out.id").whereRef("out.releaseId", "=", "releases.id").where("out.released", "=", 1))),
    )
    .select([
      "releases.id",
      "releases.slug",
      "releases.title",
      "releases.kind",
      "songs.coverKey",
      "songs.releaseAt",
      "songs.releaseTimeZone",
    ])
    .orderBy("songs.releaseAt")
    .orderBy("songs.trackNumber")
    .execute();
  const byRelease = new Map<string, ComingRelease>();
  for (const row of rows) {
    if (byRelease.has(row.id) || row.releaseAt === null) continue;
    byRelease.set(row.id, {
      title: row.title,
      kind: row.kind,
      path: releasePath(row.slug),
      coverKey: row.coverKey,
      at: Number(row.releaseAt),
      timeZone: row.releaseTimeZone ?? "UTC",
    });
  }
  return [...byRelease.values()];
}

/** The coming releases for a page; a failure is logged and leaves them out (and the page out of the cache). */
export async function comingReleasesForPage(context: Readonly<RouterContextProvider>): Promise<ComingRelease[]> {
  const { services, markDegraded } = context.get(appContext);
  try {
    return await listComingReleases(services);
  } catch (error) {
    console.error("Loading coming releases failed", error);
    markDegraded();
    return [];
  }
}
