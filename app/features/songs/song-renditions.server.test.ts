import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverPng, synthMp3, synthWav } from "#scripts/media/synth.ts";
import { createCoverVariants } from "./cover-variants.server.ts";
import { createSong, deleteSong, getSong, listSongsPage } from "./songs.server.ts";
import { releaseDueSongs, releaseNow } from "./release-schedule.server.ts";
import { analyseAudio } from "#app/lib/audio/analyse-audio.server.ts";
import { markPendingUpload } from "#app/lib/uploads/store-upload.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { askForMissingAudioWork, finishAudioWork, makeStoredRenditions } from "#app/domain/audio-renditions.server.ts";
import { mediaKey, renditionKey } from "#app/domain/song.ts";
import { RELEASE_TEXT } from "./ui-text.ts";
import type { Insertable } from "kysely";
import type { Db } from "#app/lib/db/db.server.ts";
import type { MediaJobsTable } from "#app/lib/db/db-schema.ts";

describe.each(testStacks)("streaming renditions on %s", (kind) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());

  async function song(title: string, file: string, audio: Buffer, services = site.services, isLatest = false) {
    const { storage } = services;
    const stored = await storage.put("music", file, Readable.from(audio));
    const cover = await storage.put("covers", `${title}.png`, Readable.from(await coverPng(title, ["#000", "#14b8a6"], 300)));
    await createCoverVariants(storage, cover.key);
    await markPendingUpload(site.services, stored.key);
    await markPendingUpload(site.services, cover.key);
    const created = await createSong(services, { title, audioKey: stored.key, coverKey: cover.key, isLatest });
    if (!created.ok) throw new Error(created.error);
    return { id: created.id, audioKey: stored.key };
  }

  const bytesOf = async (key: string) => (await site.services.storage.stat(key))?.size ?? null;
  const read = async (key: string) => {
    const stream = await site.services.storage.read(key);
    if (!stream) throw new Error(`${key} is missing`);
    return stream;
  };

  it("makes Opus and a fallback every browser plays from each upload, and fans are given those", async () => {
    const wav = synthWav({ seconds: 3, chords: [[60, 64, 67]], bpm: 120, sampleRate: 44_100 });
    const mp3 = synthMp3({ seconds: 3, chords: [[57, 60, 64]], bpm: 120 });
    const fromWav = await song("From A Wave", "master.wav", wav);
    const fromMp3 = await song("From An Mp3", "export.mp3", mp3);
    const broken = await song("Not Audio", "broken.wav", Buffer.from("RIFF but not really a wave file ".repeat(200)));

    // Before the renditions are made, a song plays its upload (a song from before them).
    const before = (await listSongsPage(site.services)).songs.find((item) => item.id === fromWav.id);
    expect(before?.audioUrl).toBe(`/media/${fromWav.audioKey}`);
    expect(before?.opusUrl).toBeNull();

    // As the demo does: the queue worked through here, shared with any server process.
    await finishAudioWork(site.services.db, site.services.storage, 30_000);
    const songs = (await listSongsPage(site.services)).songs;
    const wavSong = songs.find((item) => item.id === fromWav.id);
    const mp3Song = songs.find((item) => item.id === fromMp3.id);

    // The WAV: Opus, and an MP3 encoded from it; each far smaller than the master and as long.
    expect(wavSong?.opusUrl).toBe(`/media/${renditionKey(fromWav.audioKey, "opus")}`);
    expect(wavSong?.audioUrl).toBe(`/media/${renditionKey(fromWav.audioKey, "mp3")}`);
    for (const url of [wavSong?.opusUrl ?? "", wavSong?.audioUrl ?? ""]) {
      const bytes = await bytesOf(mediaKey(url));
      expect(bytes).toBeGreaterThan(1_000);
      expect(bytes).toBeLessThan(wav.length / 5);
      const facts = await analyseAudio(await read(mediaKey(url)));
      expect(Math.abs(facts.durationMs - 3_000)).toBeLessThan(150);
      expect(facts.loudnessLufs).toBeGreaterThan(-40);
    }

    // The MP3: its own audio is the fallback, copied rather than encoded again (the same frames, without its tags).
    expect(mp3Song?.audioUrl).toBe(`/media/${renditionKey(fromMp3.audioKey, "mp3")}`);
    const copied = await site.services.db
      .selectFrom("audioRenditions")
      .selectAll()
      .where("audioKey", "=", fromMp3.audioKey)
      .executeTakeFirstOrThrow();
    expect(copied.fallbackCopied).toBe(1);
    expect(Number(copied.fallbackBytes)).toBeGreaterThan(mp3.length * 0.95);
    expect(Number(copied.fallbackBytes)).toBeLessThanOrEqual(mp3.length + 1_024);
    expect(await bytesOf(renditionKey(fromMp3.audioKey, "opus"))).toBeGreaterThan(1_000);

    // A file that is not audio: the job fails with ffmpeg's reason, and nothing else is made.
    const failed = await site.services.db
      .selectFrom("mediaJobs")
      .select(["status", "lastError"])
      .where("id", "=", `renditions:${broken.audioKey}`)
      .executeTakeFirstOrThrow();
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toMatch(/^The audio could not be read: /);
    expect(await bytesOf(renditionKey(broken.audioKey, "opus"))).toBeNull();

    // A deleted track takes its renditions with it.
    expect(await deleteSong(site.services, fromWav.id)).toMatchObject({ ok: true });
    await askForMissingAudioWork(site.services.db);
    for (const format of ["opus", "mp3"] as const) expect(await bytesOf(renditionKey(fromWav.audioKey, format))).toBeNull();
    expect(
      await site.services.db.selectFrom("audioRenditions").select("audioKey").where("audioKey", "=", fromWav.audioKey).execute(),
    ).toEqual([]);
  });

  it("brings a track out only once its renditions exist, where they are made; a song from before them need not wait", async () => {
    // The server's services, which make renditions in the background (decision 026).
    let woken = 0;
    const services = { ...site.services, media: { wake: () => void woken++ } };
    const { db, storage } = services;
    const wav = synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 });
    const added = await song("Straight Out", "straight.wav", wav, services, true);
    expect(woken).toBe(1);
    const waiting = await getSong(services, added.id);
    expect(waiting).toMatchObject({ released: false, isLatest: false });
    const card = (await listSongsPage(services)).songs.find((item) => item.id === added.id);
    expect(card?.streaming).toEqual({ state: "preparing", waiting: true });

    // The schedule's look and the artist's "Release now" both wait, and say so.
    expect((await releaseDueSongs(db, undefined, Date.now(), true)).released).toEqual([]);
    expect(await releaseNow(db, { songId: added.id }, undefined, Date.now(), true)).toEqual({
      ok: true,
      title: "Straight Out",
      queuedMail: false,
      preparing: true,
    });
    expect(await getSong(services, added.id)).toMatchObject({ released: false });

    const streamingOf = async (id: string) => (await listSongsPage(services)).songs.find((item) => item.id === id)?.streaming;
    // While a process makes them, the card says how far it has come.
    await renditionsJob(db, added.audioKey, {
      status: "queued",
      leaseOwner: "another process",
      leaseUntil: Date.now() + 60_000,
      progress: 37,
    });
    expect(await streamingOf(added.id)).toEqual({ state: "preparing", waiting: true, percent: 37 });

    // The work tells its progress as ffmpeg reads the master, to the end.
    const fractions: number[] = [];
    await makeStoredRenditions(db, storage)(added.audioKey, (fraction) => fractions.push(fraction));
    expect(fractions.length).toBeGreaterThan(0);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
    await db.updateTable("mediaJobs").set({ status: "done", progress: null }).where("key", "=", added.audioKey).execute();
    // Made: on its way out at the schedule's next look, and said so until then.
    expect(await streamingOf(added.id)).toEqual({ state: "preparing", waiting: true });
    const look = await releaseDueSongs(db, undefined, Date.now(), true);
    expect(look.released.map((release) => release.title)).toEqual(["Straight Out"]);
    // Out, as the latest release it was added as; its version kept, so an editor opened meanwhile still saves.
    expect(await getSong(services, added.id)).toMatchObject({ released: true, isLatest: true, updatedAt: waiting?.updatedAt });
    expect(await streamingOf(added.id)).toEqual({ state: "ready" });

    // A song of a site from before renditions (migration 0025 lists it) comes out on its day without them.
    const old = await song("Before Renditions", "old.wav", wav, services);
    await db.insertInto("uploadsServedUntilRenditions").values({ audioKey: old.audioKey }).execute();
    expect((await releaseDueSongs(db, undefined, Date.now(), true)).released.map((release) => release.title)).toEqual([
      "Before Renditions",
    ]);
    expect(await streamingOf(old.id)).toEqual({ state: "ready" });

    // A file ffmpeg cannot read would keep its release waiting for ever: Release now says why, and moves nothing.
    const broken = await song("Unreadable", "unreadable.wav", Buffer.from("RIFF but not really a wave file ".repeat(200)), services);
    await expect(makeStoredRenditions(db, storage)(broken.audioKey)).rejects.toThrow();
    await renditionsJob(db, broken.audioKey, { status: "failed", attempts: 3, lastError: "The audio could not be read: not a WAV" });
    const before = await getSong(services, broken.id);
    expect(await releaseNow(db, { songId: broken.id }, undefined, Date.now() + 1_000, true)).toEqual({
      ok: false,
      status: 409,
      error: RELEASE_TEXT.unreadableAudio("Unreadable"),
    });
    expect(await getSong(services, broken.id)).toMatchObject({ released: false, releaseAt: before?.releaseAt });

    // Where none are made (no ffmpeg for the platform), a song is out on upload, as before.
    const plain = await song("Out At Once", "plain.wav", wav);
    expect(await getSong(site.services, plain.id)).toMatchObject({ released: true });
  });
});

/** The renditions job of `audioKey` as a process left it (written directly: the queue is not what is tested here). */
async function renditionsJob(db: Db, audioKey: string, as: Partial<Insertable<MediaJobsTable>>): Promise<void> {
  const row = {
    id: `renditions:${audioKey}`,
    kind: "renditions" as const,
    key: audioKey,
    status: "queued" as const,
    attempts: 1,
    nextAttemptAt: Date.now(),
    leaseOwner: null,
    leaseUntil: null,
    lastError: null,
    progress: null,
    createdAt: Date.now(),
    doneAt: null,
    ...as,
  };
  await db
    .insertInto("mediaJobs")
    .values(row)
    .onConflict((conflict) => conflict.column("id").doUpdateSet(row))
    .execute();
}
