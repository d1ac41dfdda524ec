import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { photoVariantKey } from "#app/domain/photo.ts";
import { createLocalStorage } from "#app/lib/storage/storage-local.server.ts";
import { ImageTooLargeError } from "#app/lib/uploads/decode-limits.server.ts";
import { createPhotoVariants } from "./photo-variants.server.ts";

describe("photo variants", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "photos-test-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("makes every width up to 2400 of a large photo, in AVIF, WebP and JPEG, and nothing wider", async () => {
    const storage = createLocalStorage(root);
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#345" } })
      .jpeg()
      .toBuffer();
    const { key } = await storage.put("photos", "big.jpg", Readable.from(big));
    const facts = await createPhotoVariants(storage, key);
    expect([facts.width, facts.height]).toEqual([3000, 2000]);
    const files = readdirSync(path.join(root, "photos")).sort();
    expect(files).toHaveLength(1 + 4 * 3);
    for (const width of [480, 960, 1600, 2400]) {
      for (const format of ["avif", "webp", "jpg"] as const)
        expect(files).toContain(photoVariantKey(key, width, format).slice("photos/".length));
    }
    const largest = await sharp(storage.localPath(photoVariantKey(key, 2400, "jpg"))).metadata();
    expect([largest.width, largest.height, largest.format]).toEqual([2400, 1600, "jpeg"]);
    // The placeholder is a tiny image itself: ~16 px wide, a few hundred bytes.
    const tiny = Buffer.from(facts.placeholder.replace(/^data:image\/webp;base64,/, ""), "base64");
    expect((await sharp(tiny).metadata()).width).toBe(16);
    expect(facts.placeholder.length).toBeLessThan(600);
  });

  it("refuses, before decoding, a photo whose samples would take too much memory", async () => {
    const storage = createLocalStorage(root);
    const deep = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: "#000" } })
      .toColourspace("rgb16")
      .png({ compressionLevel: 9 })
      .toBuffer();
    const { key } = await storage.put("photos", "deep.png", Readable.from(deep));
    const started = performance.now();
    await expect(createPhotoVariants(storage, key)).rejects.toBeInstanceOf(ImageTooLargeError);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(readdirSync(path.join(root, "photos"))).toEqual([key.slice("photos/".length)]);
  });
});
