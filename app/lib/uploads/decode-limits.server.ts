// What every uploaded image goes through before sharp decodes it: a refusal of
// images whose decoding would cost too much memory (decompression bombs), and
// a queue so one process decodes one image at a time. Shared by covers and
// photos, so the limits are the same wherever an image comes in.
import sharp, { type Metadata } from "sharp";
import type { Storage } from "#app/lib/storage/storage.server.ts";

/** Images larger than this are refused before decoding (decompression bombs). */
export const MAX_DECODE_PIXELS = 40_000_000;
/**
 * And images whose decoded pixels would take more memory than 40 megapixels
 * of 8-bit RGBA: a 6300×6300 16-bit PNG is under the pixel limit but decodes
 * to 238 MB (and took 7 s and 390 MB of memory).
 */
const MAX_DECODED_BYTES = MAX_DECODE_PIXELS * 4;
/** No image takes longer to turn into its variants on a small machine; a pathological one is stopped. */
export const DECODE_TIMEOUT_SECONDS = 20;

/** An image refused for the memory or time decoding it would take; the artist is told to use a smaller one. */
export class ImageTooLargeError extends Error {}

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

/**
 * Reads only the image's header: its size and sample depth say what decoding
 * it would cost. Returns the header's facts for the caller's own checks.
 */
export async function refuseCostlyDecodes(input: Buffer): Promise<Metadata> {
  const metadata = await sharp(input, { limitInputPixels: false }).metadata();
  const { width = 0, height = 0, channels = 4, depth = "uchar" } = metadata;
  const pixels = width * height;
  if (pixels > MAX_DECODE_PIXELS) throw new ImageTooLargeError(`${width}×${height} is over the pixel limit`);
  const decoded = pixels * channels * (BYTES_PER_SAMPLE[depth] ?? 8);
  if (decoded > MAX_DECODED_BYTES)
    throw new ImageTooLargeError(`${width}×${height} at ${depth} would decode to ${Math.round(decoded / 2 ** 20)} MB`);
  return metadata;
}

/** A sharp time-out, as the artist should hear it: the image is too much to process. */
export function asTooLarge(error: unknown): unknown {
  if (error instanceof Error && /timeout/i.test(error.message))
    return new ImageTooLargeError(`decoding took over ${DECODE_TIMEOUT_SECONDS} s`);
  return error;
}

/**
 * One image is decoded at a time per process: two artists' uploads (or one
 * retrying) must not multiply the memory a decode takes. Exported for its test.
 */
let decoding: Promise<unknown> = Promise.resolve();
export function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = decoding.then(work, work);
  decoding = turn.catch(() => {});
  return turn;
}

/** A stored upload, whole, in memory: only for files an upload limit already keeps small. */
export async function readStoredFile(storage: Storage, key: string): Promise<Buffer> {
  const stream = await storage.read(key);
  if (!stream) throw new Error(`${key} is missing`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
