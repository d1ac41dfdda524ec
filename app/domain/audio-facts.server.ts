import { z } from "zod";
import type { Db } from "#app/lib/db/db.server.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
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
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("audioFacts")
        .values({ audioKey: key, ...row })
        .onConflict((oc) => oc.column("audioKey").doUpdateSet(row))
        .execute();
      // Pages show its waveform and play it at its gain from now on, cached ones included.
      await bumpContentVersion(trx);
    });
  };
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
