import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { keysetPage, type PageRequest } from "#app/lib/db/paged-list.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { resolvedWithin } from "#app/lib/platform/resolved-within.ts";
import type { RouterContextProvider } from "react-router";
import { appContext } from "#app/lib/platform/app-context.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import type { PageSongs, Song, StreamingState } from "#app/domain/song.ts";
import { audioMeasuresOf } from "#app/domain/audio-facts.server.ts";
import { streamingStatesOf } from "#app/domain/audio-renditions.server.ts";
import { isValidKey } from "#app/lib/storage/storage.server.ts";
import { currentArtistName, loadSiteSettings } from "#app/domain/site/site-settings.server.ts";
import { audioDerivedKeys, coverDerivedKeys } from "#app/domain/derived-keys.ts";
import type { SongAddress } from "#app/domain/public-paths.ts";
import type { Release } from "#app/domain/release.ts";
import {
  deleteEmptyReleases,
  insertSingles,
  insertTrack,
  retryOnTakenSlug,
  selectSongs,
  toRelease,
  toSong,
} from "#app/domain/song-rows.server.ts";
import { newSongSchema, songIdSchema, type NewSong } from "./schema.ts";
import { RELEASE_TEXT, SONG_TEXT } from "./ui-text.ts";
import { zonedTimeToInstant } from "#app/lib/time/zoned-time.ts";
import { comingDayOf, releaseDayColumns, releaseLeftOverAnnouncements, type ReleaseDay } from "#app/domain/release-day.server.ts";

const LIBRARY_PAGE_SIZE = 24;
export type SongsPage = { songs: Song[]; nextCursor: string | null };
/**
 * One page of the library, newest first, after the `before` cursor; a keyset
 * range on the (createdAt, id) index, so a catalogue of any size stays fast.
 */
export async function listSongsPage(services: Services, options: PageRequest = {}): Promise<SongsPage> {
  const artistName = await currentArtistName(services.db);
  const page = await keysetPage({
    query: selectSongs(services.db),
    time: "createdAt",
    request: options,
    size: { default: LIBRARY_PAGE_SIZE, max: 100 },
    toItem: (row) => ({ song: toSong(row, artistName), audioKey: row.audioKey }),
  });
  // The artist sees each track's loudness, and its renditions being made, in the library (issue #34).
  const [measures, streaming] = await Promise.all([
    audioMeasuresOf(
      services.db,
      page.items.map((item) => item.audioKey),
    ),
    // Where none are made, fans hear the uploads: nothing to say.
    services.media
      ? streamingStatesOf(
          services.db,
          page.items.map(({ song, audioKey }) => ({ audioKey, released: song.released, releaseAt: song.releaseAt })),
        )
      : new Map<string, StreamingState>(),
  ]);
  return {
    songs: page.items.map(({ song, audioKey }) => ({ ...song, measure: measures.get(audioKey), streaming: streaming.get(audioKey) })),
    nextCursor: page.nextCursor,
  };
}

/**
 * Every released song, release by release, newest release first, each
 * release's tracks in running order: what fans may see and the players play (a
 * scheduled song is in no public list until it is out). A release is as new as
 * the day the artist says it came out (a record older than the site), else as
 * its newest track out: a song scheduled weeks ago and out today is the newest.
 */
export async function listSongs(services: Services): Promise<Song[]> {
  const [rows, artistName] = await Promise.all([
    selectSongs(services.db)
      .where("released", "=", 1)
      .orderBy(
        sql`coalesce(
          (select r."releaseDate" from releases r where r.id = songs."releaseId"),
          (select max(coalesce(t."releaseAt", t."createdAt")) from songs t where t."releaseId" = songs."releaseId" and t.released = 1)
        )`,
        "desc",
      )
      .orderBy("releaseId", "desc")
      .orderBy("trackNumber")
      .orderBy(sql`coalesce("releaseAt", "createdAt")`, "desc")
      .orderBy("id", "desc")
      .execute(),
    currentArtistName(services.db),
  ]);
  return rows.map((row) => toSong(row, artistName));
}

/** How long a page waits for its songs before it streams without them. */
const SONGS_WAIT_MS = 100;

/**
 * Songs for a page. Usually the query answers within SONGS_WAIT_MS and the list
 * itself goes in the first HTML, so the player is there at first paint and
 * nothing below it moves. A slower query never holds the page back: the page
 * streams at once with the pending promise, and the player shows its loading
 * state until the songs arrive. A render for the page cache waits instead: it
 * is kept and served to many, and a kept page whose songs came late would show
 * every visitor the loading state, then the list pushing the page down. A
 * failure is logged here, shown by the player, and keeps the page out of the
 * page cache.
 */
export async function songsForPage(context: Readonly<RouterContextProvider>): Promise<{ songs: PageSongs }> {
  const { services, markDegraded, renderedForCache } = context.get(appContext);
  const songs = listSongs(services).catch((error: unknown) => {
    console.error("Loading songs failed", error);
    markDegraded();
    throw new Error("Failed to load songs");
  });
  if (renderedForCache) {
    try {
      return { songs: await songs };
    } catch {
      // Shown by the player as it would be streamed; markDegraded keeps the page from being kept.
      return { songs };
    }
  }
  const { value } = await resolvedWithin(songs, SONGS_WAIT_MS);
  return { songs: value };
}

