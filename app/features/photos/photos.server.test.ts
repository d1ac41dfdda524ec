import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { MAX_DECODE_PIXELS } from "#app/lib/uploads/decode-limits.server.ts";
import { photoDerivedKeys } from "#app/domain/derived-keys.ts";
import { photoVariantKey } from "#app/domain/photo.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { MAX_PHOTO_BYTES } from "./photo-rules.ts";
import { applyPhotoAction, listPhotos, storePhotoUpload } from "./photos.server.ts";
import { PHOTO_TEXT } from "./ui-text.ts";

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

/** A body that sends `first` and then fails, as when the admin's connection drops mid-file. */
function interrupted(first: Buffer): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (sent) return controller.error(new Error("connection reset"));
      controller.enqueue(new Uint8Array(first));
      sent = true;
    },
  });
}

/** A photo-like JPEG: a gradient with a bright spot, so the encoders have something to do. */
async function photo(width: number, height: number, format: "jpeg" | "png" = "jpeg"): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#123"/><stop offset="1" stop-color="#c60"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 3}" r="${height / 5}" fill="#fed"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return format === "jpeg" ? image.jpeg({ quality: 80 }).toBuffer() : image.png().toBuffer();
}

const meta = (slot: string, alt = "Juniper on stage") => ({ slot, alt, focalX: "30", focalY: "40" });

