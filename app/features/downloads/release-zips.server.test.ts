import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverPng, synthMp3, synthWav } from "#scripts/media/synth.ts";
import { attachedPicture, describeAudio } from "#tests/support/audio-tags.ts";
import { unzip } from "#tests/support/unzip.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { finishAudioWork } from "#app/domain/audio-renditions.server.ts";
import { insertSingles, insertTrack } from "#app/domain/song-rows.server.ts";
import type { DownloadFormat } from "#app/lib/db/db-schema.ts";
import { MAX_JOB_ATTEMPTS, startMediaJobs } from "#app/lib/jobs/media-jobs.server.ts";
import type { Storage } from "#app/lib/storage/storage.server.ts";
import { currentContentVersion } from "#app/lib/db/content-version.server.ts";
import {
  askForReleaseZips,
  currentReleaseZip,
  releaseStamp,
  releaseZipGaveUp,
  releaseZipHandler,
  releaseZipStates,
  retryReleaseZip,
} from "./release-zips.server.ts";

const ALL: DownloadFormat[] = ["mp3-320", "flac", "opus"];
const EXTENSION: Record<DownloadFormat, string> = { "mp3-320": "mp3", flac: "flac", opus: "opus" };

describe("releaseStamp", () => {
  const release = {
    title: "Harbour Lights",
    year: 2019,
    tracks: [
      { id: "a", title: "One", artist: "Juniper Vale", audioKey: "music/1_a.wav", coverKey: "covers/1_a.png", lyrics: "", isrc: "" },
      { id: "b", title: "Two", artist: "Juniper Vale", audioKey: "music/1_b.wav", coverKey: "covers/1_b.png", lyrics: "la", isrc: "" },
    ],
  };
  it("is the same for the same zip, and another for anything that goes into it", () => {
    const stamp = releaseStamp(release, "flac");
    expect(stamp).toMatch(/^[0-9a-f]{16}$/);
    expect(releaseStamp(structuredClone(release), "flac")).toBe(stamp);
    const [one, two] = release.tracks;
    const changed = [
      releaseStamp(release, "opus"),
      releaseStamp({ ...release, title: "Harbour Light" }, "flac"),
      releaseStamp({ ...release, year: 2020 }, "flac"),
      releaseStamp({ ...release, tracks: [two!, one!] }, "flac"),
      releaseStamp({ ...release, tracks: [one!] }, "flac"),
      ...(["id", "title", "artist", "audioKey", "coverKey", "lyrics", "isrc"] as const).map((field) =>
        releaseStamp({ ...release, tracks: [{ ...one!, [field]: `${one![field]}x` }, two!] }, "flac"),
      ),
    ];
    expect(new Set([stamp, ...changed]).size).toBe(changed.length + 1);
    // Only the first track's cover is the release's.
    expect(releaseStamp({ ...release, tracks: [one!, { ...two!, coverKey: "covers/2_b.png" }] }, "flac")).toBe(stamp);
  });
});

