// Tells the formats the server accepts by their first bytes, in the browser,
// so a wrong file is refused at the step where it was chosen. The server's
// `file-type` check (store-upload.server.ts) stays the authority; this is a
// small hand-written copy of the part of its logic that matters here
// (file-type itself is too big to ship to the browser for thirteen
// signatures), and app/features/songs/sniff-file-type.test.ts holds the two to
// the same answers. Shared by every feature that takes uploads: each decides
// which of these formats it accepts.

/** Every format the site's uploads may accept, named by the extension file-type gives it. */
export type SniffedType = "mp3" | "wav" | "aif" | "ogg" | "oga" | "opus" | "flac" | "m4a" | "aac" | "jpg" | "png" | "webp" | "avif" | "gif";

/** How much of a file the server reads to decide (file-type's "reasonable detection size"). */
export const SNIFF_BYTES = 4100;
/** ID3 tags and byte-order marks may be nested; file-type gives up after a few. */
const MAX_SKIPS = 4;

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));
function has(bytes: Uint8Array, expected: readonly number[], offset = 0, mask?: readonly number[]): boolean {
  if (bytes.length < offset + expected.length) return false;
  return expected.every((value, i) => ((bytes[offset + i] ?? 0) & (mask?.[i] ?? 0xff)) === value);
}
const hasText = (bytes: Uint8Array, text: string, offset = 0) => has(bytes, ascii(text), offset);

/** The length of a leading ID3v2 tag (header included), or null when there is none. */
function id3TagLength(bytes: Uint8Array): number | null {
  if (!hasText(bytes, "ID3") || bytes.length < 10) return null;
  // A "syncsafe" integer: four bytes of seven bits each.
  const size =
    (((bytes[6] ?? 0) & 0x7f) << 21) | (((bytes[7] ?? 0) & 0x7f) << 14) | (((bytes[8] ?? 0) & 0x7f) << 7) | ((bytes[9] ?? 0) & 0x7f);
  return 10 + size;
}

function padded(bytes: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  out.set(bytes);
  return out;
}

/**
 * A PNG, unless a chunk before the first image data says it is animated
 * (APNG, which the server refuses) or the chunks make no sense. Walks the
 * chunks as file-type does, so a truncated or odd file gets the same answer.
 */
function pngOrApng(bytes: Uint8Array): "png" | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let position = 8;
  let seenHeader = false;
  let chunks = 0;
  do {
    if (++chunks > 512) break;
    if (position + 8 > bytes.length) return null; // a chunk header cut short
    const length = view.getInt32(position);
    const type = String.fromCharCode(...bytes.subarray(position + 4, position + 8));
    position += 8;
    if (length < 0) return null;
    if (type === "IHDR") {
      if (length !== 13) return null;
      seenHeader = true;
    }
    if (type === "IDAT") return "png";
    if (type === "acTL") return null;
    if (!seenHeader && type !== "CgBI") return null;
    // Past the bytes at hand before any image data: file-type settles for PNG too.
    if (position + length + 4 > bytes.length) return "png";
    position += length + 4;
  } while (position + 8 < bytes.length);
  return "png";
}

/** What an MPEG audio frame header at the start says: AAC (ADTS), MP3, another layer, or nothing. */
function mpegFrame(bytes: Uint8Array): "aac" | "mp3" | null {
  if (!has(bytes, [0xff, 0xe0], 0, [0xff, 0xe0])) return null;
  if (has(bytes, [0x10], 1, [0x16])) return "aac";
  if (has(bytes, [0xff, 0xfe])) return null; // a UTF-16 byte-order mark, not audio
  if (has(bytes, [0x08], 1, [0x18])) return null; // reserved MPEG version
  if (has(bytes, [0xf0], 2, [0xf0])) return null; // bad bitrate index
  if (has(bytes, [0x0c], 2, [0x0c])) return null; // reserved sampling rate
  return has(bytes, [0x02], 1, [0x06]) ? "mp3" : null; // layer III only (layers I and II are refused)
}

/**
 * The accepted format the bytes start with, or null; the signatures file-type
 * is sure of first, then (unless `confidentOnly`) an MPEG frame header, which
 * file-type only looks for when nothing else matched. ID3 tags and byte-order
 * marks are `sniffFile`'s business.
 */
export function sniffBytes(real: Uint8Array, { confidentOnly = false } = {}): SniffedType | null {
  // file-type compares against a zero-filled buffer, so a very short file reads as if padded.
  const bytes = real.length >= 36 ? real : padded(real, 36);
  if (hasText(bytes, "GIF")) return "gif";
  if (has(bytes, [0xff, 0xd8, 0xff])) return bytes[3] === 0xf7 ? null : "jpg"; // F7 is JPEG-LS
  if (hasText(bytes, "OggS")) {
    if (real.length < 36) return null;
    if (hasText(bytes, "OpusHead", 28)) return "opus";
    if (has(bytes, [0x7f, ...ascii("FLAC")], 28)) return "oga";
    if (has(bytes, [0x01, ...ascii("vorbis")], 28)) return "ogg";
    return null; // Theora video, Speex, or something else in an Ogg box
  }
  if (hasText(bytes, "fLaC")) return "flac";
  if (has(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return pngOrApng(real);
  if (hasText(bytes, "ftyp", 4) && ((bytes[8] ?? 0) & 0x60) !== 0) {
    // The ISO media "brand": which kind of MP4-family file this is.
    const brand = String.fromCharCode(...bytes.subarray(8, 12))
      .replace("\0", " ")
      .trim();
    if (brand === "M4A") return "m4a";
    if (brand === "avif" || brand === "avis") return "avif";
    return null;
  }
  // AIFF and AIFF-C: file-type names every IFF "FORM" file so.
  if (hasText(bytes, "FORM")) return "aif";
  if (hasText(bytes, "RIFF")) {
    if (hasText(bytes, "WEBP", 8)) return "webp";
    if (hasText(bytes, "WAVE", 8)) return "wav";
    return null;
  }
  return confidentOnly ? null : mpegFrame(bytes);
}

/**
 * Sniffs a chosen file, reading only its first bytes (a few KB, even for a
 * 50 MB WAV). A UTF-8 byte-order mark and ID3 tags are skipped the way the
 * server's check skips them.
 */
export async function sniffFile(file: Blob, depth = 0): Promise<SniffedType | null> {
  let offset = 0;
  let confidentOnly = false;
  for (; depth <= MAX_SKIPS; depth++) {
    const bytes = new Uint8Array(await file.slice(offset, offset + SNIFF_BYTES).arrayBuffer());
    if (has(bytes, [0xef, 0xbb, 0xbf])) {
      // file-type looks again after the mark, but no longer for a bare MPEG frame.
      offset += 3;
      confidentOnly = true;
      continue;
    }
    const tag = id3TagLength(bytes);
    if (tag === null) return sniffBytes(bytes, { confidentOnly });
    const end = offset + tag;
    // A tag running past the end of the file: the server calls that MP3.
    if (end > file.size) return "mp3";
    const after = await sniffFile(file.slice(end), depth + 1);
    if (after) return after;
    // The server looks past the tag only when its first read reaches beyond it;
    // a longer tag (embedded artwork) it takes for MP3, so that is no reason to refuse here.
    return end > SNIFF_BYTES ? "mp3" : null;
  }
  return null;
}
