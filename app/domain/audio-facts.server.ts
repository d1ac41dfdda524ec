import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "#app/lib/db/db.server.ts";
import { analyseAudio } from "#app/lib/audio/analyse-audio.server.ts";
import { FfmpegFailedError } from "#app/lib/audio/ffmpeg.server.ts";
import { PermanentJobError, type MediaJobHandler } from "#app/lib/jobs/media-jobs.server.ts";
import type { Storage } from "#app/lib/storage/storage.server.ts";
import type { AudioMeasure } from "./song.ts";

// A track's loudness and waveform, measured once in the background after its
// audio is stored (issue #34), for the artist's dashboard now and for the
// player's gain and seek bar.

/** The job that measures one stored audio file and keeps what it found. */
export function measureStoredAudio(db: Db, storage: Storage): MediaJobHandler {
  return async (key) => {
    const input = await storage.read(key);
    if (!input) throw new PermanentJobError("The audio file is missing from storage");
    let facts;
    try {
      facts = await analyseAudio(input);
    } catch (error) {
      // A file ffmpeg cannot read will not read better next time.
      if (error instanceof FfmpegFailedError) throw new PermanentJobError(`The audio could not be read: ${error.message}`);
      throw error;
    }
    const row = {
      loudnessLufs: facts.loudnessLufs,
      truePeakDb: facts.truePeakDb,
      durationMs: facts.durationMs,
      peaks: JSON.stringify(facts.peaks),
      measuredAt: Date.now(),
    };
    await db
      .insertInto("audioFacts")
      .values({ audioKey: key, ...row })
      .onConflict((oc) => oc.column("audioKey").doUpdateSet(row))
      .execute();
  };
}

/**
 * Every song's audio gets its analysis asked for, however the song came (the
 * dashboard, the demo, a restore or a transfer), and the jobs and facts of
 * audio no song holds any more are forgotten.
 */
export async function askForMissingMeasures(db: Db, now = Date.now()): Promise<void> {
  await sql`
    insert into "mediaJobs" (id, kind, key, status, attempts, "nextAttemptAt", "createdAt")
    select 'analyse:' || "audioKey", 'analyse', "audioKey", 'queued', 0, ${now}, ${now} from songs
    where not exists (select 1 from "mediaJobs" j where j.id = 'analyse:' || songs."audioKey")
    on conflict (id) do nothing`.execute(db);
  await db
    .deleteFrom("mediaJobs")
    .where("kind", "=", "analyse")
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("songs").select("id").whereRef("songs.audioKey", "=", "mediaJobs.key"))))
    .execute();
  await db
    .deleteFrom("audioFacts")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("songs").select("id").whereRef("songs.audioKey", "=", "audioFacts.audioKey"))),
    )
    .execute();
}

const figure = z.number().finite().nullable();

/** How the measuring of each of `keys` stands (a key with no job yet is being measured: the worker asks for it shortly). */
export async function audioMeasuresOf(db: Db, keys: readonly string[]): Promise<Map<string, AudioMeasure>> {
  const measures = new Map<string, AudioMeasure>();
  if (keys.length === 0) return measures;
  const [facts, jobs] = await Promise.all([
    db.selectFrom("audioFacts").select(["audioKey", "loudnessLufs", "truePeakDb"]).where("audioKey", "in", keys).execute(),
    db.selectFrom("mediaJobs").select(["key", "status", "lastError"]).where("kind", "=", "analyse").where("key", "in", keys).execute(),
  ]);
  for (const key of keys) measures.set(key, { state: "measuring" });
  for (const job of jobs) {
    if (job.status === "failed") measures.set(job.key, { state: "failed", reason: job.lastError ?? "Unknown error" });
  }
  for (const row of facts) {
    const loudness = figure.safeParse(row.loudnessLufs);
    const peak = figure.safeParse(row.truePeakDb);
    measures.set(row.audioKey, {
      state: "measured",
      loudnessLufs: loudness.success ? loudness.data : null,
      truePeakDb: peak.success ? peak.data : null,
    });
  }
  return measures;
}