describe.each(testStacks)("a release's download zips on %s", (stack) => {
  let site: TestSite;
  let db: TestSite["services"]["db"];
  let storage: Storage;
  beforeAll(async () => {
    site = await createTestSite(stack);
    ({ db, storage } = site.services);
  });
  afterAll(() => site.cleanup());

  const wav = (note: number) => synthWav({ seconds: 1.5, chords: [[note, note + 4, note + 7]], bpm: 120, sampleRate: 44_100 });

  type TrackSpec = { title: string; audio: Buffer; lyrics?: string; isrc?: string };

  /** A release of `tracks` in that order, offering `formats` for free, its cover the first track's. */
  async function release(title: string, tracks: TrackSpec[], options: { formats?: DownloadFormat[]; cover?: Buffer } = {}) {
    const cover = await storage.put(
      "covers",
      "cover.png",
      Readable.from([options.cover ?? (await coverPng(title, ["#0f172a", "#14b8a6"], 400))]),
    );
    const now = Date.now();
    const songIds: string[] = [];
    let releaseId = "";
    for (const [index, track] of tracks.entries()) {
      const audio = await storage.put("music", `${track.title}.wav`, Readable.from([track.audio]));
      const id = crypto.randomUUID();
      const song = {
        id,
        title: track.title,
        artist: "Juniper Vale",
        audioKey: audio.key,
        coverKey: cover.key,
        createdAt: now,
        updatedAt: now,
      };
      if (index === 0) {
        await insertSingles(db, [song]);
        releaseId = (await db.selectFrom("songs").select("releaseId").where("id", "=", id).executeTakeFirstOrThrow()).releaseId;
      } else await insertTrack(db, releaseId, song);
      await db
        .updateTable("songs")
        .set({ lyrics: track.lyrics ?? "", isrc: track.isrc ?? "" })
        .where("id", "=", id)
        .execute();
      songIds.push(id);
    }
    await db
      .updateTable("releases")
      .set({
        title,
        kind: "album",
        releaseDate: Date.UTC(2019, 4, 3),
        downloadAccess: "free",
        downloadFormats: JSON.stringify(options.formats ?? ALL),
      })
      .where("id", "=", releaseId)
      .execute();
    return { releaseId, songIds, coverKey: cover.key };
  }

  const downloadJobs = () =>
    db.selectFrom("mediaJobs").select(["id", "key", "status", "lastError"]).where("kind", "=", "downloads").execute();

  /** The media job loop as the server runs it (for this kind), until no zip is being made. */
  async function workThrough() {
    await askForReleaseZips(db, storage);
    const jobs = startMediaJobs({
      db,
      handlers: { downloads: releaseZipHandler(db, storage) },
      onGiveUp: { downloads: releaseZipGaveUp },
      beforeLook: (db) => askForReleaseZips(db, storage),
      idleMs: 20,
    });
    try {
      await expect
        .poll(async () => (await downloadJobs()).filter((job) => job.status === "queued").length, { timeout: 60_000, interval: 100 })
        .toBe(0);
    } finally {
      await jobs.stop();
    }
  }

  const storedZips = async () => {
    const keys: string[] = [];
    for await (const key of storage.keys("downloads")) keys.push(key);
    return keys.sort();
  };

  async function zipEntries(key: string) {
    const stream = await storage.read(key);
    if (!stream) throw new Error(`${key} is missing`);
    return unzip(Buffer.concat(await stream.toArray()));
  }

  const current = async (releaseId: string, format: DownloadFormat) => {
    const zip = await currentReleaseZip(db, storage, releaseId, format);
    if (!zip) throw new Error(`No current ${format} zip of ${releaseId}`);
    return zip;
  };

  let album: Awaited<ReturnType<typeof release>>;

  it("makes each offered format's zip once, in the background: the tracks in running order, tagged, and cover.jpg", async () => {
    album = await release("Harbour Lights", [
      { title: "First Light", audio: wav(60), isrc: "USRC17607839" },
      { title: "Salt / Roads: Live?", audio: wav(62), lyrics: "Salt on the road\nand on the sea" },
      { title: "Nächtliche Fähre", audio: wav(64) },
    ]);
    expect(await releaseZipStates(db, [album.releaseId])).toEqual(
      new Map([[album.releaseId, { "mp3-320": { state: "preparing" }, flac: { state: "preparing" }, opus: { state: "preparing" } }]]),
    );
    await askForReleaseZips(db, storage);
    const asked = await downloadJobs();
    expect(asked.map((job) => job.key.split(":").slice(0, 2).join(":")).sort()).toEqual(ALL.map((f) => `${album.releaseId}:${f}`).sort());
    // Asking again asks for nothing more.
    await askForReleaseZips(db, storage);
    expect(await downloadJobs()).toEqual(asked);

    await workThrough();
    const states = (await releaseZipStates(db, [album.releaseId])).get(album.releaseId);
    for (const format of ALL) expect(states?.[format]).toEqual({ state: "ready", bytes: expect.any(Number) as number });
    expect(await storedZips()).toHaveLength(3);

    for (const format of ALL) {
      const zip = await current(album.releaseId, format);
      expect(zip.key).toMatch(new RegExp(`^downloads/\\d{13}_Harbour-Lights-${format}-[0-9a-f]{32}\\.zip$`));
      expect(states?.[format]).toEqual({ state: "ready", bytes: zip.bytes });
      expect((await storage.stat(zip.key))?.size).toBe(zip.bytes);
      const entries = await zipEntries(zip.key);
      const extension = EXTENSION[format];
      expect(entries.map((entry) => entry.name)).toEqual([
        `01 First Light.${extension}`,
        `02 Salt _ Roads_ Live_.${extension}`,
        `03 Nächtliche Fähre.${extension}`,
        "cover.jpg",
      ]);
      for (const entry of entries) expect(entry).toMatchObject({ method: 0, crcMatches: true });
      // The PNG cover, as a JPEG of its size.
      const cover = entries[3]!.bytes;
      expect(await sharp(cover).metadata()).toMatchObject({ format: "jpeg", width: 400, height: 400 });

      for (const [index, entry] of entries.slice(0, 3).entries()) {
        const { tags, streams } = await describeAudio(entry.bytes);
        expect(tags, `${format} ${entry.name}`).toMatchObject({
          title: ["First Light", "Salt / Roads: Live?", "Nächtliche Fähre"][index],
          artist: "Juniper Vale",
          album: "Harbour Lights",
          album_artist: "Juniper Vale",
          date: "2019",
          ...(format === "mp3-320" ? { track: `${index + 1}/3` } : { track: `${index + 1}`, tracktotal: "3" }),
        });
        expect(streams[0]?.codec).toBe({ "mp3-320": "mp3", flac: "flac", opus: "opus" }[format]);
        expect(await attachedPicture(entry.bytes)).toEqual(cover);
        const isrc = format === "mp3-320" ? tags.tsrc : tags.isrc;
        expect(isrc).toBe(index === 0 ? "USRC17607839" : undefined);
        const lyrics = format === "mp3-320" ? tags["lyrics-xxx"] : tags.lyrics;
        expect(lyrics).toBe(index === 1 ? "Salt on the road\nand on the sea" : undefined);
      }
    }
  }, 120_000);

  it("makes a new zip when a title changes, never serving the one before, which is then removed", async () => {
    const before = await current(album.releaseId, "mp3-320");
    const oldJobs = await downloadJobs();
    await db.updateTable("songs").set({ title: "First Light (2024 mix)" }).where("id", "=", album.songIds[0]!).execute();
    expect(await currentReleaseZip(db, storage, album.releaseId, "mp3-320")).toBeNull();
    expect((await releaseZipStates(db, [album.releaseId])).get(album.releaseId)?.["mp3-320"]).toEqual({ state: "preparing" });

    await askForReleaseZips(db, storage);
    const newJobs = await downloadJobs();
    // The old stamps' jobs forgotten, one for each format's new stamp asked for.
    expect(newJobs.filter((job) => oldJobs.some((old) => old.id === job.id))).toEqual([]);
    expect(newJobs.map((job) => job.status)).toEqual(["queued", "queued", "queued"]);

    await workThrough();
    const after = await current(album.releaseId, "mp3-320");
    expect(after.key).not.toBe(before.key);
    expect(await storage.stat(before.key)).toBeNull();
    expect(await storedZips()).toHaveLength(3);
    const first = (await zipEntries(after.key))[0]!;
    expect(first.name).toBe("01 First Light (2024 mix).mp3");
    expect((await describeAudio(first.bytes)).tags.title).toBe("First Light (2024 mix)");
  }, 120_000);

  it("removes a format's zip when it is no longer offered, and every zip when the release is back to streaming only", async () => {
    const flac = await current(album.releaseId, "flac");
    const opus = await current(album.releaseId, "opus");
    await db
      .updateTable("releases")
      .set({ downloadFormats: JSON.stringify(["opus"]) })
      .where("id", "=", album.releaseId)
      .execute();
    await askForReleaseZips(db, storage);
    expect(await storage.stat(flac.key)).toBeNull();
    expect(await currentReleaseZip(db, storage, album.releaseId, "flac")).toBeNull();
    expect(await storedZips()).toEqual([opus.key]);
    expect((await downloadJobs()).map((job) => job.key.split(":")[1])).toEqual(["opus"]);
    expect(await releaseZipStates(db, [album.releaseId])).toEqual(
      new Map([[album.releaseId, { opus: { state: "ready", bytes: opus.bytes } }]]),
    );

    await db.updateTable("releases").set({ downloadAccess: "stream" }).where("id", "=", album.releaseId).execute();
    await askForReleaseZips(db, storage);
    expect(await storedZips()).toEqual([]);
    expect(await db.selectFrom("downloadFiles").selectAll().where("releaseId", "=", album.releaseId).execute()).toEqual([]);
    expect(await downloadJobs()).toEqual([]);
    expect(await releaseZipStates(db, [album.releaseId])).toEqual(new Map([[album.releaseId, {}]]));
    expect(await currentReleaseZip(db, storage, album.releaseId, "opus")).toBeNull();
  }, 60_000);

  it("refuses FLAC for a release with a lossy master and says why, makes its MP3, and puts a JPEG cover in as it is", async () => {
    const jpeg = await sharp(await coverPng("Paper Boats", ["#7c2d12", "#fbbf24"], 300))
      .jpeg({ quality: 88 })
      .toBuffer();
    const mixed = await release(
      "Paper Boats",
      [
        { title: "Fold", audio: wav(57) },
        { title: "Float", audio: synthMp3({ seconds: 1.5, chords: [[60, 64, 67]], bpm: 120 }) },
      ],
      { formats: ["flac", "mp3-320"], cover: jpeg },
    );
    const versionBefore = await currentContentVersion(db);
    await workThrough();
    // The release's page leaves FLAC out from now on, its cached copies too.
    expect(await currentContentVersion(db)).toBeGreaterThan(versionBefore);
    const states = (await releaseZipStates(db, [mixed.releaseId])).get(mixed.releaseId);
    expect(states?.flac).toEqual({
      state: "failed",
      reason: expect.stringMatching(/FLAC .*lossless.*“Float”.*mp3, which is lossy/) as string,
      // Refused for good: a new master makes it anew by itself, trying again would not.
      retryable: false,
    });
    expect(states?.["mp3-320"]).toMatchObject({ state: "ready" });
    expect(await currentReleaseZip(db, storage, mixed.releaseId, "flac")).toBeNull();
    const entries = await zipEntries((await current(mixed.releaseId, "mp3-320")).key);
    expect(entries.map((entry) => entry.name)).toEqual(["01 Fold.mp3", "02 Float.mp3", "cover.jpg"]);
    expect(entries[2]?.bytes).toEqual(jpeg);
    // Failed for good: asking again asks for nothing.
    await askForReleaseZips(db, storage);
    const flacJob = async () =>
      db
        .selectFrom("mediaJobs")
        .select(["status", "attempts", "lastError"])
        .where("kind", "=", "downloads")
        .where("key", "like", `${mixed.releaseId}:flac:%`)
        .executeTakeFirstOrThrow();
    expect((await flacJob()).status).toBe("failed");

    // The artist's Try again: made again from the start, and offered on the page again meanwhile.
    const versionFailed = await currentContentVersion(db);
    expect(await retryReleaseZip(db, mixed.releaseId, "flac")).toBe("retried");
    expect(await flacJob()).toEqual({ status: "queued", attempts: 0, lastError: null });
    expect(await currentContentVersion(db)).toBeGreaterThan(versionFailed);
    expect((await releaseZipStates(db, [mixed.releaseId])).get(mixed.releaseId)?.flac).toEqual({ state: "preparing" });
    // A second tap finds it under way; the MP3 is made; Opus is not offered.
    const versionRetried = await currentContentVersion(db);
    expect(await retryReleaseZip(db, mixed.releaseId, "flac")).toBe("under-way");
    expect(await retryReleaseZip(db, mixed.releaseId, "mp3-320")).toBe("made");
    expect(await retryReleaseZip(db, mixed.releaseId, "opus")).toBe("not-offered");
    expect(await currentContentVersion(db)).toBe(versionRetried);
    // Its master is still lossy: failed again, with the same reason.
    await workThrough();
    expect(await flacJob()).toMatchObject({ status: "failed", attempts: 1, lastError: expect.stringMatching(/“Float”.*lossy/) as string });
  }, 60_000);

  it("fails a release whose master cannot be read, for good, with the reason", async () => {
    const broken = await release("Static", [{ title: "Noise", audio: Buffer.from("RIFF but not really a wave file ".repeat(200)) }], {
      formats: ["opus"],
    });
    await workThrough();
    const state = (await releaseZipStates(db, [broken.releaseId])).get(broken.releaseId)?.opus;
    expect(state).toEqual({
      state: "failed",
      reason: expect.stringMatching(/^The audio of “Noise” could not be read: /) as string,
      retryable: false,
    });
    expect(await currentReleaseZip(db, storage, broken.releaseId, "opus")).toBeNull();
  }, 60_000);

  it("gives up on a zip that failed on every attempt, which the artist may try again, and then it is made", async () => {
    const single = await release("Ebb", [{ title: "Ebb", audio: wav(53) }], { formats: ["opus"] });
    await askForReleaseZips(db, storage);
    const ebbJob = () =>
      db
        .selectFrom("mediaJobs")
        .select(["status", "attempts"])
        .where("key", "like", `${single.releaseId}:opus:%`)
        .executeTakeFirstOrThrow();
    // Its last attempt, as after minutes of a bucket not answering.
    await db
      .updateTable("mediaJobs")
      .set({ attempts: MAX_JOB_ATTEMPTS - 1 })
      .where("key", "like", `${single.releaseId}:opus:%`)
      .execute();
    const versionBefore = await currentContentVersion(db);
    const jobs = startMediaJobs({
      db,
      handlers: {
        downloads: async () => {
          throw new Error("Storage did not answer");
        },
      },
      onGiveUp: { downloads: releaseZipGaveUp },
      idleMs: 20,
    });
    try {
      await expect.poll(async () => (await ebbJob()).status, { timeout: 10_000 }).toBe("failed");
    } finally {
      await jobs.stop();
    }
    expect((await releaseZipStates(db, [single.releaseId])).get(single.releaseId)?.opus).toEqual({
      state: "failed",
      reason: "Storage did not answer",
      retryable: true,
    });
    expect(await currentContentVersion(db)).toBeGreaterThan(versionBefore);

    expect(await retryReleaseZip(db, single.releaseId, "opus")).toBe("retried");
    await workThrough();
    expect((await releaseZipStates(db, [single.releaseId])).get(single.releaseId)?.opus).toMatchObject({ state: "ready" });
    expect(await ebbJob()).toEqual({ status: "done", attempts: 1 });
  }, 60_000);

  it("makes a zip again when its file is gone", async () => {
    const single = await release("Low Tide", [{ title: "Low Tide", audio: wav(55) }], { formats: ["opus"] });
    await workThrough();
    const made = await current(single.releaseId, "opus");
    await storage.delete(made.key);
    expect(await currentReleaseZip(db, storage, single.releaseId, "opus")).toBeNull();
    await workThrough();
    const again = await current(single.releaseId, "opus");
    expect(again.key).not.toBe(made.key);
    expect(await storage.stat(again.key)).toMatchObject({ size: again.bytes });
  }, 60_000);

  it("removes what it wrote when the release is deleted meanwhile, and sweeps leftover zips once an hour old", async () => {
    const doomed = await release("Ghost Ship", [{ title: "Ghost Ship", audio: wav(50) }], { formats: ["opus"] });
    await askForReleaseZips(db, storage);
    const job = (await downloadJobs()).find((row) => row.key.startsWith(`${doomed.releaseId}:`));
    if (!job) throw new Error("No job asked for");
    const zipsBefore = await storedZips();
    // The release goes while its zip is being stored.
    const deleting: Storage = {
      ...storage,
      async put(folder, name, body, options) {
        await db.deleteFrom("songs").where("releaseId", "=", doomed.releaseId).execute();
        await db.deleteFrom("releases").where("id", "=", doomed.releaseId).execute();
        return storage.put(folder, name, body, options);
      },
    };
    await releaseZipHandler(db, deleting)(job.key);
    expect(await storedZips()).toEqual(zipsBefore);
    expect(await db.selectFrom("downloadFiles").selectAll().where("releaseId", "=", doomed.releaseId).execute()).toEqual([]);

    const hourAgo = Date.now() - 2 * 60 * 60_000;
    const oldLeftover = `downloads/${hourAgo}_Gone-opus-${"a".repeat(32)}.zip`;
    await storage.write(oldLeftover, Readable.from([Buffer.from("PK")]));
    const beingWritten = (await storage.put("downloads", "Coming-opus-b.zip", Readable.from([Buffer.from("PK")]))).key;
    // Listed at most every few minutes: a look a while later.
    await askForReleaseZips(db, storage, Date.now() + 20 * 60_000);
    expect(await storedZips()).toEqual([...zipsBefore, beingWritten].sort());
    expect(await downloadJobs()).not.toContainEqual(expect.objectContaining({ id: job.id }));
  }, 60_000);
});