describe.each(testStacks)("photos on %s", (stack) => {
  let site: TestSite;
  const storedFiles = async (): Promise<string[]> => {
    const keys: string[] = [];
    for await (const key of site.services.storage.keys("photos")) keys.push(key);
    return keys.sort();
  };
  const pending = () => site.services.db.selectFrom("pendingUploads").select("key").execute();
  const upload = async (slot: string, bytes: Buffer, alt?: string) =>
    storePhotoUpload(site.services, meta(slot, alt), "Stage shot.JPG", body(bytes), bytes.length);

  beforeAll(async () => {
    site = await createTestSite(stack);
  });
  beforeEach(async () => {
    await site.services.db.deleteFrom("photos").execute();
    await site.services.db.deleteFrom("pendingUploads").execute();
    for (const key of await storedFiles()) await site.services.storage.delete(key);
  });
  afterAll(() => site.cleanup());

  it("stores a photo with AVIF, WebP and JPEG variants up to its own width, its size and a tiny placeholder", async () => {
    const before = await currentContentVersion(site.services.db);
    const result = await upload("hero", await photo(1200, 800));
    if (!result.ok) throw new Error(result.error);
    const { photo: saved } = result;
    expect(saved).toMatchObject({ slot: "hero", width: 1200, height: 800, alt: "Juniper on stage", focalX: 30, focalY: 40 });
    expect(saved.key).toMatch(/^photos\/\d{13}_Stage_shot\.jpg$/);
    expect(saved.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(saved.placeholder.length).toBeLessThan(1000);

    // 480 and 960 wide, never enlarged to 1600 or 2400.
    const files = await storedFiles();
    const expected = [480, 960].flatMap((w) => (["avif", "webp", "jpg"] as const).map((f) => photoVariantKey(saved.key, w, f)));
    expect(files).toEqual([saved.key, ...expected].sort());
    for (const [width, format, kind] of [
      [480, "avif", "heif"],
      [960, "webp", "webp"],
      [960, "jpg", "jpeg"],
    ] as const) {
      const read = await site.services.storage.read(photoVariantKey(saved.key, width, format));
      const chunks: Buffer[] = [];
      for await (const chunk of read ?? []) chunks.push(chunk as Buffer);
      const info = await sharp(Buffer.concat(chunks)).metadata();
      expect([info.width, info.height, info.format]).toEqual([width, Math.round((800 / 1200) * width), kind]);
    }
    expect(await pending()).toEqual([]);
    expect(await currentContentVersion(site.services.db)).toBeGreaterThan(before);
    expect((await listPhotos(site.services)).hero).toEqual(saved);
  });

  it("takes a camera's EXIF orientation into account: an upright photo stays upright", async () => {
    // Stored 1000×600 landscape, tagged "turn a quarter": the photo is 600×1000.
    const rotated = await sharp(await photo(1000, 600))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const result = await upload("portrait", rotated);
    if (!result.ok) throw new Error(result.error);
    expect([result.photo.width, result.photo.height]).toEqual([600, 1000]);
  });

  it("refuses a photo without a description before storing anything", async () => {
    const bytes = await photo(800, 600);
    for (const alt of ["", "   "]) {
      expect(await upload("hero", bytes, alt)).toEqual({ ok: false, status: 400, error: PHOTO_TEXT.altRequired });
    }
    expect(await upload("hero", bytes, "x".repeat(301))).toEqual({ ok: false, status: 400, error: PHOTO_TEXT.altTooLong });
    expect(await storePhotoUpload(site.services, { slot: "hero" }, "a.jpg", body(bytes), bytes.length)).toMatchObject({
      ok: false,
      status: 400,
      error: PHOTO_TEXT.altRequired,
    });
    expect(await storePhotoUpload(site.services, { ...meta("hero"), focalX: "101" }, "a.jpg", body(bytes), bytes.length)).toMatchObject({
      ok: false,
      status: 400,
      error: PHOTO_TEXT.focalInvalid,
    });
    expect(await storePhotoUpload(site.services, meta("banner"), "a.jpg", body(bytes), bytes.length)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await storedFiles()).toEqual([]);
    expect(await pending()).toEqual([]);
  });

  it("refuses what is not a photo, or does not decode, and keeps nothing of it", async () => {
    const png = await photo(800, 600, "png");
    const broken = Buffer.concat([png.subarray(0, 200), Buffer.alloc(5000, 7)]);
    const gif = await sharp(png).gif().toBuffer();
    for (const bytes of [Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), gif, broken]) {
      expect(await upload("hero", bytes)).toEqual({ ok: false, status: 400, error: PHOTO_TEXT.invalidImage });
    }
    expect(await storedFiles()).toEqual([]);
    expect(await pending()).toEqual([]);
    expect((await listPhotos(site.services)).hero).toBeNull();
  });

  it("refuses a file over the size limit, by its declared length and while streaming", async () => {
    expect(await storePhotoUpload(site.services, meta("hero"), "a.jpg", body(Buffer.alloc(10)), MAX_PHOTO_BYTES + 1)).toEqual({
      ok: false,
      status: 413,
      error: PHOTO_TEXT.tooLarge,
    });
    // A real JPEG start, then more bytes than the limit, with no declared length.
    const start = await photo(800, 600);
    const huge = Buffer.concat([start, Buffer.alloc(MAX_PHOTO_BYTES)]);
    expect(await storePhotoUpload(site.services, meta("hero"), "a.jpg", body(huge, 1024 * 1024), null)).toEqual({
      ok: false,
      status: 413,
      error: PHOTO_TEXT.tooLarge,
    });
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a pixel bomb before decoding it, and a photo too small to look good", async () => {
    const side = Math.ceil(Math.sqrt(MAX_DECODE_PIXELS)) + 100;
    const bomb = await sharp({ create: { width: side, height: side, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MAX_PHOTO_BYTES);
    const started = performance.now();
    expect(await upload("hero", bomb)).toEqual({ ok: false, status: 400, error: PHOTO_TEXT.tooManyPixels });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await upload("hero", await photo(300, 400))).toEqual({ ok: false, status: 400, error: PHOTO_TEXT.tooSmall });
    expect(await storedFiles()).toEqual([]);
    expect(await pending()).toEqual([]);
  });

  it("leaves nothing behind when the upload is cut off", async () => {
    const bytes = await photo(800, 600);
    await expect(
      storePhotoUpload(site.services, meta("hero"), "a.jpg", interrupted(bytes.subarray(0, 5000)), bytes.length),
    ).rejects.toThrow();
    expect(await storedFiles()).toEqual([]);
    expect(await pending()).toEqual([]);
  });

  it("keeps one hero: a new one replaces the old, whose files go after the commit", async () => {
    const first = await upload("hero", await photo(900, 600));
    const second = await upload("hero", await photo(1000, 600));
    if (!first.ok || !second.ok) throw new Error("upload failed");
    const photos = await listPhotos(site.services);
    expect(photos.hero?.id).toBe(second.photo.id);
    const files = await storedFiles();
    for (const key of [first.photo.key, ...photoDerivedKeys(first.photo.key)]) expect(files).not.toContain(key);
    expect(files).toContain(second.photo.key);
    // Each single slot is its own.
    const portrait = await upload("portrait", await photo(600, 900));
    const poster = await upload("poster", await photo(1280, 720));
    expect(portrait.ok && poster.ok).toBe(true);
    const all = await listPhotos(site.services);
    expect([all.hero?.slot, all.portrait?.slot, all.poster?.slot]).toEqual(["hero", "portrait", "poster"]);
  });

  it("keeps press photos in the artist's order: added last, moved, removed, edited", async () => {
    const bytes = await photo(640, 480);
    const ids: string[] = [];
    for (const name of ["one", "two", "three"]) {
      const result = await upload("press", bytes, name);
      if (!result.ok) throw new Error(result.error);
      ids.push(result.photo.id);
    }
    const alts = async () => (await listPhotos(site.services)).press.map((p) => p.alt);
    expect(await alts()).toEqual(["one", "two", "three"]);

    const version = await currentContentVersion(site.services.db);
    expect(await applyPhotoAction(site.services, { intent: "move", id: ids[2], direction: "up" })).toEqual({ ok: true });
    expect(await alts()).toEqual(["one", "three", "two"]);
    expect(await currentContentVersion(site.services.db)).toBeGreaterThan(version);
    // At the ends, nothing moves.
    expect(await applyPhotoAction(site.services, { intent: "move", id: ids[0], direction: "up" })).toEqual({ ok: true });
    expect(await applyPhotoAction(site.services, { intent: "move", id: ids[0], direction: "down" })).toEqual({ ok: true });
    expect(await alts()).toEqual(["three", "one", "two"]);

    expect(
      await applyPhotoAction(site.services, { intent: "update", id: ids[1], alt: "  two, on stage ", focalX: "10", focalY: 90 }),
    ).toEqual({
      ok: true,
    });
    expect((await listPhotos(site.services)).press.find((p) => p.id === ids[1])).toMatchObject({
      alt: "two, on stage",
      focalX: 10,
      focalY: 90,
    });
    expect(await applyPhotoAction(site.services, { intent: "update", id: ids[1], alt: " ", focalX: 1, focalY: 1 })).toEqual({
      ok: false,
      status: 400,
      error: PHOTO_TEXT.altRequired,
    });

    const removed = (await listPhotos(site.services)).press.find((p) => p.id === ids[0]);
    expect(await applyPhotoAction(site.services, { intent: "remove", id: ids[0] })).toEqual({ ok: true });
    expect(await alts()).toEqual(["three", "two, on stage"]);
    expect(await storedFiles()).not.toContain(removed?.key);
    expect(await applyPhotoAction(site.services, { intent: "remove", id: ids[0] })).toEqual({
      ok: false,
      status: 404,
      error: PHOTO_TEXT.notFound,
    });
    expect(await applyPhotoAction(site.services, { intent: "move", id: "nope", direction: "sideways" })).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it("holds at most 24 press photos", async () => {
    const now = Date.now();
    await site.services.db
      .insertInto("photos")
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          id: `p${i}`,
          slot: "press" as const,
          position: i,
          key: `photos/${now + i}_p.jpg`,
          width: 800,
          height: 600,
          alt: `press ${i}`,
          placeholder: "data:,",
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    expect(await upload("press", await photo(640, 480))).toEqual({ ok: false, status: 400, error: PHOTO_TEXT.tooManyPress });
    expect(await storedFiles()).toEqual([]);
  });
});
