import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { coverPng } from "#scripts/media/synth.ts";
import { createLocalStorage } from "#app/lib/storage-local.server.ts";
import { coverSocialKey, coverVariantKey } from "#app/lib/song.ts";
import { coverDerivedKeys, createCoverVariants, MAX_COVER_PIXELS } from "./cover-variants.server.ts";

describe("cover variants", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "covers-test-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("makes square AVIF and WebP variants at every width and a 1200×630 share image", async () => {
    const storage = createLocalStorage(root);
    // A wide, non-square cover: variants are still square.
    const wide = await sharp(await coverPng("Wide", ["#123", "#f80"], 600)).resize(900, 600, { fit: "fill" }).png().toBuffer();
    const { key } = await storage.put("covers", "wide.png", Readable.from(wide));
    await createCoverVariants(storage, key);

    for (const [width, format] of [[96, "avif"], [384, "webp"], [768, "avif"]] as const) {
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

  it("refuses a decompression bomb before decoding it, writing no variant", async () => {
    const storage = createLocalStorage(root);
    const side = Math.ceil(Math.sqrt(MAX_COVER_PIXELS)) + 100;
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
