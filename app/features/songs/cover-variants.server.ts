import { Readable } from "node:stream";
import sharp from "sharp";
import { COVER_FORMATS, COVER_WIDTHS, coverSocialKey, coverVariantKey } from "#app/lib/song.ts";
import type { Storage } from "#app/lib/storage.server.ts";

/** Covers larger than this are refused before decoding (decompression bombs). */
export const MAX_COVER_PIXELS = 40_000_000;
/**
 * And covers whose decoded pixels would take more memory than 40 megapixels of
 * 8-bit RGBA: a 6300×6300 16-bit PNG is under the pixel limit but decodes to
 * 238 MB (and took 7 s and 390 MB of memory).
 */
const MAX_DECODED_BYTES = MAX_COVER_PIXELS * 4;
/** No cover takes longer to turn into its variants on a small machine; a pathological one is stopped. */
const COVER_DECODE_TIMEOUT_SECONDS = 20;
const SOCIAL = { width: 1200, height: 630 };

/** A cover refused for the memory or time decoding it would take; the artist is told to use a smaller one. */
export class CoverTooLargeError extends Error {}

const BYTES_PER_SAMPLE: Partial<Record<string, number>> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/** Reads only the image's header: its size and sample depth say what decoding it would cost. */
async function refuseCostlyDecodes(input: Buffer): Promise<void> {
  const { width = 0, height = 0, channels = 4, depth = "uchar" } = await sharp(input, { limitInputPixels: false }).metadata();
  const pixels = width * height;
  if (pixels > MAX_COVER_PIXELS) throw new CoverTooLargeError(`${width}×${height} is over the pixel limit`);
  const decoded = pixels * channels * (BYTES_PER_SAMPLE[depth] ?? 8);
  if (decoded > MAX_DECODED_BYTES)
    throw new CoverTooLargeError(`${width}×${height} at ${depth} would decode to ${Math.round(decoded / 2 ** 20)} MB`);
}

/**
 * One cover is decoded at a time per process: two artists' uploads (or one
 * retrying) must not multiply the memory a decode takes. Exported for its test.
 */
let decoding: Promise<unknown> = Promise.resolve();
export function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = decoding.then(work, work);
  decoding = turn.catch(() => {});
  return turn;
}

/** Every derived key of a cover, so deleting a song can remove them all. */
export function coverDerivedKeys(coverKey: string): string[] {
  return [...COVER_WIDTHS.flatMap((w) => COVER_FORMATS.map((f) => coverVariantKey(coverKey, w, f))), coverSocialKey(coverKey)];
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
 * cover. The cover is at most 5 MB, so it is read into memory, in its turn
 * (waiting covers hold nothing), and decoded once.
 */
export async function createCoverVariants(storage: Storage, coverKey: string): Promise<void> {
  await oneAtATime(async () => {
    const input = await readAll(storage, coverKey);
    await refuseCostlyDecodes(input);
    try {
      await writeVariants(storage, coverKey, await decodeOnce(input));
    } catch (error) {
      if (error instanceof Error && /timeout/i.test(error.message))
        throw new CoverTooLargeError(`decoding took over ${COVER_DECODE_TIMEOUT_SECONDS} s`);
      throw error;
    }
  });
}

/** The largest side any output needs: the share card is 1200 wide, the square variants at most 768. */
const WORKING_SIDE = Math.max(SOCIAL.width, ...COVER_WIDTHS);

type Decoded = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

/**
 * Decodes the cover once, upright, in 8-bit sRGB, shrunk while it streams in so
 * its shorter side is WORKING_SIDE: every output is cut from these pixels, so
 * no output decodes the file again. (Each of ten pipelines decoding it used to
 * hold ten full decodes at once.)
 */
async function decodeOnce(input: Buffer): Promise<Decoded> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_COVER_PIXELS, failOn: "error", sequentialRead: true })
    .timeout({ seconds: COVER_DECODE_TIMEOUT_SECONDS })
    .rotate()
    .resize(WORKING_SIDE, WORKING_SIDE, { fit: "outside", withoutEnlargement: true })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

async function writeVariants(storage: Storage, coverKey: string, decoded: Decoded): Promise<void> {
  // Clones share the source's options, the time limit among them.
  const source = sharp(decoded.data, { raw: decoded.info }).timeout({ seconds: COVER_DECODE_TIMEOUT_SECONDS });
  const jobs = COVER_WIDTHS.flatMap((width) =>
    COVER_FORMATS.map(async (format) => {
      const resized = source.clone().resize(width, width, { fit: "cover", position: "attention" });
      const body = format === "avif" ? resized.avif({ quality: 55, effort: 3 }) : resized.webp({ quality: 78 });
      await storage.write(coverVariantKey(coverKey, width, format), Readable.from(await body.toBuffer()));
    }),
  );
  await Promise.all(jobs);

  // The share card: the cover, whole, on a blurred and darkened fill of itself.
  // (Raw pixels in, so each step says what comes out.)
  const background = await source
    .clone()
    .resize(SOCIAL.width, SOCIAL.height, { fit: "cover" })
    .blur(40)
    .modulate({ brightness: 0.55 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const foreground = await source.clone().resize(560, 560, { fit: "cover" }).png().toBuffer();
  const social = await sharp(background.data, {
    raw: { width: background.info.width, height: background.info.height, channels: background.info.channels },
  })
    .timeout({ seconds: COVER_DECODE_TIMEOUT_SECONDS })
    .composite([{ input: foreground, top: 35, left: 320 }])
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
  await storage.write(coverSocialKey(coverKey), Readable.from(social));
}
