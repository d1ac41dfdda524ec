import { readdirSync } from "node:fs";
import sharp from "sharp";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { coverPng, synthWav } from "#scripts/media/synth.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { coverDerivedKeys } from "#app/domain/derived-keys.ts";
import { UPLOAD_LIMITS } from "./upload-rules.ts";
import { UPLOAD_TEXT } from "./ui-text.ts";
import { sweepAbandonedUploads } from "#app/domain/stored-files.server.ts";
import { discardPendingUpload, storeUpload } from "./uploads.server.ts";
import { createSong } from "./songs.server.ts";

/** A web stream of `buffer` in chunks, as a request body arrives. */
function body(buffer: Buffer, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= buffer.length) return controller.close();
      controller.enqueue(new Uint8Array(buffer.subarray(offset, offset + chunk)));
      offset += chunk;
    },
  });
}

/** A WAV header followed by `size` bytes of silence, produced lazily (never held whole). */
function hugeWav(size: number): ReadableStream<Uint8Array> {
  const head = synthWav({ seconds: 0.1, chords: [[60]], bpm: 60 }).subarray(0, 44);
  let sent = 0;
  const block = new Uint8Array(1024 * 1024);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(head));
    },
    pull(controller) {
      if (sent >= size) return controller.close();
      controller.enqueue(block);
      sent += block.length;
    },
  });
}