describe.each(testStacks)("the server's media work on %s", (stack) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(stack, {}, { runMediaJobs: true });
  });
  afterAll(() => site.cleanup());

  it("makes a release's zips beside its tracks' renditions, asking for them by itself", async () => {
    const { db, storage, media } = site.services;
    const audio = await storage.put("music", "Tide.wav", Readable.from([synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 })]));
    const cover = await storage.put("covers", "Tide.png", Readable.from([await coverPng("Tide", ["#000", "#fff"], 200)]));
    const id = crypto.randomUUID();
    await insertSingles(db, [
      { id, title: "Tide", artist: "Juniper Vale", audioKey: audio.key, coverKey: cover.key, createdAt: Date.now(), updatedAt: Date.now() },
    ]);
    const { releaseId } = await db.selectFrom("songs").select("releaseId").where("id", "=", id).executeTakeFirstOrThrow();
    await db
      .updateTable("releases")
      .set({ downloadAccess: "pay", downloadFormats: JSON.stringify(["mp3-320"]) })
      .where("id", "=", releaseId)
      .execute();
    media?.wake();
    await expect.poll(() => currentReleaseZip(db, storage, releaseId, "mp3-320"), { timeout: 60_000, interval: 200 }).not.toBeNull();
    await expect
      .poll(() => db.selectFrom("audioRenditions").select("audioKey").where("audioKey", "=", audio.key).executeTakeFirst(), {
        timeout: 60_000,
        interval: 200,
      })
      .toBeDefined();
  }, 120_000);
});

describe("the demo's audio work", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite("embedded");
  });
  afterAll(() => site.cleanup());

  it("does not wait for a release's zip, which only the server makes", async () => {
    const { db, storage } = site.services;
    await db
      .insertInto("mediaJobs")
      .values({
        id: "downloads:r:opus:0",
        kind: "downloads",
        key: "r:opus:0",
        status: "queued",
        attempts: 0,
        nextAttemptAt: 0,
        createdAt: 0,
      })
      .execute();
    await finishAudioWork(db, storage, 5_000);
    expect(await db.selectFrom("mediaJobs").select("status").where("id", "=", "downloads:r:opus:0").executeTakeFirst()).toEqual({
      status: "queued",
    });
  });
});
