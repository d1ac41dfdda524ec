import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { sql } from "kysely";
import sharp from "sharp";
import { z } from "zod";
import { FfmpegFailedError } from "#app/lib/audio/ffmpeg.server.ts";
import { probeAudio, type AudioProbe } from "#app/lib/audio/renditions.server.ts";
import { DOWNLOAD_EXTENSIONS, encodeTaggedDownload, isLossy, type TaggedDownload } from "#app/lib/audio/tagged-download.server.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import type { Db } from "#app/lib/db/db.server.ts";
import type { DownloadAccess, DownloadFormat } from "#app/lib/db/db-schema.ts";
import { MAX_JOB_ATTEMPTS, PermanentJobError, type MediaJobHandler } from "#app/lib/jobs/media-jobs.server.ts";
import { countedRead, type Storage } from "#app/lib/storage/storage.server.ts";
import { DECODE_TIMEOUT_SECONDS, MAX_DECODE_PIXELS, oneAtATime, readStoredFile } from "#app/lib/uploads/decode-limits.server.ts";
import { zipStream, type ZipEntry } from "#app/lib/zip/zip-stream.server.ts";
import { trackEntryName, zipObjectName } from "./release-zip-names.ts";
import type { ZipState, ZipStates } from "./download-views.ts";

// A release's download zips (issue #36, decision 028): one per release and
// format, made once in the background by the media jobs and kept, named by a
// stamp of everything in it, so a changed track, tag or cover makes a new one
// and the old one goes. A fan's click never waits for an encode.

/**
 * Bumped when what goes into a zip changes in a way its contents do not show
 * (an encoder's settings, the names inside), so every zip is made again.
 */
const RECIPE = 1;
/** Enough of a master's start for ffmpeg to say what it holds. */
const PROBE_BYTES = 1024 * 1024;
/** Of a zip's making, the encodes' share; writing the zip to storage is the rest. */
const ENCODING_SHARE = 0.9;
/** The stored zips are listed for leftovers this often at most: a bucket charges per listing. */
const SWEEP_EVERY_MS = 10 * 60_000;
/** A zip no row names is a leftover once this old: younger, it may be one being written. */
const LEFTOVER_AFTER_MS = 60 * 60_000;

const FORMATS = ["mp3-320", "flac", "opus"] as const satisfies readonly DownloadFormat[];
const formatsSchema = z.array(z.enum(FORMATS));

/** A track as it goes into a zip. */
type ZipTrack = { id: string; title: string; artist: string; audioKey: string; coverKey: string; lyrics: string; isrc: string };

/** A release that may offer downloads, with what its zips hold. */
type ZipSource = {
  id: string;
  title: string;
  year: number;
  access: DownloadAccess;
  /** The formats offered, in the artist's order; none when only streamed. */
  formats: DownloadFormat[];
  /** The tracks in the zip, in running order. */
  tracks: ZipTrack[];
};

/** The formats a release offers, as its column says them; a value that is not a list of formats offers none. */
function offeredFormats(access: DownloadAccess, column: string, hasCodes: boolean): DownloadFormat[] {
  // Download codes give the release to whoever holds one, however the page offers it.
  if (access === "stream" && !hasCodes) return [];
  try {
    const parsed = formatsSchema.safeParse(JSON.parse(column));
    return parsed.success ? [...new Set(parsed.data)] : [];
  } catch {
    return [];
  }
}

/**
 * The releases `ids` names (every release offering downloads without it), with
 * the tracks their zips hold: those that are out; a release with none out yet
 * holds them all, so its zips are ready on its day (a grant is the download
 * page's to give, and only for a release that is out).
 */
