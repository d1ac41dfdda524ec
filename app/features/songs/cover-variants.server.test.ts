import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { crc32, deflateSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { coverPng } from "#scripts/media/synth.ts";
import { createLocalStorage } from "#app/lib/storage/storage-local.server.ts";
import { coverSocialKey, coverVariantKey } from "#app/domain/song.ts";
import { coverDerivedKeys } from "#app/domain/derived-keys.ts";
import { ImageTooLargeError, MAX_DECODE_PIXELS, oneAtATime } from "#app/lib/uploads/decode-limits.server.ts";
import { createCoverVariants, stripStoredCoverMetadata } from "./cover-variants.server.ts";

/** A PNG with only a header and a token of data: enough for anything that reads sizes, not for a decoder. */
function pngHeaderOnly(width: number, height: number, bitDepth: 8 | 16, colourType: 2 | 6): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([length, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = colourType;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(Buffer.alloc(1024))), chunk("IEND", Buffer.alloc(0))]);
}

describe("cover variants", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "covers-test-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("makes square AVIF and WebP variants at every width and a 1200×630 share image", async () => {
    const storage = createLocalStorage(root);
    // A wide, non-square cover: variants are still square.
    const wide = await sharp(await coverPng("Wide", ["#123", "#f80"], 600))
      .resize(900, 600, { fit: "fill" })
      .png()
      .toBuffer();
    const { key } = await storage.put("covers", "wide.png", Readable.from(wide));
    await createCoverVariants(storage, key);

    for (const [width, format] of [
      [96, "avif"],
      [384, "webp"],
      [768, "avif"],
    ] as const) {
      const file = storage.localPath(coverVariantKey(key, width, format));
      const info = await sharp(file).metadata();
      expect([info.width, info.height, info.format]).toEqual([width, width, format === "avif" ? "heif" : "webp"]);
    }
    const social = await sharp(storage.localPath(coverSocialKey(key))).metadata();
    expect([social.width, social.height, social.format]).toEqual([1200, 630, "jpeg"]);
    expect(readdirSync(path.join(root, "covers")).sort()).toEqual(
      [key, ...coverDerivedKeys(key)].map((k) => k.slice("covers/".length)).sort(),
    );
  });

  it("keeps no metadata in the cover itself (a phone's EXIF with where it was taken), and keeps it upright", async () => {
    const storage = createLocalStorage(root);
    // Taken sideways (orientation 6: turn a quarter to the right), with the place and the camera.
    const photo = await sharp(await coverPng("GPS", ["#123", "#f80"], 400))
      .resize(400, 300, { fit: "fill" })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: "PhoneCo", Model: "Pocket 12" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "56/1 24/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "5/1 28/1 0/1" },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { key } = await storage.put("covers", "sideways.jpg", Readable.from(photo));
    await createCoverVariants(storage, key);
    const stored = await sharp(storage.localPath(key)).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.iptc).toBeUndefined();
    expect([stored.format, stored.width, stored.height, stored.orientation]).toEqual(["jpeg", 300, 400, undefined]);
  });

  it("re-writes covers stored with their metadata before this held, and leaves clean ones untouched", async () => {
    const storage = createLocalStorage(root);
    const tagged = await sharp(await coverPng("Old", ["#123", "#f80"], 300))
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "56/1 24/1 0/1" } })
      .toBuffer();
    const old = await storage.put("covers", "old.jpg", Readable.from(tagged));
    const clean = await storage.put("covers", "clean.png", Readable.from(await coverPng("Clean", ["#123", "#f80"], 300)));
    const cleanBefore = readFileSync(storage.localPath(clean.key));
    expect(await stripStoredCoverMetadata(storage, [old.key, clean.key, "covers/1800000000000_gone.jpg"])).toEqual([old.key]);
    expect((await sharp(storage.localPath(old.key)).metadata()).exif).toBeUndefined();
    expect(readFileSync(storage.localPath(clean.key)).equals(cleanBefore)).toBe(true);
    expect(await stripStoredCoverMetadata(storage, [old.key])).toEqual([]);
  });

  it("refuses, before decoding, a cover whose samples would take too much memory though its pixels are few enough", async () => {
    const storage = createLocalStorage(root);
    // 6300×6300 is under the pixel limit; at 16 bits a sample it decodes to 238 MB.
    const deep = pngHeaderOnly(6300, 6300, 16, 2);
    expect(6300 * 6300).toBeLessThan(MAX_DECODE_PIXELS);
    const { key } = await storage.put("covers", "deep.png", Readable.from(deep));
    const started = performance.now();
    await expect(createCoverVariants(storage, key)).rejects.toBeInstanceOf(ImageTooLargeError);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(readdirSync(path.join(root, "covers"))).toEqual([key.slice("covers/".length)]);
  });

  it("still makes variants of an ordinary 16-bit cover, and of several covers arriving at once", async () => {
    const storage = createLocalStorage(root);
    const deep = await sharp({ create: { width: 640, height: 640, channels: 3, background: "#2a6" } })
      .toColourspace("rgb16")
      .png()
      .toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe("ushort");
    const stored = await Promise.all(
      [deep, await coverPng("One", ["#123", "#f80"], 400), await coverPng("Two", ["#321", "#08f"], 400)].map((bytes, i) =>
        storage.put("covers", `cover-${i}.png`, Readable.from(bytes)),
      ),
    );
    await Promise.all(stored.map(({ key }) => createCoverVariants(storage, key)));
    for (const { key } of stored) for (const derived of coverDerivedKeys(key)) expect(storage.localPath(derived)).toBeTruthy();
    const files = new Set(readdirSync(path.join(root, "covers")));
    for (const { key } of stored)
      for (const derived of coverDerivedKeys(key)) expect(files.has(derived.slice("covers/".length)), derived).toBe(true);
  });

  it("decodes one cover at a time, in order, and a failed one does not hold up the next", async () => {
    const events: string[] = [];
    const decode = (name: string, fails = false) =>
      oneAtATime(async () => {
        events.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push(`end ${name}`);
        if (fails) throw new Error(`${name} failed`);
        return name;
      });
    const outcomes = await Promise.allSettled([decode("a"), decode("b", true), decode("c")]);
    expect(events).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });

  it("keeps a cover's transparency and colours through the one decode", async () => {
    const storage = createLocalStorage(root);
    const translucent = await sharp({
      create: { width: 2000, height: 1600, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const { key } = await storage.put("covers", "translucent.png", Readable.from(translucent));
    await createCoverVariants(storage, key);
    const { data, info } = await sharp(storage.localPath(coverVariantKey(key, 96, "webp")))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    const [r = 0, g = 0, b = 0, a = 0] = data.subarray(0, 4);
    for (const [got, want] of [
      [r, 10],
      [g, 200],
      [b, 30],
      [a, 128],
    ] as const)
      expect(Math.abs(got - want)).toBeLessThanOrEqual(6);
  });

  it("refuses a decompression bomb before decoding it, writing no variant", async () => {
    const storage = createLocalStorage(root);
    const side = Math.ceil(Math.sqrt(MAX_DECODE_PIXELS)) + 100;
    // A few kilobytes of PNG that would decode to hundreds of megabytes.
    const bomb = await sharp({ create: { width: side, height: side, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const { key } = await storage.put("covers", "bomb.png", Readable.from(bomb));
    await expect(createCoverVariants(storage, key)).rejects.toThrow(/pixel limit/i);
    expect(readdirSync(path.join(root, "covers"))).toEqual([key.slice("covers/".length)]);
  });
});
