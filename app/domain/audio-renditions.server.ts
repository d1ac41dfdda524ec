import { createReadStream } from "node:fs";
import { sql } from "kysely";
import type { Db } from "#app/lib/db/db.server.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import { FfmpegFailedError } from "#app/lib/audio/ffmpeg.server.ts";
import { makeRenditions, probeAudio } from "#app/lib/audio/renditions.server.ts";
import { PermanentJobError, startMediaJobs, type MediaJobHandler, type MediaJobKind } from "#app/lib/jobs/media-jobs.server.ts";
import { measureStoredAudio } from "./audio-facts.server.ts";
import { countedRead, type Storage } from "#app/lib/storage/storage.server.ts";
import { renditionKey, type StreamingState } from "./song.ts";

// A track's streaming renditions (issue #34, decision 026), made once in the
// background from its upload, the master, which fans are never served.

/** Enough of a file's start for ffmpeg to say what it holds. */
const PROBE_BYTES = 1024 * 1024;

/** The job that makes one master's renditions, stores them beside it, and records them. */
export function makeStoredRenditions(db: Db, storage: Storage): MediaJobHandler {
  return async (key, progress) => {
    const head = await storage.read(key, { start: 0, end: PROBE_BYTES - 1 });
    if (!head) throw new PermanentJobError("The audio file is missing from storage");
    const probe = await probeAudio(head);
    const [stored, size] = await Promise.all([storage.read(key), storage.stat(key).then((stat) => stat?.size ?? 0)]);
    if (!stored) throw new PermanentJobError("The audio file is missing from storage");
    // How much of the master ffmpeg has read is how far the work has come: it encodes as it reads.
    const master = progress && size > 0 ? countedRead(stored, (read) => progress(read / size)) : stored;
    let made;
    try {
      made = await makeRenditions(master, probe);
    } catch (error) {
      if (error instanceof FfmpegFailedError) throw new PermanentJobError(`The audio could not be read: ${error.message}`);
      throw error;
    }
    try {
      const opusKey = renditionKey(key, "opus");
      const fallbackKey = renditionKey(key, made.fallbackFormat);
      await storage.write(opusKey, createReadStream(made.opusPath));
      await storage.write(fallbackKey, createReadStream(made.fallbackPath));
      const row = {
        opusKey,
        opusBytes: made.opusBytes,
        fallbackKey,
        fallbackBytes: made.fallbackBytes,
        fallbackCopied: made.fallbackCopied ? (1 as const) : (0 as const),
        madeAt: Date.now(),
      };
      const kept = await db.transaction().execute(async (trx) => {
        // The write first: on SQLite a transaction that reads before it writes cannot wait for
        // another writer (its upgrade is refused at once as "database is locked").
        await trx
          .insertInto("audioRenditions")
          .values({ audioKey: key, ...row })
          .onConflict((oc) => oc.column("audioKey").doUpdateSet(row))
          .execute();
        // A track deleted (or its audio replaced) while this ran takes its renditions with it.
        const holder = await trx.selectFrom("songs").select("id").where("audioKey", "=", key).executeTakeFirst();
        if (!holder) {
          await trx.deleteFrom("audioRenditions").where("audioKey", "=", key).execute();
          return false;
        }
        // Pages name the renditions from now on, cached ones included.
        await bumpContentVersion(trx);
        return true;
      });
      if (!kept) await Promise.all([storage.delete(opusKey), storage.delete(fallbackKey)]);
    } finally {
      await made.dispose();
    }
  };
}

/**
 * Every song's master gets its analysis and its renditions asked for, however
 * the song came (the dashboard, the demo, a restore or a transfer), and the
 * jobs, facts and renditions of masters no song holds any more are forgotten
 * (their files go with the master: derived-keys.ts).
 */
