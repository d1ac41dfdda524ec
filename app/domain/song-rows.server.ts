import { sql, type Insertable, type Kysely, type Selectable } from "kysely";
import type { Database, ReleaseKind, ReleasesTable, SongsTable } from "#app/lib/db/db-schema.ts";
import { FALLBACK_SLUG, firstFreeSlug, slugify } from "#app/domain/slug.ts";
import { oldSongPath, releasePath, trackPath } from "#app/domain/public-paths.ts";
import { mediaUrl, type Song } from "#app/domain/song.ts";
import { storedCredits } from "#app/domain/credits.ts";
import { gainToward } from "#app/domain/track-gain.ts";
import { encodeWaveform } from "#app/domain/waveform.ts";
import type { Release } from "#app/domain/release.ts";

/** A database or a transaction on it. */
type Queryable = Kysely<Database>;

/** A track's words and credits: read only by the pages that show them, never by lists. */
type TrackTextColumn = "lyrics" | "syncedLyrics" | "credits";

/** A stored song with the slug of its release, which its address needs. */
export type SongRow = Omit<Selectable<SongsTable>, TrackTextColumn> & {
  releaseSlug: string | null;
  releaseTitle: string | null;
  releaseKind: ReleaseKind | null;
  /** The streaming renditions, once made (null before: a song from before them plays its upload). */
  opusKey?: string | null;
  fallbackKey?: string | null;
  /** Its measured loudness and true peak, and its release's (all its measured tracks as one), for the player's gain. */
  loudnessLufs?: number | null;
  truePeakDb?: number | null;
  albumLoudnessLufs?: number | null;
  albumTruePeakDb?: number | null;
  /** Its waveform's peaks as measured, JSON (audioFacts.peaks). */
  peaks?: string | null;
  /** Its length as measured, for a song stored without one (added by a script, or a file the browser could not time). */
  measuredDurationMs?: number | null;
};

/** Every column of songs but the track's words: what a Song is made from. */
const SONG_COLUMNS = [
  "id",
  "title",
  "artist",
  "audioKey",
  "coverKey",
  "isLatest",
  "spotifyUrl",
  "appleUrl",
  "amazonUrl",
  "youtubeUrl",
  "durationMs",
  "createdAt",
  "updatedAt",
  "released",
  "releaseAt",
  "releaseTimeZone",
  "releaseMakesLatest",
  "releaseAnnounce",
  "releaseId",
  "trackNumber",
  "slug",
  "isrc",
  "explicit",
] as const satisfies readonly Exclude<keyof SongsTable, TrackTextColumn>[];
// A column added to songs and not listed above fails to compile here.
const everySongColumn: Record<Exclude<keyof SongsTable, TrackTextColumn | (typeof SONG_COLUMNS)[number]>, never> = {};
void everySongColumn;

/**
 * A stored song as pages see it, credited to the artist's name now (SPEC: the
 * artist is fixed to the artist's name), not the name it was uploaded under.
 */
export function toSong(row: SongRow, artistName: string): Song {
  // Every song has a release (migration 0018); a row without one keeps its old address, which answers 404.
  const releaseSlug = row.releaseSlug;
  return {
    id: row.id,
    title: row.title,
    path: releaseSlug === null ? oldSongPath(row.id) : trackPath(releaseSlug, row.slug),
    releasePath: releaseSlug === null ? oldSongPath(row.id) : releasePath(releaseSlug),
    releaseId: row.releaseId,
    releaseTitle: row.releaseTitle ?? row.title,
    releaseKind: row.releaseKind ?? "single",
    artist: artistName,
    // Fans hear the renditions (decision 026); only a song from before them plays its upload, until they are made.
    audioUrl: mediaUrl(row.fallbackKey ?? row.audioKey),
    opusUrl: row.opusKey ? mediaUrl(row.opusKey) : null,
    gain: songGain(row),
    waveform: row.peaks ? waveformOf(row.peaks) : null,
    coverUrl: mediaUrl(row.coverKey),
    coverKey: row.coverKey,
    isLatest: row.isLatest === 1,
    streamingLinks: { spotify: row.spotifyUrl, apple: row.appleUrl, amazon: row.amazonUrl, youtube: row.youtubeUrl },
    durationMs: row.durationMs ?? figure(row.measuredDurationMs),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    released: row.released === 1,
    releaseAt: row.releaseAt === null ? null : Number(row.releaseAt),
    releaseTimeZone: row.releaseTimeZone,
    releaseAnnounce: row.releaseAnnounce === 1,
    explicit: row.explicit === 1,
    isrc: row.isrc,
  };
}

