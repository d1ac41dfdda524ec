import { Readable } from "node:stream";
import sharp from "sharp";
import { MIN_PHOTO_WIDTH, PHOTO_WIDTHS, photoVariantKey, photoWidths } from "#app/domain/photo.ts";
import type { Storage } from "#app/lib/storage/storage.server.ts";
import {
  asTooLarge,
  DECODE_TIMEOUT_SECONDS,
  MAX_DECODE_PIXELS,
  oneAtATime,
  readStoredFile,
  refuseCostlyDecodes,
} from "#app/lib/uploads/decode-limits.server.ts";

/** A photo narrower than the smallest variant: it would look poor on every page. */
export class PhotoTooSmallError extends Error {}

export type PhotoFacts = { width: number; height: number; placeholder: string };

const PLACEHOLDER_WIDTH = 16;
const LARGEST = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1] ?? 2400;

/**
 * Makes a stored photo's AVIF, WebP and JPEG variants at every width up to its
 * own (never enlarged) and its blurred placeholder, and says its upright size.
 * Checked before decoding like covers (pixels and decoded memory), decoded once
 * and in its turn.
 */
export async function createPhotoVariants(storage: Storage, key: string): Promise<PhotoFacts> {
  return oneAtATime(async () => {
    const input = await readStoredFile(storage, key);
    const header = await refuseCostlyDecodes(input);
    // EXIF orientations 5–8 are turned a quarter: the photo's upright width is its stored height.
    const turned = (header.orientation ?? 1) >= 5;
    const original = turned
      ? { width: header.height ?? 0, height: header.width ?? 0 }
      : { width: header.width ?? 0, height: header.height ?? 0 };
    if (original.width < MIN_PHOTO_WIDTH) throw new PhotoTooSmallError(`${original.width} px is narrower than ${MIN_PHOTO_WIDTH}`);
    try {
      const decoded = { ...(await decodeOnce(input)), original };
      await writeVariants(storage, key, decoded);
      return {
        width: decoded.original.width,
        height: decoded.original.height,
        placeholder: await placeholderOf(decoded),
      };
    } catch (error) {
      throw asTooLarge(error);
    }
  });
}

type Decoded = {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
  /** The upright size of the photo itself, before the shrink. */
  original: { width: number; height: number };
};

/**
 * Decodes once, upright, in 8-bit sRGB, on white where it was transparent
 * (JPEG has no transparency), shrunk while it streams in to the largest
 * variant's width: every variant is cut from these pixels.
 */
async function decodeOnce(input: Buffer): Promise<Omit<Decoded, "original">> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_DECODE_PIXELS, failOn: "error", sequentialRead: true })
    .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
    .rotate()
    .resize({ width: LARGEST, withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

async function writeVariants(storage: Storage, key: string, decoded: Decoded): Promise<void> {
  const source = sharp(decoded.data, { raw: decoded.info }).timeout({ seconds: DECODE_TIMEOUT_SECONDS });
  // Largest first: a time-out shows on the costliest before the cheap ones are written.
  for (const width of photoWidths(decoded.original.width).reverse()) {
    const resized = source.clone().resize({ width, withoutEnlargement: true });
    const [avif, webp, jpg] = await Promise.all([
      resized.clone().avif({ quality: 50, effort: 2 }).toBuffer(),
      resized.clone().webp({ quality: 76 }).toBuffer(),
      resized.clone().jpeg({ quality: 78, mozjpeg: true, progressive: true }).toBuffer(),
    ]);
    await Promise.all([
      storage.write(photoVariantKey(key, width, "avif"), Readable.from(avif)),
      storage.write(photoVariantKey(key, width, "webp"), Readable.from(webp)),
      storage.write(photoVariantKey(key, width, "jpg"), Readable.from(jpg)),
    ]);
  }
}

/** A ~16 px wide, softened WebP as a data URI: a few hundred bytes the page can inline. */
async function placeholderOf(decoded: Decoded): Promise<string> {
  const tiny = await sharp(decoded.data, { raw: decoded.info })
    .resize({ width: PLACEHOLDER_WIDTH })
    .blur(0.6)
    .webp({ quality: 40, smartSubsample: true })
    .toBuffer();
  return `data:image/webp;base64,${tiny.toString("base64")}`;
}