export async function getSong(services: Services, id: string): Promise<Song | null> {
  const [row, artistName] = await Promise.all([
    selectSongs(services.db).where("id", "=", id).executeTakeFirst(),
    currentArtistName(services.db),
  ]);
  return row ? toSong(row, artistName) : null;
}

/** A track by its address, /music/{release slug}/{track slug}. */
export async function getTrack(services: Services, releaseSlug: string, trackSlug: string): Promise<Song | null> {
  const [row, artistName] = await Promise.all([
    selectSongs(services.db)
      .where("slug", "=", trackSlug)
      .where("releaseId", "=", (eb) => eb.selectFrom("releases").select("releases.id").where("releases.slug", "=", releaseSlug))
      .executeTakeFirst(),
    currentArtistName(services.db),
  ]);
  return row ? toSong(row, artistName) : null;
}

/**
 * A release by its slug (or, given `{ id }`, by its id), with every track in
 * running order (released or not: the page decides what to show).
 */
export async function getRelease(services: Services, slug: string | { id: string }): Promise<Release | null> {
  const release = await services.db
    .selectFrom("releases")
    .selectAll()
    .where(typeof slug === "string" ? "slug" : "id", "=", typeof slug === "string" ? slug : slug.id)
    .executeTakeFirst();
  if (!release) return null;
  const [rows, artistName] = await Promise.all([
    selectSongs(services.db).where("releaseId", "=", release.id).orderBy("trackNumber").orderBy("createdAt").execute(),
    currentArtistName(services.db),
  ]);
  return toRelease(
    release,
    rows.map((row) => toSong(row, artistName)),
  );
}

/**
 * The song an address of ours names (oEmbed's `url`): a track's page, a
 * release's page (its first track), an old /music/{id}, or the player's id.
 */
export async function getSongAt(services: Services, address: SongAddress): Promise<Song | null> {
  if ("id" in address) return getSong(services, address.id);
  if ("trackSlug" in address) return getTrack(services, address.releaseSlug, address.trackSlug);
  const release = await getRelease(services, address.releaseSlugOrId);
  if (release) return release.tracks.find((track) => track.released) ?? null;
  return getSong(services, address.releaseSlugOrId);
}

/**
 * Adds a song whose files are already stored. The artist is fixed. A new song
 * is not the latest release unless the wizard asked for it (`isLatest`); then
 * it takes that place from the previous one in the same transaction.
 */
export async function createSong(services: Services, input: NewSong): Promise<Result<{ id: string }>> {
  const parsed = newSongSchema.safeParse(input);
  if (!parsed.success) return refused(400, parsed.error.issues[0]?.message ?? SONG_TEXT.titleRequired);
  const song = parsed.data;
  if (!isValidKey(song.audioKey) || !song.audioKey.startsWith("music/")) return refused(400, SONG_TEXT.audioRequired);
  if (!isValidKey(song.coverKey) || !song.coverKey.startsWith("covers/")) return refused(400, SONG_TEXT.coverRequired);
  const now = Date.now();
  const schedule = song.release ? releaseInstant(song.release, now) : null;
  if (schedule && !schedule.ok) return schedule;
  const [audio, cover] = await Promise.all([services.storage.stat(song.audioKey), services.storage.stat(song.coverKey)]);
  if (!audio) return refused(400, SONG_TEXT.audioRequired);
  if (!cover) return refused(400, SONG_TEXT.coverRequired);

  const id = randomUUID();
  const scheduled = schedule?.ok ? { at: schedule.instant, timeZone: song.release?.timeZone ?? "UTC" } : null;
  try {
    // A file becomes part of exactly one song: it must be an unclaimed upload,
    // and claiming it commits (or rolls back) together with the insert.
    const { artist } = await loadSiteSettings(services.db);
    await retryOnTakenSlug(() =>
      services.db.transaction().execute(async (trx) => {
        const claimed = await trx
          .deleteFrom("pendingUploads")
          .where("key", "in", [song.audioKey, song.coverKey])
          .returning("key")
          .execute();
        const keys = new Set(claimed.map((row) => row.key));
        if (!keys.has(song.audioKey)) throw new RefusedInTransaction(SONG_TEXT.audioRequired);
        if (!keys.has(song.coverKey)) throw new RefusedInTransaction(SONG_TEXT.coverRequired);
        // A track joining a release with tracks coming comes out with them, on its day (decision 023).
        let release: { id: string } | undefined;
        if (song.releaseId) {
          release = await trx.selectFrom("releases").select("id").where("id", "=", song.releaseId).executeTakeFirst();
          if (!release) throw new RefusedInTransaction(SONG_TEXT.releaseGone);
        }
        const day: ReleaseDay | null =
          (release ? await comingDayOf(trx, release.id) : null) ??
          (scheduled
            ? { at: scheduled.at, timeZone: scheduled.timeZone, announce: !!song.release?.announce, makesLatest: song.isLatest }
            : null) ??
          // Where renditions are made, a song out on upload comes out once they exist, seconds later (decision 026).
          (services.media ? { at: now, timeZone: "UTC", announce: false, makesLatest: song.isLatest } : null);
        // Cleared before the insert: the database allows only one latest song at any moment.
        if (song.isLatest && !day) await trx.updateTable("songs").set({ isLatest: 0, updatedAt: now }).where("isLatest", "=", 1).execute();
        const row = {
          id,
          title: song.title,
          artist: artist.name,
          audioKey: song.audioKey,
          coverKey: song.coverKey,
          isLatest: song.isLatest && !day ? 1 : 0,
          spotifyUrl: song.streamingLinks.spotify,
          appleUrl: song.streamingLinks.apple,
          amazonUrl: song.streamingLinks.amazon,
          youtubeUrl: song.streamingLinks.youtube,
          durationMs: song.durationMs,
          createdAt: now,
          updatedAt: now,
          released: day ? 0 : 1,
          ...(day ? releaseDayColumns(day) : { releaseAt: null, releaseTimeZone: null, releaseMakesLatest: 0, releaseAnnounce: 0 }),
        };
        if (release) await insertTrack(trx, release.id, row);
        else await insertSingles(trx, [row]);
        await bumpContentVersion(trx);
      }),
    );
  } catch (error) {
    if (error instanceof RefusedInTransaction) return refused(400, error.message);
    throw error;
  }
  services.media?.wake();
  return ok({ id });
}