/** The player's gains for a song, once it and its release are measured. */
function songGain(row: SongRow): Song["gain"] {
  const track = gainToward(figure(row.loudnessLufs), figure(row.truePeakDb));
  if (track === null) return null;
  return { track, album: gainToward(figure(row.albumLoudnessLufs), figure(row.albumTruePeakDb)) ?? track };
}
/** The stored peaks as the seek bar's bars; null when they do not read as a list of levels. */
function waveformOf(json: string): string | null {
  let peaks: unknown;
  try {
    peaks = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(peaks) || !peaks.every((peak) => typeof peak === "number" && Number.isFinite(peak))) return null;
  return encodeWaveform(peaks as number[]) || null;
}

/** PostgreSQL's aggregates may come back as strings. */
const figure = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));

/**
 * A release's tracks as one: their loudness summed as energy over their
 * lengths (near what measuring them back to back gives), and the highest
 * true peak. Both SQLite (node:sqlite) and PostgreSQL have power and log10.
 */
const releaseLoudness = sql<number | null>`(
  select 10 * log10(sum(f."durationMs" * power(10, f."loudnessLufs" / 10.0)) / nullif(sum(f."durationMs"), 0))
  from songs t inner join "audioFacts" f on f."audioKey" = t."audioKey"
  where t."releaseId" = songs."releaseId" and f."loudnessLufs" is not null)`;
const releasePeak = sql<number | null>`(
  select max(f."truePeakDb") from songs t inner join "audioFacts" f on f."audioKey" = t."audioKey"
  where t."releaseId" = songs."releaseId")`;

/**
 * Songs with their release's slug: a subquery rather than a join, so the songs'
 * own columns keep their plain names (createdAt, id) for ordering and paging.
 */
export function selectSongs(db: Queryable) {
  return db
    .selectFrom("songs")
    .select(SONG_COLUMNS.map((column) => `songs.${column}` as const))
    .select((eb) => [
      eb.selectFrom("releases").select("releases.slug").whereRef("releases.id", "=", "songs.releaseId").as("releaseSlug"),
      eb.selectFrom("releases").select("releases.title").whereRef("releases.id", "=", "songs.releaseId").as("releaseTitle"),
      eb.selectFrom("releases").select("releases.kind").whereRef("releases.id", "=", "songs.releaseId").as("releaseKind"),
      eb
        .selectFrom("audioRenditions")
        .select("audioRenditions.opusKey")
        .whereRef("audioRenditions.audioKey", "=", "songs.audioKey")
        .as("opusKey"),
      eb
        .selectFrom("audioRenditions")
        .select("audioRenditions.fallbackKey")
        .whereRef("audioRenditions.audioKey", "=", "songs.audioKey")
        .as("fallbackKey"),
      eb
        .selectFrom("audioFacts")
        .select("audioFacts.loudnessLufs")
        .whereRef("audioFacts.audioKey", "=", "songs.audioKey")
        .as("loudnessLufs"),
      eb.selectFrom("audioFacts").select("audioFacts.truePeakDb").whereRef("audioFacts.audioKey", "=", "songs.audioKey").as("truePeakDb"),
      eb.selectFrom("audioFacts").select("audioFacts.peaks").whereRef("audioFacts.audioKey", "=", "songs.audioKey").as("peaks"),
      eb
        .selectFrom("audioFacts")
        .select("audioFacts.durationMs")
        .whereRef("audioFacts.audioKey", "=", "songs.audioKey")
        .as("measuredDurationMs"),
      releaseLoudness.as("albumLoudnessLufs"),
      releasePeak.as("albumTruePeakDb"),
    ]);
}