async function zipSources(db: Db, ids?: readonly string[]): Promise<ZipSource[]> {
  if (ids?.length === 0) return [];
  const hasCodes = sql<boolean>`exists (select 1 from "codeBatches" b where b."releaseId" = releases.id)`;
  let releases = db
    .selectFrom("releases")
    .select(["id", "title", "releaseDate", "createdAt", "downloadAccess", "downloadFormats", hasCodes.as("hasCodes")]);
  releases = ids ? releases.where("id", "in", ids) : releases.where((eb) => eb.or([eb("downloadAccess", "!=", "stream"), hasCodes]));
  const releaseRows = await releases.execute();
  if (releaseRows.length === 0) return [];
  const songRows = await db
    .selectFrom("songs")
    .select(["id", "releaseId", "title", "artist", "audioKey", "coverKey", "lyrics", "isrc", "released", "releaseAt", "createdAt"])
    .where(
      "releaseId",
      "in",
      releaseRows.map((row) => row.id),
    )
    .orderBy("releaseId")
    .orderBy("trackNumber")
    .orderBy("id")
    .execute();
  return releaseRows.map((release) => {
    const all = songRows.filter((song) => song.releaseId === release.id);
    const out = all.filter((song) => song.released === 1);
    const first = all[0];
    return {
      id: release.id,
      title: release.title,
      // As pages say it (releaseYear): the day the artist set, else its first track's release, else when it was added.
      year: new Date(release.releaseDate ?? first?.releaseAt ?? first?.createdAt ?? release.createdAt).getUTCFullYear(),
      access: release.downloadAccess,
      formats: offeredFormats(release.downloadAccess, release.downloadFormats, Boolean(Number(release.hasCodes))),
      tracks: (out.length > 0 ? out : all).map(({ id, title, artist, audioKey, coverKey, lyrics, isrc }) => ({
        id,
        title,
        artist,
        audioKey,
        coverKey,
        lyrics,
        isrc,
      })),
    };
  });
}

/** A short hash of everything a release's zip in `format` holds: the same stamp, the same zip. */
export function releaseStamp(release: Pick<ZipSource, "title" | "year" | "tracks">, format: DownloadFormat): string {
  const tracks = release.tracks.map((track) => [track.id, track.title, track.artist, track.audioKey, track.lyrics, track.isrc]);
  const everything = JSON.stringify([RECIPE, format, release.title, release.year, release.tracks[0]?.coverKey ?? null, tracks]);
  return createHash("sha256").update(everything).digest("hex").slice(0, 16);
}

/** The job's key: `{releaseId}:{format}:{stamp}`. */
const jobKey = (releaseId: string, format: DownloadFormat, stamp: string) => `${releaseId}:${format}:${stamp}`;
const jobId = (key: string) => `downloads:${key}`;

/** Each offered format's job key, for every release that has tracks to zip. */
function wantedZips(sources: readonly ZipSource[]): Map<string, { releaseId: string; format: DownloadFormat; stamp: string }> {
  const wanted = new Map<string, { releaseId: string; format: DownloadFormat; stamp: string }>();
  for (const source of sources) {
    if (source.tracks.length === 0) continue;
    for (const format of source.formats) {
      const stamp = releaseStamp(source, format);
      wanted.set(jobKey(source.id, format, stamp), { releaseId: source.id, format, stamp });
    }
  }
  return wanted;
}

/** When each storage's zips were last listed for leftovers, in this process. */
const sweptAt = new WeakMap<Storage, number>();

/**
 * Asks for every zip a release offers and lacks, and forgets what is no longer
 * wanted: the jobs of stamps gone by, the zips (rows and files) of formats no
 * longer offered or of a release back to streaming only, and now and then the
 * stored zips no row names. Run before each look of the job loop: it reads,
 * and writes only when something changed (SQLite has one write lock, which
 * the site's requests wait for).
 */
export async function askForReleaseZips(db: Db, storage: Storage, now = Date.now()): Promise<void> {
  const sources = await zipSources(db);
  const wanted = wantedZips(sources);
  const [files, jobs] = await Promise.all([
    db.selectFrom("downloadFiles").select(["releaseId", "format", "stamp", "key"]).execute(),
    db.selectFrom("mediaJobs").select(["id", "key", "status", "leaseUntil"]).where("kind", "=", "downloads").execute(),
  ]);
  const made = new Set(files.map((file) => jobKey(file.releaseId, file.format, file.stamp)));
  const jobByKey = new Map(jobs.map((job) => [job.key, job]));
  const missing = [...wanted.keys()].filter((key) => !made.has(key));

  const asking = missing.filter((key) => !jobByKey.has(key));
  if (asking.length > 0) {
    await db
      .insertInto("mediaJobs")
      .values(
        asking.map((key) => ({
          id: jobId(key),
          kind: "downloads" as const,
          key,
          status: "queued" as const,
          attempts: 0,
          nextAttemptAt: now,
          createdAt: now,
        })),
      )
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
  }
  // Done, yet no row names its zip (forgotten as its file was found gone: currentReleaseZip): made again.
  const lost = missing.filter((key) => jobByKey.get(key)?.status === "done").map(jobId);
  if (lost.length > 0) {
    await db
      .updateTable("mediaJobs")
      .set({ status: "queued", attempts: 0, nextAttemptAt: now, doneAt: null, lastError: null, progress: null })
      .where("id", "in", lost)
      .where("status", "=", "done")
      .execute();
  }
  // A job under way is left to finish: its zip is replaced by the next, or dropped below.
  const stale = jobs.filter((job) => !wanted.has(job.key) && (job.leaseUntil === null || job.leaseUntil < now)).map((job) => job.id);
  if (stale.length > 0) await db.deleteFrom("mediaJobs").where("id", "in", stale).execute();

  const offered = new Set(sources.flatMap((source) => source.formats.map((format) => `${source.id}:${format}`)));
  for (const file of files) {
    if (offered.has(`${file.releaseId}:${file.format}`)) continue;
    // The row first: from then on nothing names the file, which a crash here leaves to the sweep.
    await db
      .deleteFrom("downloadFiles")
      .where("releaseId", "=", file.releaseId)
      .where("format", "=", file.format)
      .where("key", "=", file.key)
      .execute();
    await storage.delete(file.key);
  }

  if (now - (sweptAt.get(storage) ?? Number.NEGATIVE_INFINITY) >= SWEEP_EVERY_MS) {
    sweptAt.set(storage, now);
    await sweepLeftoverZips(db, storage, now);
  }
}

