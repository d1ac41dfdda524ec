import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photoFullSizeKey } from "#app/domain/photo.ts";
import { readStoredFile } from "#app/lib/uploads/decode-limits.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { unzip } from "#tests/support/unzip.ts";
import { fullSizeJpeg } from "./full-size.server.ts";
import { applyPhotoAction, listPhotos, storePhotoUpload } from "./photos.server.ts";
import { photosZip } from "./photos-zip.server.ts";

/** A camera's photo: a JPEG stored on its side (EXIF orientation 6) with where and with what it was taken. */
async function cameraPhoto(width: number, height: number, colour: string): Promise<Buffer> {
  // Stored as width × height; shown upright it is height × width.
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: "PhoneCo", Model: "Pocket 12" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const body = (bytes: Buffer) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });

describe.each(testStacks)("press photos downloaded on %s", (stack) => {
  let site: TestSite;
  const originals = new Map<string, Buffer>();

  beforeAll(async () => {
    site = await createTestSite(stack);
    for (const [i, colour] of ["#c60", "#06c", "#393"].entries()) {
      const bytes = await cameraPhoto(1200 + i * 100, 800, colour);
      const saved = await storePhotoUpload(
        site.services,
        { slot: "press", alt: `Photo ${i + 1}` },
        `IMG_${i}.JPG`,
        body(bytes),
        bytes.length,
      );
      if (!saved.ok) throw new Error(saved.error);
      originals.set(saved.photo.id, bytes);
    }
  });
  afterAll(() => site.cleanup());

  it("the original carries EXIF; the full-size copy is the upright photo at its own size without any", async () => {
    const [photo] = (await listPhotos(site.services)).press;
    if (!photo) throw new Error("no photo");
    const original = await sharp(originals.get(photo.id)).metadata();
    expect(original.exif).toBeDefined();
    expect(original.orientation).toBe(6);

    const full = await fullSizeJpeg(site.services.storage, photo);
    expect(full.key).toBe(photoFullSizeKey(photo.key));
    const meta = await sharp(await readStoredFile(site.services.storage, full.key)).metadata();
    // On its side in the file, upright in the copy: 800 wide, 1200 high.
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", photo.width, photo.height]);
    expect([photo.width, photo.height]).toEqual([800, 1200]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(full.size).toBe((await site.services.storage.stat(full.key))?.size);
  });

  it("zips every press photo at full size, in the kit's order, without metadata", async () => {
    // Moved: the zip follows the order the artist set.
    const before = (await listPhotos(site.services)).press;
    expect(await applyPhotoAction(site.services, { intent: "move", id: before[2]?.id, direction: "up" })).toEqual({ ok: true });
    const photos = (await listPhotos(site.services)).press;
    expect(photos.map((p) => p.id)).not.toEqual(before.map((p) => p.id));

    const archive = await buffer(photosZip(site.services.storage, photos, (n) => `juniper-vale-press-photo-${n}.jpg`));
    const entries = await unzip(archive);
    expect(entries.map((entry) => entry.name)).toEqual(photos.map((_, i) => `juniper-vale-press-photo-${i + 1}.jpg`));
    for (const [i, entry] of entries.entries()) {
      const photo = photos[i];
      if (!photo) throw new Error("no photo");
      expect(entry.method, "stored").toBe(0);
      expect(entry.crcMatches).toBe(true);
      const meta = await sharp(entry.bytes).metadata();
      expect([meta.width, meta.height], entry.name).toEqual([photo.width, photo.height]);
      expect(meta.exif, entry.name).toBeUndefined();
      // Byte for byte the single download's file.
      const single = await readStoredFile(site.services.storage, photoFullSizeKey(photo.key));
      expect(entry.bytes.equals(single), entry.name).toBe(true);
    }
  });

  it("removing a photo removes its full-size copy with its variants", async () => {
    const [photo] = (await listPhotos(site.services)).press;
    if (!photo) throw new Error("no photo");
    expect(await site.services.storage.stat(photoFullSizeKey(photo.key))).not.toBeNull();
    expect(await applyPhotoAction(site.services, { intent: "remove", id: photo.id })).toEqual({ ok: true });
    expect(await site.services.storage.stat(photoFullSizeKey(photo.key))).toBeNull();
  });
});