class RefusedInTransaction extends Error {}

/** The furthest ahead a release may be set: far enough for any campaign, near enough to catch a mistyped year. */
const FURTHEST_RELEASE_MS = 5 * 366 * 24 * 60 * 60_000;

/** The instant a release plan names, or why it cannot be used (what the admin typed: a 400). */
export function releaseInstant(plan: { at: string; timeZone: string }, now: number): Result<{ instant: number }, { status: 400 }> {
  const result = zonedTimeToInstant(plan.at, plan.timeZone);
  if (!result.ok) return refused(400, result.message);
  if (result.instant <= now) return refused(400, RELEASE_TEXT.inThePast);
  if (result.instant > now + FURTHEST_RELEASE_MS) return refused(400, RELEASE_TEXT.tooFar);
  return ok({ instant: result.instant });
}

/**
 * Makes one song the latest and every other song not, in one transaction.
 * Answers the updatedAt every song now has, so an open editor's expected
 * version follows this change rather than reporting it as a conflict.
 */
export async function setLatestSong(services: Services, id: unknown): Promise<Result<{ updatedAt: number }>> {
  const parsedId = songIdSchema.safeParse(id);
  if (!parsedId.success) return refused(400, SONG_TEXT.idRequired);
  const now = Date.now();
  return services.db.transaction().execute(async (trx) => {
    const exists = await trx.selectFrom("songs").select(["id", "released"]).where("id", "=", parsedId.data).executeTakeFirst();
    if (!exists) return refused(404, SONG_TEXT.notFound);
    if (exists.released !== 1) return refused(400, RELEASE_TEXT.notYetLatest);
    // Clear first: the database allows only one latest song at any moment.
    await trx.updateTable("songs").set({ isLatest: 0, updatedAt: now }).where("id", "!=", parsedId.data).execute();
    await trx.updateTable("songs").set({ isLatest: 1, updatedAt: now }).where("id", "=", parsedId.data).execute();
    await bumpContentVersion(trx);
    return ok({ updatedAt: now });
  });
}

/** Removes the song, then its audio, cover and cover variants. */
export async function deleteSong(services: Services, id: unknown): Promise<Result> {
  const parsedId = songIdSchema.safeParse(id);
  if (!parsedId.success) return refused(400, SONG_TEXT.idRequired);
  const row = await services.db
    .selectFrom("songs")
    .select(["audioKey", "coverKey", "releaseId"])
    .where("id", "=", parsedId.data)
    .executeTakeFirst();
  if (!row) return refused(404, SONG_TEXT.notFound);
  // The row goes first, so no song ever points at a file that is gone.
  await services.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("songs").where("id", "=", parsedId.data).execute();
    // A single goes with its song; a release with other tracks stays.
    await deleteEmptyReleases(trx, [row.releaseId]);
    // An announcement written for its release, now with nothing coming, is kept as an ordinary draft.
    await releaseLeftOverAnnouncements(trx, Date.now());
    await bumpContentVersion(trx);
  });
  const keys = [row.audioKey, ...audioDerivedKeys(row.audioKey), row.coverKey, ...coverDerivedKeys(row.coverKey)];
  const results = await Promise.allSettled(keys.map((key) => services.storage.delete(key)));
  for (const result of results) {
    if (result.status === "rejected") console.error("Deleting a song's file failed", result.reason);
  }
  return ok();
}