/** Removes the stored zips no row names (a release deleted, a job killed after writing), once old enough not to be one being written. */
async function sweepLeftoverZips(db: Db, storage: Storage, now: number): Promise<void> {
  const named = new Set((await db.selectFrom("downloadFiles").select("key").execute()).map((row) => row.key));
  for await (const key of storage.keys("downloads")) {
    const writtenAt = Number(/^downloads\/(\d+)_/.exec(key)?.[1]);
    if (named.has(key) || !(now - writtenAt > LEFTOVER_AFTER_MS)) continue;
    await storage.delete(key);
  }
}

/** JPEG's first bytes. */
const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/**
 * The release's cover as a JPEG, the one picture format every player shows
 * inside a track: the stored original when it is one (its metadata went at
 * upload), else the original made into one at its own size. The cover
 * variants do not serve: they are AVIF and WebP, and the one JPEG is the share
 * card, a cover on a blurred fill. Null when the cover cannot be read: the
 * music goes out without it.
 */
async function coverJpeg(storage: Storage, coverKey: string): Promise<Buffer | null> {
  try {
    const original = await readStoredFile(storage, coverKey);
    if (isJpeg(original)) return original;
    return await oneAtATime(() =>
      sharp(original, { limitInputPixels: MAX_DECODE_PIXELS, failOn: "error" })
        .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
        .rotate()
        // A transparent PNG's see-through parts as the white a page behind it would show.
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 92, mozjpeg: true })
        .toBuffer(),
    );
  } catch (error) {
    console.error(`Downloads: the cover ${coverKey} could not be read; the zip goes without it`, error);
    return null;
  }
}

/** Why a FLAC is not made of a release: one of its masters is lossy, or cannot be told. */
function flacRefusal(track: ZipTrack, probe: AudioProbe | null): string {
  return probe
    ? `FLAC is made only from lossless audio: “${track.title}” was uploaded as ${probe.codec}, which is lossy`
    : `FLAC is made only from lossless audio, and what “${track.title}” was uploaded as could not be told`;
}

/**
 * Records a zip as its release's in `format`, replacing the one before; false
 * (and nothing recorded) when the release was deleted meanwhile, or offers no
 * downloads any more (streaming only, and no download codes). One statement, a write: on SQLite a transaction
 * that reads first cannot wait for another writer.
 */
