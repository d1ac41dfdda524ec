import { Readable } from "node:stream";
import sharp from "sharp";
import { COVER_FORMATS, COVER_WIDTHS, coverSocialKey, coverVariantKey } from "#app/domain/song.ts";
import type { Storage } from "#app/lib/storage/storage.server.ts";
import {
  asTooLarge,
  DECODE_TIMEOUT_SECONDS as COVER_DECODE_TIMEOUT_SECONDS,
  MAX_DECODE_PIXELS,
  oneAtATime,
  readStoredFile,
  refuseCostlyDecodes,
} from "#app/lib/uploads/decode-limits.server.ts";

const SOCIAL = { width: 1200, height: 630 };

/**
 * Makes the square AVIF/WebP variants and the 1200×630 share image of a stored
 * cover. The cover is at most 5 MB, so it is read into memory, in its turn
 * (waiting covers hold nothing), and decoded once.
 */
export async function createCoverVariants(storage: Storage, coverKey: string): Promise<void> {
  await oneAtATime(async () => {
    const input = await readStoredFile(storage, coverKey);
    await refuseCostlyDecodes(input);
    try {
      await writeVariants(storage, coverKey, await decodeOnce(input));
      await storage.write(coverKey, Readable.from(await withoutMetadata(input, coverKey)));
    } catch (error) {
      throw asTooLarge(error);
    }
  });
}

/**
 * Covers stored before uploads lost their metadata (issue #30), re-written
 * without it, one at a time: each a song's original among `keys` whose file
 * still carries EXIF, XMP or IPTC. Its variants stay as they are (they never
 * carried any). Resolves the keys re-written; a cover that cannot be read is
 * logged and left.
 */
export async function stripStoredCoverMetadata(storage: Storage, keys: readonly string[]): Promise<string[]> {
  const rewritten: string[] = [];
  for (const key of keys) {
    try {
      await oneAtATime(async () => {
        const input = await readStoredFile(storage, key);
        const { exif, xmp, iptc } = await sharp(input).metadata();
        if (!exif && !xmp && !iptc) return;
        await storage.write(key, Readable.from(await withoutMetadata(input, key)));
        rewritten.push(key);
      });
    } catch (error) {
      console.error(`Could not re-write ${key} without its metadata`, error);
    }
  }
  return rewritten;
}

/**
 * The cover itself, upright and without its metadata (EXIF with where a phone
 * took it, XMP, IPTC): the original is served (feeds link it), so nothing but
 * its pixels may go out (issue #30). Written again in its own format, at a
 * quality that keeps it as it looked; PNG and GIF losslessly.
 */
async function withoutMetadata(input: Buffer, coverKey: string): Promise<Buffer> {
  const image = sharp(input, { limitInputPixels: MAX_DECODE_PIXELS, failOn: "error", animated: true })
    .timeout({ seconds: COVER_DECODE_TIMEOUT_SECONDS })
    .rotate();
  const extension = coverKey.slice(coverKey.lastIndexOf(".") + 1).toLowerCase();
  if (extension === "png") return image.png({ compressionLevel: 9 }).toBuffer();
  if (extension === "gif") return image.gif().toBuffer();
  if (extension === "webp") return image.webp({ quality: 92 }).toBuffer();
  if (extension === "avif") return image.avif({ quality: 70 }).toBuffer();
  return image.jpeg({ quality: 92, mozjpeg: true }).toBuffer();
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
  const { data, info } = await sharp(input, { limitInputPixels: MAX_DECODE_PIXELS, failOn: "error", sequentialRead: true })
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