describe.each(testStacks)("uploads on %s", (kind) => {
  let site: TestSite;
  const uploadsDir = () => path.join(site.dataDir, "uploads");
  /** Every object the site's storage holds, whichever driver it is. */
  const storedFiles = async (): Promise<string[]> => {
    const keys: string[] = [];
    for (const folder of ["music", "covers"] as const) for await (const key of site.services.storage.keys(folder)) keys.push(key);
    return keys.sort();
  };

  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  beforeEach(async () => {
    await site.services.db.deleteFrom("pendingUploads").execute();
  });
  afterAll(() => site.cleanup());

  it("stores a WAV under its real extension, reads its duration and title tag, and marks it pending", async () => {
    const wav = synthWav({ seconds: 2, chords: [[60, 64, 67]], bpm: 100, title: "Night Swim" });
    const result = await storeUpload(site.services, "audio", "My Take (final).MP3", body(wav), wav.length);
    if (!result.ok) throw new Error(result.error);
    expect(result.key).toMatch(/^music\/\d{13}_My_Take_final_\.wav$/);
    expect(result).toMatchObject({ url: `/media/${result.key}`, size: wav.length, durationMs: 2000, title: "Night Swim" });
    const pending = await site.services.db.selectFrom("pendingUploads").select("key").execute();
    expect(pending).toEqual([{ key: result.key }]);
  });

  it.each([
    ["a name that ends in a folder and an odd extension", "qpIJ*\\_=$\t/.sE8(p6aZ"],
    ["a path ending in a folder", "songs/"],
    ["a lone extension", ".mp3"],
  ])("names the file after the proved type whatever the name: %s", async (_what, name) => {
    const wav = synthWav({ seconds: 0.2, chords: [[60, 64, 67]], bpm: 100 });
    const result = await storeUpload(site.services, "audio", name, body(wav), wav.length);
    if (!result.ok) throw new Error(result.error);
    expect(result.key).toMatch(/^music\/\d{13}_[A-Za-z0-9][A-Za-z0-9._-]*\.wav$/);
  });

  it("stores a cover with all its variants", async () => {
    const png = await coverPng("Cover", ["#111", "#e11"], 500);
    const result = await storeUpload(site.services, "cover", "cover.png", body(png), png.length);
    if (!result.ok) throw new Error(result.error);
    for (const key of [result.key, ...coverDerivedKeys(result.key)]) expect(await storedFiles()).toContain(key);
  });

  it.each([
    ["a PNG posing as audio", "audio", "song.mp3", async () => coverPng("x", ["#000", "#fff"], 64), UPLOAD_TEXT.invalidAudio],
    [
      "plain text posing as audio",
      "audio",
      "song.wav",
      async () => Buffer.from("just some text, not audio".repeat(50)),
      UPLOAD_TEXT.invalidAudio,
    ],
    [
      "a WAV posing as a cover",
      "cover",
      "cover.png",
      async () => synthWav({ seconds: 0.2, chords: [[60]], bpm: 60 }),
      UPLOAD_TEXT.invalidImage,
    ],
    [
      "an SVG cover",
      "cover",
      "cover.svg",
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      UPLOAD_TEXT.invalidImage,
    ],
    [
      "an HTML page posing as a cover",
      "cover",
      "cover.jpg",
      async () => Buffer.from("<!doctype html><script>alert(1)</script>"),
      UPLOAD_TEXT.invalidImage,
    ],
  ] as const)("refuses %s by its bytes and stores nothing", async (_name, uploadKind, fileName, make, message) => {
    const before = await storedFiles();
    const bytes = await make();
    const result = await storeUpload(site.services, uploadKind, fileName, body(bytes), bytes.length);
    expect(result).toEqual({ ok: false, status: 400, error: message });
    expect(await storedFiles()).toEqual(before);
    expect(await site.services.db.selectFrom("pendingUploads").select("key").execute()).toEqual([]);
  });

  it("refuses a cover with image magic bytes that does not decode, removing what was written", async () => {
    const before = await storedFiles();
    const broken = Buffer.concat([(await coverPng("x", ["#000", "#fff"], 64)).subarray(0, 200), Buffer.alloc(500, 7)]);
    const result = await storeUpload(site.services, "cover", "broken.png", body(broken), broken.length);
    expect(result).toEqual({ ok: false, status: 400, error: UPLOAD_TEXT.invalidImage });
    expect(await storedFiles()).toEqual(before);
  });

  it("tells the artist a cover is too large to process, and keeps nothing of it", async () => {
    // A 16-bit 6300×6300 PNG made small by compression: few enough pixels, too many bytes once decoded.
    const deep = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: "#000" } })
      .toColourspace("rgb16")
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(deep.length).toBeLessThan(UPLOAD_LIMITS.cover);
    const before = await storedFiles();
    const result = await storeUpload(site.services, "cover", "deep.png", body(deep), deep.length);
    expect(result).toEqual({ ok: false, status: 400, error: UPLOAD_TEXT.imageTooManyPixels });
    expect(await storedFiles()).toEqual(before);
    expect(await site.services.db.selectFrom("pendingUploads").select("key").execute()).toEqual([]);
  });

  it("answers 'No file provided' for an empty or missing body", async () => {
    expect(await storeUpload(site.services, "audio", "x.wav", null, null)).toEqual({
      ok: false,
      status: 400,
      error: UPLOAD_TEXT.noFile,
    });
    expect(await storeUpload(site.services, "audio", "x.wav", body(Buffer.alloc(0)), null)).toEqual({
      ok: false,
      status: 400,
      error: UPLOAD_TEXT.noFile,
    });
  });

  it("refuses oversize files by declared length at once, and by real length while streaming", async () => {
    const before = await storedFiles();
    expect(await storeUpload(site.services, "cover", "big.png", body(Buffer.alloc(10)), UPLOAD_LIMITS.cover + 1)).toEqual({
      ok: false,
      status: 413,
      error: UPLOAD_TEXT.imageTooLarge,
    });
    // No Content-Length: the limit is enforced on the bytes as they arrive.
    const streamed = await storeUpload(site.services, "audio", "huge.wav", hugeWav(UPLOAD_LIMITS.audio + 2 * 1024 * 1024), null);
    expect(streamed).toEqual({ ok: false, status: 413, error: UPLOAD_TEXT.audioTooLarge });
    expect(await storedFiles()).toEqual(before);
    // On disk, no half-written temp file either (objects in a bucket have no such stage).
    if (site.services.storage.localPath) {
      expect(readdirSync(path.join(uploadsDir(), "music")).filter((name) => name.startsWith(".partial"))).toEqual([]);
    }
  });

  it("sweeps uploads no song claimed after the grace period, and keeps claimed ones", async () => {
    const wav = synthWav({ seconds: 0.5, chords: [[60]], bpm: 60 });
    const png = await coverPng("Sweep", ["#000", "#0f0"], 200);
    const orphanAudio = await storeUpload(site.services, "audio", "orphan.wav", body(wav), wav.length);
    const orphanCover = await storeUpload(site.services, "cover", "orphan.png", body(png), png.length);
    const keptAudio = await storeUpload(site.services, "audio", "kept.wav", body(wav), wav.length);
    const keptCover = await storeUpload(site.services, "cover", "kept.png", body(png), png.length);
    if (!orphanAudio.ok || !orphanCover.ok || !keptAudio.ok || !keptCover.ok) throw new Error("upload failed");
    const song = await createSong(site.services, { title: "Kept", audioKey: keptAudio.key, coverKey: keptCover.key });
    expect(song.ok).toBe(true);

    expect(await sweepAbandonedUploads(site.services)).toBe(0);
    expect(await sweepAbandonedUploads(site.services, -1)).toBe(2);
    const files = await storedFiles();
    for (const key of [orphanAudio.key, orphanCover.key, ...coverDerivedKeys(orphanCover.key)]) expect(files).not.toContain(key);
    for (const key of [keptAudio.key, keptCover.key, ...coverDerivedKeys(keptCover.key)]) expect(files).toContain(key);
  });

  it("gives back an upload the wizard cancelled, but never a file a song has claimed", async () => {
    const wav = synthWav({ seconds: 0.5, chords: [[60]], bpm: 60 });
    const png = await coverPng("Cancel", ["#000", "#f00"], 200);
    const before = await storedFiles();
    const cancelledCover = await storeUpload(site.services, "cover", "cancelled.png", body(png), png.length);
    const audio = await storeUpload(site.services, "audio", "kept.wav", body(wav), wav.length);
    const cover = await storeUpload(site.services, "cover", "kept.png", body(png), png.length);
    if (!cancelledCover.ok || !audio.ok || !cover.ok) throw new Error("upload failed");

    // The cancelled cover goes, variants and all; asked again, there is nothing left to do.
    expect(await discardPendingUpload(site.services, "cover", cancelledCover.key)).toBe(true);
    expect(await discardPendingUpload(site.services, "cover", cancelledCover.key)).toBe(false);
    for (const key of [cancelledCover.key, ...coverDerivedKeys(cancelledCover.key)]) expect(await storedFiles()).not.toContain(key);

    // Claimed by a song first: a late Cancel keeps the song's files.
    const song = await createSong(site.services, { title: "Claimed", audioKey: audio.key, coverKey: cover.key });
    expect(song.ok).toBe(true);
    expect(await discardPendingUpload(site.services, "audio", audio.key)).toBe(false);
    expect(await discardPendingUpload(site.services, "cover", cover.key)).toBe(false);
    for (const key of [audio.key, cover.key]) expect(await storedFiles()).toContain(key);

    // Only keys of the named kind, and only well-formed ones.
    const other = await storeUpload(site.services, "audio", "other.wav", body(wav), wav.length);
    if (!other.ok) throw new Error(other.error);
    expect(await discardPendingUpload(site.services, "cover", other.key)).toBe(false);
    expect(await discardPendingUpload(site.services, "audio", "music/../site.db")).toBe(false);
    expect(await storedFiles()).toContain(other.key);
    expect(await discardPendingUpload(site.services, "audio", other.key)).toBe(true);
    expect((await storedFiles()).filter((key) => !before.includes(key)).sort()).toEqual(
      [audio.key, cover.key, ...coverDerivedKeys(cover.key)].sort(),
    );
  });
});