async function recordZip(
  db: Db,
  row: { releaseId: string; format: DownloadFormat; stamp: string; key: string; bytes: number; madeAt: number },
): Promise<boolean> {
  const result = await db
    .insertInto("downloadFiles")
    .columns(["releaseId", "format", "stamp", "key", "bytes", "madeAt"])
    .expression(
      db
        .selectFrom("releases")
        .select([
          "releases.id as releaseId",
          sql<DownloadFormat>`${row.format}`.as("format"),
          sql<string>`${row.stamp}`.as("stamp"),
          sql<string>`${row.key}`.as("key"),
          sql<number>`cast(${row.bytes} as bigint)`.as("bytes"),
          sql<number>`cast(${row.madeAt} as bigint)`.as("madeAt"),
        ])
        .where("releases.id", "=", row.releaseId)
        .where((eb) =>
          eb.or([
            eb("releases.downloadAccess", "!=", "stream"),
            sql<boolean>`exists (select 1 from "codeBatches" b where b."releaseId" = releases.id)`,
          ]),
        ),
    )
    .onConflict((oc) =>
      oc.columns(["releaseId", "format"]).doUpdateSet((eb) => ({
        stamp: eb.ref("excluded.stamp"),
        key: eb.ref("excluded.key"),
        bytes: eb.ref("excluded.bytes"),
        madeAt: eb.ref("excluded.madeAt"),
      })),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

const isFormat = (value: string | undefined): value is DownloadFormat => FORMATS.some((format) => format === value);

/**
 * The job that makes one release's zip in one format (key
 * `{releaseId}:{format}:{stamp}`): each track encoded from its master and
 * tagged, in running order, with the cover, stored under downloads/ with a
 * name no one can guess, recorded, and the zip before it removed. It makes
 * the release as it is when the job runs, whatever stamp asked for it.
 */
export function releaseZipHandler(db: Db, storage: Storage): MediaJobHandler {
  return async (key, progress) => {
    // From the end: the format and the stamp hold no colon, an id carried from elsewhere might.
    const parts = key.split(":");
    const format = parts.at(-2);
    const releaseId = parts.slice(0, -2).join(":");
    if (!isFormat(format)) throw new PermanentJobError(`Not a release's zip: ${key}`);
    const [source] = await zipSources(db, [releaseId]);
    // Deleted, back to streaming only, or this format no longer offered: nothing to make, and the job is forgotten.
    if (!source?.formats.includes(format) || source.tracks.length === 0) return;
    const stamp = releaseStamp(source, format);
    const before = await db
      .selectFrom("downloadFiles")
      .select(["stamp", "key"])
      .where("releaseId", "=", releaseId)
      .where("format", "=", format)
      .executeTakeFirst();
    if (before?.stamp === stamp) return;

    const probes: (AudioProbe | null)[] = [];
    for (const track of source.tracks) {
      const head = await storage.read(track.audioKey, { start: 0, end: PROBE_BYTES - 1 });
      if (!head) throw new PermanentJobError(`The audio of “${track.title}” is missing from storage`);
      const probe = await probeAudio(head);
      // Refused before anything is encoded, with the reason the artist reads in the editor.
      if (format === "flac" && (!probe || isLossy(probe))) throw new PermanentJobError(flacRefusal(track, probe));
      probes.push(probe);
    }
    const cover = await coverJpeg(storage, source.tracks[0]?.coverKey ?? "");
    const count = source.tracks.length;
    const albumArtist = source.tracks[0]?.artist ?? "";
    const made: TaggedDownload[] = [];
    try {
      for (const [index, track] of source.tracks.entries()) {
        const [stored, size] = await Promise.all([
          storage.read(track.audioKey),
          storage.stat(track.audioKey).then((info) => info?.size ?? 0),
        ]);
        if (!stored) throw new PermanentJobError(`The audio of “${track.title}” is missing from storage`);
        const master = countedRead(stored, (read) =>
          progress?.(((index + Math.min(1, read / Math.max(1, size))) / count) * ENCODING_SHARE),
        );
        const tags = {
          title: track.title,
          artist: track.artist,
          album: source.title,
          albumArtist,
          track: index + 1,
          trackCount: count,
          year: source.year,
          lyrics: track.lyrics,
          isrc: track.isrc,
        };
        try {
          made.push(await encodeTaggedDownload(master, { format, tags, cover, channels: probes[index]?.channels ?? null }));
        } catch (error) {
          // A master ffmpeg cannot read will not read better next time.
          if (error instanceof FfmpegFailedError)
            throw new PermanentJobError(`The audio of “${track.title}” could not be read: ${error.message}`);
          throw error;
        }
      }

      const entries: ZipEntry[] = made.map((file, index) => ({
        name: trackEntryName(index + 1, count, source.tracks[index]?.title ?? "", DOWNLOAD_EXTENSIONS[format]),
        open: async () => createReadStream(file.path),
      }));
      if (cover) entries.push({ name: "cover.jpg", open: async () => Readable.from([cover]) });
      const total = made.reduce((sum, file) => sum + file.bytes, cover?.length ?? 0);
      const archive = countedRead(zipStream(entries), (written) =>
        progress?.(ENCODING_SHARE + (1 - ENCODING_SHARE) * Math.min(1, written / Math.max(1, total))),
      );
      const stored = await storage.put("downloads", zipObjectName(source.title, format), archive, { contentType: "application/zip" });

      const kept = await recordZip(db, { releaseId, format, stamp, key: stored.key, bytes: stored.size, madeAt: Date.now() });
      if (!kept) {
        await storage.delete(stored.key);
        return;
      }
      if (before && before.key !== stored.key) await storage.delete(before.key);
    } finally {
      await Promise.all(made.map((file) => file.dispose()));
    }
  };
}

/**
 * Run as a zip's job fails for good: the release's page stops offering that
 * format (offeredDownload leaves failed ones out), its cached copies included.
 */
export const releaseZipGaveUp = (trx: Db) => bumpContentVersion(trx);

/**
 * Makes a release's zip in `format` again after it failed (a bucket that did
 * not answer through every attempt, say): its job starts over at once, and the
 * release's page offers the format again, cached copies included. Says how
 * the zip stands when it was not failed: being made (a second tap), made, not
 * offered any more, or its release gone.
 */
export async function retryReleaseZip(
  db: Db,
  releaseId: string,
  format: DownloadFormat,
  now = Date.now(),
): Promise<"retried" | "under-way" | "made" | "not-offered" | "no-release"> {
  const [source] = await zipSources(db, [releaseId]);
  if (!source) return "no-release";
  if (!source.formats.includes(format) || source.tracks.length === 0) return "not-offered";
  const id = jobId(jobKey(releaseId, format, releaseStamp(source, format)));
  const retried = await db.transaction().execute(async (trx) => {
    // The write first: on SQLite a transaction that reads before it writes cannot wait for another writer.
    const result = await trx
      .updateTable("mediaJobs")
      .set({
        status: "queued",
        attempts: 0,
        nextAttemptAt: now,
        doneAt: null,
        lastError: null,
        progress: null,
        leaseOwner: null,
        leaseUntil: null,
      })
      .where("id", "=", id)
      .where("status", "=", "failed")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await bumpContentVersion(trx);
    return true;
  });
  if (retried) return "retried";
  return (await currentReleaseZip(db, undefined, releaseId, format)) ? "made" : "under-way";
}

/** Each release's zips as the release editor and a fan's download page show them: per format offered, ready, being made, or failed. */
export async function releaseZipStates(db: Db, releaseIds: readonly string[]): Promise<Map<string, ZipStates>> {
  const states = new Map<string, ZipStates>();
  const sources = await zipSources(db, releaseIds);
  const wanted = wantedZips(sources);
  const ids = sources.map((source) => source.id);
  const [files, jobs] = await Promise.all([
    ids.length === 0
      ? []
      : db.selectFrom("downloadFiles").select(["releaseId", "format", "stamp", "bytes"]).where("releaseId", "in", ids).execute(),
    wanted.size === 0
      ? []
      : db
          .selectFrom("mediaJobs")
          .select(["key", "status", "lastError", "progress", "attempts"])
          .where("kind", "=", "downloads")
          .where("key", "in", [...wanted.keys()])
          .execute(),
  ]);
  const fileByKey = new Map(files.map((file) => [jobKey(file.releaseId, file.format, file.stamp), file]));
  const jobByKey = new Map(jobs.map((job) => [job.key, job]));
  for (const source of sources) states.set(source.id, {});
  for (const [key, { releaseId, format }] of wanted) {
    const file = fileByKey.get(key);
    const job = jobByKey.get(key);
    const state: ZipState = file
      ? { state: "ready", bytes: Number(file.bytes) }
      : job?.status === "failed"
        ? { state: "failed", reason: job.lastError ?? "Unknown error", retryable: Number(job.attempts) >= MAX_JOB_ATTEMPTS }
        : job?.status === "queued" && job.progress !== null
          ? { state: "preparing", percent: Number(job.progress) }
          : { state: "preparing" };
    const release = states.get(releaseId);
    if (release) release[format] = state;
  }
  return states;
}

/**
 * A release's zip in `format` when it is made from the release as it is now
 * (a changed track is never served the zip before it), else null. Given the
 * storage, it also checks the file is there; a row naming a file that is not
 * is forgotten, so the job loop makes the zip again.
 */
export async function currentReleaseZip(
  db: Db,
  storage: Storage | undefined,
  releaseId: string,
  format: DownloadFormat,
): Promise<{ key: string; bytes: number; madeAt: number } | null> {
  const [source] = await zipSources(db, [releaseId]);
  if (!source?.formats.includes(format) || source.tracks.length === 0) return null;
  const row = await db
    .selectFrom("downloadFiles")
    .select(["stamp", "key", "bytes", "madeAt"])
    .where("releaseId", "=", releaseId)
    .where("format", "=", format)
    .executeTakeFirst();
  if (!row || row.stamp !== releaseStamp(source, format)) return null;
  if (storage && !(await storage.stat(row.key))) {
    await db
      .deleteFrom("downloadFiles")
      .where("releaseId", "=", releaseId)
      .where("format", "=", format)
      .where("key", "=", row.key)
      .execute();
    return null;
  }
  return { key: row.key, bytes: Number(row.bytes), madeAt: Number(row.madeAt) };
}
