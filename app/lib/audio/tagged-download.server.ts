import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, open, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { sweepStaleTempFolders } from "./temp-folders.server.ts";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import sharp from "sharp";
import type { DownloadFormat } from "#app/lib/db/db-schema.ts";
import { MAX_DECODE_PIXELS } from "#app/lib/uploads/decode-limits.server.ts";
import { runFfmpeg } from "./ffmpeg.server.ts";
import type { AudioProbe } from "./renditions.server.ts";

// One track of a download (decision 028), encoded from its master and tagged
// as music players read it: ID3v2.3 for MP3, Vorbis comments for FLAC and
// Opus, with the cover inside. Written to a file in a temporary folder: the
// MP3 muxer goes back to the start to complete its Xing header, and the zip
// that holds the tracks reads each twice.

export type DownloadTags = {
  title: string;
  artist: string;
  album: string;
  albumArtist: string;
  /** Its place among the tracks downloaded together, from 1, and how many they are. */
  track: number;
  trackCount: number;
  year: number | null;
  /** Plain text; "" for none. */
  lyrics: string;
  /** Twelve characters; "" for none. */
  isrc: string;
};

export type TaggedDownload = {
  path: string;
  bytes: number;
  /** Removes the temporary folder; call once the file is stored. */
  dispose(): Promise<void>;
};

export const DOWNLOAD_EXTENSIONS: Record<DownloadFormat, string> = { "mp3-320": "mp3", flac: "flac", opus: "opus" };

/** Opus at this rate (stereo; mono at the lower) is beyond what most listeners tell apart from the master. */
const OPUS_BITRATE = { stereo: "160k", mono: "96k" } as const;

/** Each encode's temporary folder: `{tmpdir}/download-{random}`. */
const TEMP_PREFIX = "download-";

/**
 * Linux refuses a single argument over 128 KiB (MAX_ARG_STRLEN), and ffmpeg
 * takes its tags as arguments (its ffmetadata files cut long lines short).
 */
const MAX_TAG_BYTES = 120_000;

/** Codecs that keep every sample of the recording; anything else has thrown some away. */
const LOSSLESS_CODECS = new Set(["flac", "alac", "wavpack", "ape", "tta", "mlp", "truehd", "shorten", "tak", "mp4als"]);

/** Whether a master so described is lossy (MP3, AAC, Opus, Vorbis…): a FLAC made from it would only pretend. */
export function isLossy(probe: AudioProbe): boolean {
  // A-law and µ-law are PCM in name, eight bits of a compressed curve in fact.
  if (probe.codec.startsWith("pcm_")) return probe.codec === "pcm_alaw" || probe.codec === "pcm_mulaw";
  return !LOSSLESS_CODECS.has(probe.codec);
}

/** Removes the temporary folders of encodes a killed process left behind. */
export const sweepStaleDownloadFolders = (dir = tmpdir(), now = Date.now()) => sweepStaleTempFolders(TEMP_PREFIX, dir, now);

/** `text` cut to at most `bytes` of UTF-8, never inside a character. */
function cutToBytes(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  let cut = Buffer.from(text).subarray(0, bytes).toString("utf8");
  // A character cut in two decodes as U+FFFD at the end.
  while (cut.endsWith("\uFFFD")) cut = cut.slice(0, -1);
  return cut;
}

const metadata = (pairs: [key: string, value: string | number | null][]) =>
  pairs.flatMap(([key, value]) =>
    value === null || value === "" ? [] : ["-metadata", `${key}=${cutToBytes(String(value), MAX_TAG_BYTES - key.length - 2)}`],
  );

/** ffmpeg's generic names, which its MP3 muxer writes as ID3v2.3 frames (TIT2, TPE1, TALB, TPE2, TRCK, TYER, TSRC). */
function id3Tags(tags: DownloadTags): string[] {
  return metadata([
    ["title", tags.title],
    ["artist", tags.artist],
    ["album", tags.album],
    ["album_artist", tags.albumArtist],
    ["track", `${tags.track}/${tags.trackCount}`],
    ["date", tags.year],
    ["TSRC", tags.isrc],
  ]);
}

/** Vorbis comments by the names players read (the number and the count apart, as Xiph's list has them). */
function vorbisComments(tags: DownloadTags): [string, string | number | null][] {
  return [
    ["TITLE", tags.title],
    ["ARTIST", tags.artist],
    ["ALBUM", tags.album],
    ["ALBUMARTIST", tags.albumArtist],
    ["TRACKNUMBER", tags.track],
    ["TRACKTOTAL", tags.trackCount],
    ["DATE", tags.year],
    ["LYRICS", tags.lyrics.replaceAll("\r\n", "\n")],
    ["ISRC", tags.isrc],
  ];
}

/** The cover (the second input) as a stream of its own, marked as the front cover (ID3's APIC type 3, FLAC's PICTURE type 3). */
const ATTACHED_COVER = ["-map", "1:v:0", "-c:v", "copy", "-disposition:v", "attached_pic", "-metadata:s:v", "comment=Cover (front)"];

/**
 * Encodes `master` (read once, as a stream) as one track of a download in
 * `format`, tagged with `tags`, with `cover` (a JPEG) inside. `channels` is
 * the master's, as probed: surround is folded to stereo for MP3 and Opus.
 * Rejects with ffmpeg's words when the master cannot be read.
 */
