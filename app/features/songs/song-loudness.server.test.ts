import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverPng, synthWav } from "#scripts/media/synth.ts";
import { createCoverVariants } from "./cover-variants.server.ts";
import { createSong, deleteSong, listSongsPage } from "./songs.server.ts";
import { startMediaJobs } from "#app/lib/jobs/media-jobs.server.ts";
import { markPendingUpload } from "#app/lib/uploads/store-upload.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { audioMeasuresOf } from "#app/domain/audio-facts.server.ts";
import { gainToward } from "#app/domain/track-gain.ts";
import { askForMissingAudioWork, audioWorkHandlers } from "#app/domain/audio-renditions.server.ts";

describe.each(testStacks)("measuring tracks on %s", (kind) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());

  async function song(title: string, audio: Buffer) {
    const { storage } = site.services;
    const stored = await storage.put("music", `${title}.wav`, Readable.from(audio));
    const cover = await storage.put("covers", `${title}.png`, Readable.from(await coverPng(title, ["#000", "#14b8a6"], 300)));
    await createCoverVariants(storage, cover.key);
    await markPendingUpload(site.services, stored.key);
    await markPendingUpload(site.services, cover.key);
    const created = await createSong(site.services, { title, audioKey: stored.key, coverKey: cover.key });
    if (!created.ok) throw new Error(created.error);
    return { id: created.id, audioKey: stored.key };
  }

  it("measures every track in the background and shows the artist its loudness, or why it could not", async () => {
    const good = await song("Measured", synthWav({ seconds: 2, chords: [[60, 64, 67]], bpm: 120 }));
    const bad = await song("Not Audio", Buffer.from("RIFF but not really a wave file ".repeat(200)));
    const measures = () => audioMeasuresOf(site.services.db, [good.audioKey, bad.audioKey]);
    // Nothing asked yet: being measured, as the library says until the work is done.
    expect((await measures()).get(good.audioKey)).toEqual({ state: "measuring" });

    const jobs = startMediaJobs({
      db: site.services.db,
      handlers: audioWorkHandlers(site.services.db, site.services.storage),
      beforeLook: askForMissingAudioWork,
      idleMs: 20,
    });
    try {
      const deadline = Date.now() + 20_000;
      while ([...(await measures()).values()].some((measure) => measure.state === "measuring")) {
        if (Date.now() > deadline) throw new Error("Not measured in time");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await jobs.stop();
    }
    const measured = (await measures()).get(good.audioKey);
    expect(measured).toMatchObject({ state: "measured" });
    if (measured?.state !== "measured") throw new Error("unreachable");
    expect(measured.loudnessLufs).toBeGreaterThan(-40);
    expect(measured.loudnessLufs).toBeLessThan(0);
    expect(measured.truePeakDb).toBeLessThanOrEqual(0.5);
    const failed = (await measures()).get(bad.audioKey);
    expect(failed).toMatchObject({ state: "failed" });
    expect(failed?.state === "failed" && failed.reason).toMatch(/^The audio could not be read: /);
    const facts = await site.services.db
      .selectFrom("audioFacts")
      .selectAll()
      .where("audioKey", "=", good.audioKey)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(facts.peaks)).toHaveLength(400);
    expect(facts.durationMs).toBeGreaterThan(1_900);

    // The artist's library carries it with each track, and the player its gain toward −14 LUFS (a single: its release's too).
    const page = await listSongsPage(site.services);
    const listed = page.songs.find((item) => item.id === good.id);
    expect(listed?.measure).toEqual(measured);
    const gain = gainToward(measured.loudnessLufs, measured.truePeakDb);
    expect(listed?.gain).toEqual({ track: gain, album: gain });
    // Added with no length (a script's upload): the measured one is its length.
    expect(listed?.durationMs).toBeGreaterThan(1_900);

    // A deleted track's work and facts are forgotten.
    expect(await deleteSong(site.services, good.id)).toMatchObject({ ok: true });
    await askForMissingAudioWork(site.services.db);
    expect(await site.services.db.selectFrom("audioFacts").select("audioKey").where("audioKey", "=", good.audioKey).execute()).toEqual([]);
    expect(await site.services.db.selectFrom("mediaJobs").select("id").where("key", "=", good.audioKey).execute()).toEqual([]);
  });
});