export async function askForMissingAudioWork(db: Db, now = Date.now()): Promise<void> {
  // Each change is looked for first and written only when there is one: this runs every few
  // seconds in every process, and on SQLite every write statement takes the one write lock,
  // which the site's requests then wait for.
  const any = async (query: { limit(count: number): { executeTakeFirst(): Promise<unknown> } }) =>
    (await query.limit(1).executeTakeFirst()) !== undefined;
  // What is done already (made by the demo, or carried by a restore or a transfer without its jobs) is not asked again.
  const done = { renditions: sql.table("audioRenditions"), analyse: sql.table("audioFacts") };
  for (const kind of ["renditions", "analyse"] as const) {
    const wanting = sql`from songs
      where not exists (select 1 from "mediaJobs" j where j.id = ${sql.lit(`${kind}:`)} || songs."audioKey")
      and not exists (select 1 from ${done[kind]} d where d."audioKey" = songs."audioKey")`;
    if ((await sql`select 1 ${wanting} limit 1`.execute(db)).rows.length === 0) continue;
    await sql`
      insert into "mediaJobs" (id, kind, key, status, attempts, "nextAttemptAt", "createdAt")
      select ${sql.lit(`${kind}:`)} || "audioKey", ${sql.lit(kind)}, "audioKey", 'queued', 0, ${now}, ${now} ${wanting}
      on conflict (id) do nothing`.execute(db);
  }
  const heldBy = (table: "mediaJobs" | "audioFacts" | "audioRenditions", column: "key" | "audioKey") =>
    sql<boolean>`exists (select 1 from songs where songs."audioKey" = ${sql.ref(`${table}.${column}`)})`;
  // A release's downloads are a job on the release, not on a master: theirs to sweep.
  const trackWork = ["analyse", "renditions"] as const;
  if (
    await any(
      db
        .selectFrom("mediaJobs")
        .select("id")
        .where("kind", "in", trackWork)
        .where(sql<boolean>`not ${heldBy("mediaJobs", "key")}`),
    )
  ) {
    await db
      .deleteFrom("mediaJobs")
      .where("kind", "in", trackWork)
      .where(sql<boolean>`not ${heldBy("mediaJobs", "key")}`)
      .execute();
  }
  for (const table of ["audioFacts", "audioRenditions"] as const) {
    if (
      await any(
        db
          .selectFrom(table)
          .select("audioKey")
          .where(sql<boolean>`not ${heldBy(table, "audioKey")}`),
      )
    ) {
      await db
        .deleteFrom(table)
        .where(sql<boolean>`not ${heldBy(table, "audioKey")}`)
        .execute();
    }
  }
  // An upload from before renditions is served only until they exist, and only while a song holds it.
  const overtaken = sql<boolean>`exists (select 1 from "audioRenditions" r where r."audioKey" = "uploadsServedUntilRenditions"."audioKey")
    or not exists (select 1 from songs where songs."audioKey" = "uploadsServedUntilRenditions"."audioKey")`;
  if (await any(db.selectFrom("uploadsServedUntilRenditions").select("audioKey").where(overtaken))) {
    await db.deleteFrom("uploadsServedUntilRenditions").where(overtaken).execute();
  }
}

/**
 * How making the renditions of each of `songs` stands: ready, being made (a
 * song with no job yet is too: the worker asks for it shortly), or failed
 * with the reason. A song from before renditions plays its upload meanwhile,
 * so it is ready as fans hear it.
 */
export async function streamingStatesOf(
  db: Db,
  songs: readonly { audioKey: string; released: boolean; releaseAt: number | null }[],
  now = Date.now(),
): Promise<Map<string, StreamingState>> {
  const states = new Map<string, StreamingState>();
  const keys = songs.map((song) => song.audioKey);
  if (keys.length === 0) return states;
  const [made, early, jobs] = await Promise.all([
    db.selectFrom("audioRenditions").select("audioKey").where("audioKey", "in", keys).execute(),
    db.selectFrom("uploadsServedUntilRenditions").select("audioKey").where("audioKey", "in", keys).execute(),
    db
      .selectFrom("mediaJobs")
      .select(["key", "status", "lastError", "progress"])
      .where("kind", "=", "renditions")
      .where("key", "in", keys)
      .execute(),
  ]);
  const ready = new Set([...made, ...early].map((row) => row.audioKey));
  const failed = new Map(jobs.filter((job) => job.status === "failed").map((job) => [job.key, job.lastError ?? "Unknown error"]));
  const under = new Map(
    jobs.filter((job) => job.status === "queued" && job.progress !== null).map((job) => [job.key, Number(job.progress)]),
  );
  for (const song of songs) {
    const waiting = !song.released && song.releaseAt !== null && song.releaseAt <= now;
    const reason = failed.get(song.audioKey);
    // Made, and coming out at the schedule's next look (within a second): still on its way to fans.
    if (ready.has(song.audioKey)) states.set(song.audioKey, waiting ? { state: "preparing", waiting } : { state: "ready" });
    else if (reason !== undefined) states.set(song.audioKey, { state: "failed", reason, waiting });
    else {
      const percent = under.get(song.audioKey);
      states.set(song.audioKey, percent === undefined ? { state: "preparing", waiting } : { state: "preparing", waiting, percent });
    }
  }
  return states;
}

/** The work on a track's master, by kind: what every process that runs media jobs does. */
export function audioWorkHandlers(db: Db, storage: Storage): Record<Exclude<MediaJobKind, "downloads">, MediaJobHandler> {
  return { renditions: makeStoredRenditions(db, storage), analyse: measureStoredAudio(db, storage) };
}

/**
 * Does the audio work every song still needs, here and now, through the same
 * queue the server's processes take from (so work a server has taken is not
 * done twice), and resolves once none is due or under way (one waiting to be
 * retried after a failure is the server's to finish): the demo, whose songs
 * should play as renditions from the first page.
 */
export async function finishAudioWork(db: Db, storage: Storage, timeoutMs = 10 * 60_000): Promise<void> {
  const handlers = audioWorkHandlers(db, storage);
  const jobs = startMediaJobs({ db, handlers, beforeLook: askForMissingAudioWork, idleMs: 50 });
  try {
    const deadline = Date.now() + timeoutMs;
    await askForMissingAudioWork(db);
    for (;;) {
      // Due now or under way; a job waiting to be retried after a failure is not waited for,
      // nor is a release's zip, which only the server makes.
      const waiting = await db
        .selectFrom("mediaJobs")
        .select("id")
        .where("kind", "in", Object.keys(handlers) as (keyof typeof handlers)[])
        .where("status", "=", "queued")
        .where("nextAttemptAt", "<=", Date.now())
        .executeTakeFirst();
      if (!waiting) return;
      if (Date.now() > deadline) throw new Error("The audio work did not finish in time");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await jobs.stop();
  }
}