export async function encodeTaggedDownload(
  master: Readable,
  { format, tags, cover, channels }: { format: DownloadFormat; tags: DownloadTags; cover: Buffer | null; channels: number | null },
): Promise<TaggedDownload> {
  const dir = await mkdtemp(path.join(tmpdir(), TEMP_PREFIX));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const output = path.join(dir, `track.${DOWNLOAD_EXTENSIONS[format]}`);
    const coverPath = path.join(dir, "cover.jpg");
    const withCover = cover !== null && format !== "opus";
    if (withCover) await writeFile(coverPath, cover);
    const coverIn = withCover ? ["-i", coverPath] : [];
    // The master's own tags, pictures and chapters stay with it.
    const audio = ["-map", "0:a:0", "-map_metadata", "-1", "-map_chapters", "-1", ...(withCover ? ATTACHED_COVER : [])];
    const folded = channels !== null && channels > 2 ? ["-ac", "2"] : [];
    const args =
      format === "mp3-320"
        ? [
            ...coverIn,
            ...audio,
            ...folded,
            // Below 32 kHz MP3 allows 160 kbit/s at most: a master at such a rate is brought up.
            ...["-af", "aformat=sample_rates=44100|48000", "-c:a", "libmp3lame", "-b:a", "320k"],
            ...["-id3v2_version", "3", "-write_id3v1", "0", ...id3Tags(tags), "-f", "mp3", output],
          ]
        : format === "flac"
          ? [...coverIn, ...audio, ...["-c:a", "flac", ...metadata(vorbisComments(tags)), "-f", "flac", output]]
          : [
              ...audio,
              ...folded,
              ...["-c:a", "libopus", "-b:a", channels === 1 ? OPUS_BITRATE.mono : OPUS_BITRATE.stereo],
              ...metadata([...vorbisComments(tags), ["METADATA_BLOCK_PICTURE", cover ? await pictureComment(cover) : null]]),
              ...["-f", "opus", output],
            ];
    await runFfmpeg(args, master);
    // ffmpeg 4.1 writes lyrics to MP3 as a TXXX frame named USLT, which players do not read as lyrics.
    if (format === "mp3-320" && tags.lyrics !== "") await addUnsyncedLyrics(output, tags.lyrics);
    const { size } = await stat(output);
    return { path: output, bytes: size, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** An ID3v2 text field: UTF-16 with its byte-order mark, as ID3v2.3 knows no UTF-8. */
const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);

const syncsafe = (size: number) => Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);

/**
 * Puts an ID3v2.3 USLT frame (unsynchronised lyrics) first in the tag at the
 * start of `file`, or in a tag of its own when there is none: the file is
 * copied once, the audio after the tag as it was.
 */
async function addUnsyncedLyrics(file: string, lyrics: string): Promise<void> {
  // Language "XXX": not known (ID3v2.4's word for it; readers of 2.3 take any three letters).
  const body = Buffer.concat([
    Buffer.from([1]),
    Buffer.from("XXX", "latin1"),
    utf16(""),
    Buffer.alloc(2),
    utf16(lyrics.replaceAll("\r\n", "\n")),
  ]);
  const frame = Buffer.alloc(10);
  frame.write("USLT", 0, "latin1");
  frame.writeUInt32BE(body.length, 4);
  const header = Buffer.alloc(10);
  const handle = await open(file, "r");
  try {
    await handle.read(header, 0, 10, 0);
  } finally {
    await handle.close();
  }
  // ffmpeg writes version 3, no flags (no unsynchronisation, no extended header).
  const tagged = header.toString("latin1", 0, 3) === "ID3" && header[3] === 3 && header[5] === 0;
  const tagSize = tagged
    ? header.readUInt8(6) * 2 ** 21 + header.readUInt8(7) * 2 ** 14 + header.readUInt8(8) * 2 ** 7 + header.readUInt8(9)
    : 0;
  const head = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 3, 0, 0]), syncsafe(tagSize + frame.length + body.length), frame, body]);
  const next = `${file}.lyrics`;
  await pipeline(async function* () {
    yield head;
    yield* createReadStream(file, { start: tagged ? 10 : 0 });
  }, createWriteStream(next));
  await rename(next, file);
}

/** The most of a FLAC picture block a Vorbis comment can carry as an argument (base64 grows it by a third). */
const MAX_PICTURE_BLOCK = Math.floor(((MAX_TAG_BYTES - "METADATA_BLOCK_PICTURE=".length) * 3) / 4) - 64;

/**
 * The cover as Opus players read it, a METADATA_BLOCK_PICTURE comment (a FLAC
 * picture block in base64): ffmpeg 4.1's Ogg muxer writes no attached picture.
 * A cover too large for the one argument it travels in is made smaller first;
 * null when even that does not fit.
 */
async function pictureComment(jpeg: Buffer): Promise<string | null> {
  const image = sharp(jpeg, { limitInputPixels: MAX_DECODE_PIXELS, failOn: "error" });
  const { width = 0, height = 0 } = await image.metadata();
  let picture = { data: jpeg, width, height };
  for (const [side, quality] of [
    [1000, 85],
    [600, 80],
    [300, 75],
  ] as const) {
    if (picture.data.length <= MAX_PICTURE_BLOCK) break;
    const { data, info } = await image
      .clone()
      .resize(side, side, { fit: "inside", withoutEnlargement: true })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    picture = { data, width: info.width, height: info.height };
  }
  if (picture.data.length > MAX_PICTURE_BLOCK) return null;
  const mime = Buffer.from("image/jpeg", "latin1");
  const fields = [3, mime.length];
  const sizes = [picture.width, picture.height, 24, 0, picture.data.length];
  const block = Buffer.alloc(4 * (fields.length + 1 + sizes.length) + mime.length);
  let at = 0;
  for (const value of fields) at = block.writeUInt32BE(value, at);
  at += mime.copy(block, at);
  at = block.writeUInt32BE(0, at); // no description
  for (const value of sizes) at = block.writeUInt32BE(value, at);
  return Buffer.concat([block, picture.data]).toString("base64");
}
