import { Readable } from "node:stream";
import sharp from "sharp";
import { photoFullSizeKey, type Photo } from "#app/domain/photo.ts";
import type { Storage } from "#app/lib/storage/storage.server.ts";
import {
  asTooLarge,
  DECODE_TIMEOUT_SECONDS,
  MAX_DECODE_PIXELS,
  oneAtATime,
  readStoredFile,
  refuseCostlyDecodes,
} from "#app/lib/uploads/decode-limits.server.ts";

/** Near the original: a journalist prints it. */
const FULL_SIZE_QUALITY = 90;

/** A press photo as the press kit hands it out: stored, and its size in bytes. */
export type FullSizeFile = { key: string; size: number };

/**
 * The photo at its own size as a JPEG, upright, in sRGB, without the
 * original's EXIF, XMP or IPTC (where and with what it was taken): re-encoded
 * rather than copied, because the original is never handed out. Made once
 * (decoded in its turn, with the same limits as every upload) and kept beside
 * the variants, so it goes when the photo goes.
 */
export async function fullSizeJpeg(storage: Storage, photo: Pick<Photo, "key">): Promise<FullSizeFile> {
  const key = photoFullSizeKey(photo.key);
  const stored = await storage.stat(key);
  if (stored) return { key, size: stored.size };
  return oneAtATime(async () => {
    // Another request may have made it while this one waited its turn.
    const made = await storage.stat(key);
    if (made) return { key, size: made.size };
    const input = await readStoredFile(storage, photo.key);
    await refuseCostlyDecodes(input);
    let jpeg: Buffer;
    try {
      jpeg = await sharp(input, { limitInputPixels: MAX_DECODE_PIXELS, failOn: "error" })
        .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
        .rotate()
        .flatten({ background: "#ffffff" })
        .toColourspace("srgb")
        .jpeg({ quality: FULL_SIZE_QUALITY, mozjpeg: true })
        .toBuffer();
    } catch (error) {
      throw asTooLarge(error);
    }
    return storage.write(key, Readable.from(jpeg), { contentType: "image/jpeg" });
  });
}