/** A song as the wizard adds it: everything but the release it becomes, and its address. */
export type NewSingle = Omit<Insertable<SongsTable>, "releaseId" | "trackNumber" | "slug">;

/**
 * Stores each song as a single of its own: a release named as the song,
 * with a slug made from the title and free among the releases, holding
 * the song as track 1. Call inside the transaction that adds the song.
 */
export async function insertSingles(db: Queryable, songs: readonly NewSingle[]): Promise<void> {
  for (const song of songs) {
    const releaseId = crypto.randomUUID();
    const base = slugify(song.title, FALLBACK_SLUG.release);
    const taken = await db
      .selectFrom("releases")
      .select("slug")
      .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
      .execute();
    const slug = firstFreeSlug(base, new Set(taken.map((row) => row.slug)));
    await db
      .insertInto("releases")
      .values({ id: releaseId, slug, title: song.title, kind: "single", createdAt: song.createdAt, updatedAt: song.updatedAt })
      .execute();
    await db
      .insertInto("songs")
      .values({ ...song, releaseId, trackNumber: 1, slug: slugify(song.title, FALLBACK_SLUG.track) })
      .execute();
  }
}

/**
 * Stores a song as the last track of a release that exists, with a slug made
 * from its title and free among that release's tracks. Call inside the
 * transaction that adds the song.
 */
export async function insertTrack(db: Queryable, releaseId: string, song: NewSingle): Promise<void> {
  const tracks = await db.selectFrom("songs").select(["slug", "trackNumber"]).where("releaseId", "=", releaseId).execute();
  const slug = firstFreeSlug(slugify(song.title, FALLBACK_SLUG.track), new Set(tracks.map((track) => track.slug)));
  const trackNumber = Math.max(0, ...tracks.map((track) => track.trackNumber)) + 1;
  await db
    .insertInto("songs")
    .values({ ...song, releaseId, trackNumber, slug })
    .execute();
}

/**
 * Runs `work` (a transaction that stores a single) again when another one took
 * the slug it chose between its look and its insert: two songs of one title
 * added at once. The database's unique index catches it; the transaction rolled
 * back whole, so running it again is safe.
 */
export async function retryOnTakenSlug<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isTakenSlug(error)) throw error;
    }
  }
}

/** PostgreSQL's unique violation on releases.slug, or SQLite's. */
function isTakenSlug(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, constraint } = error as Error & { code?: unknown; constraint?: unknown };
  return (code === "23505" && constraint === "releases_slug_key") || error.message.includes("UNIQUE constraint failed: releases.slug");
}

/**
 * Removes the releases no song is a track of any more (a single whose song was
 * deleted): those `releaseIds` names, or every such release.
 */
export async function deleteEmptyReleases(db: Queryable, releaseIds?: readonly string[]): Promise<void> {
  if (releaseIds?.length === 0) return;
  let query = db.deleteFrom("releases");
  if (releaseIds) query = query.where("id", "in", releaseIds);
  await query
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("songs").select("songs.id").whereRef("songs.releaseId", "=", "releases.id"))),
    )
    .execute();
}

/** A stored release as pages see it, with its tracks (in the order given). */
export function toRelease(row: Selectable<ReleasesTable>, tracks: Song[]): Release {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    kind: row.kind,
    path: releasePath(row.slug),
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
    notes: row.notes,
    releaseDate: row.releaseDate === null ? null : Number(row.releaseDate),
    credits: storedCredits(row.credits),
    tracks,
  };
}
