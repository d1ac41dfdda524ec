import { Readable } from "node:stream";
import sharp from "sharp";
import { COVER_FORMATS, COVER_WIDTHS, coverSocialKey, coverVariantKey } from "#app/lib/song.ts";
import type { Storage } from "#app/lib/storage.server.ts";

/** Covers larger than this are refused before decoding (decompression bombs). */
export const MAX_COVER_PIXELS = 40_000_000;
const SOCIAL = { width: 1200, height: 630 };

/** Every derived key of a cover, so deleting a song can remove them all. */
export function coverDerivedKeys(coverKey: string): string[] {
  return [
    ...COVER_WIDTHS.flatMap((w) => COVER_FORMATS.map((f) => coverVariantKey(coverKey, w, f))),
    coverSocialKey(coverKey),
  ];
}

async function readAll(storage: Storage, key: string): Promise<Buffer> {
  const stream = await storage.read(key);
  if (!stream) throw new Error(`Cover ${key} is missing`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Makes the square AVIF/WebP variants and the 1200×630 share image of a stored
 * cover. The cover is at most 5 MB, so it is decoded from memory once.
 */
export async function createCoverVariants(storage: Storage, coverKey: string): Promise<void> {
  const source = sharp(await readAll(storage, coverKey), { limitInputPixels: MAX_COVER_PIXELS, failOn: "error" })
    .rotate();
  const jobs = COVER_WIDTHS.flatMap((width) =>
    COVER_FORMATS.map(async (format) => {
      const resized = source.clone().resize(width, width, { fit: "cover", position: "attention" });
      const body = format === "avif" ? resized.avif({ quality: 55, effort: 3 }) : resized.webp({ quality: 78 });
      await storage.write(coverVariantKey(coverKey, width, format), Readable.from(await body.toBuffer()));
    }),
  );
  await Promise.all(jobs);

  // The share card: the cover, whole, on a blurred and darkened fill of itself.
  const background = await source
    .clone()
    .resize(SOCIAL.width, SOCIAL.height, { fit: "cover" })
    .blur(40)
    .modulate({ brightness: 0.55 })
    .toBuffer();
  const foreground = await source.clone().resize(560, 560, { fit: "cover" }).toBuffer();
  const social = await sharp(background)
    .composite([{ input: foreground, top: 35, left: 320 }])
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
  await storage.write(coverSocialKey(coverKey), Readable.from(social));
}
