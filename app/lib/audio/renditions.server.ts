import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { sweepStaleTempFolders } from "./temp-folders.server.ts";
import path from "node:path";
import type { Readable } from "node:stream";
import { runFfmpeg } from "./ffmpeg.server.ts";

// The streaming renditions of one master (issue #34, decision 026): Opus for
// the browsers that play it, and a fallback every browser plays. Both come
// from one decode of the master, read as a stream and written to files in a
// temporary folder (an MP4 needs its index moved to the front, which a pipe
// cannot do), so memory stays bounded whatever the master's size.

/** Opus at this rate (stereo; half for mono) is transparent for most music, and about a tenth of a CD's bytes. */
const OPUS_BITRATE = { stereo: "128k", mono: "64k" } as const;
/** The fallback when it is encoded: MP3 at this rate (stereo; half for mono), played by every browser. */
const MP3_BITRATE = { stereo: "192k", mono: "96k" } as const;
/** An MP3 that starts with its first frame: no ID3 tag (the page names the song), so a player needs nothing before the sound. */
const MP3_FILE = ["-id3v2_version", "0", "-write_id3v1", "0", "-f", "mp3"];
/** An MP3 or AAC upload at or below this rate is copied as the fallback, not encoded again. */
export const COPY_AT_MOST_KBPS = 320;

export type AudioProbe = {
  /** ffmpeg's name for the codec: "mp3", "aac", "pcm_s16le", "flac", "opus"… */
  codec: string;
  /** kbit/s as the header says; null when it does not say. */
  bitrateKbps: number | null;
  /** 1 for mono, 2 for stereo, more for surround; null when not said. */
  channels: number | null;
};

/** Each job's temporary folder: `{tmpdir}/renditions-{random}`. */
const TEMP_PREFIX = "renditions-";

/** Removes the temporary folders of renditions jobs a killed process left behind. */
export const sweepStaleRenditionFolders = (dir = tmpdir(), now = Date.now()) => sweepStaleTempFolders(TEMP_PREFIX, dir, now);

/** The fallback's container, by what it holds. */
export type FallbackFormat = "mp3" | "m4a";

export type Renditions = {
  opusPath: string;
  fallbackPath: string;
  fallbackFormat: FallbackFormat;
  /** True when the fallback is the master's own audio, copied. */
  fallbackCopied: boolean;
  opusBytes: number;
  fallbackBytes: number;
  /** Removes the temporary folder; call once the files are stored. */
  dispose(): Promise<void>;
};

const CHANNELS: Record<string, number> = { mono: 1, stereo: 2, "2.1": 3, quad: 4, "5.0": 5, "5.1": 6, "6.1": 7, "7.1": 8 };

/** What ffmpeg says of the first audio stream in its description of an input. */
export function parseProbe(stderr: string): AudioProbe | null {
  const line = /Stream #\d+:\d+[^:]*: Audio: ([a-z0-9_]+)[^\n]*/.exec(stderr);
  if (!line) return null;
  const [text = "", codec = ""] = line;
  const bitrate = /, (\d+) kb\/s/.exec(text)?.[1];
  const layout = /Hz, ([a-z0-9.]+)(?:\([a-z]+\))?,/.exec(text)?.[1];
  const counted = /Hz, (\d+) channels/.exec(text)?.[1];
  return {
    codec,
    bitrateKbps: bitrate ? Number(bitrate) : null,
    channels: counted ? Number(counted) : layout ? (CHANNELS[layout] ?? null) : null,
  };
}

/**
 * Describes the audio at the start of a file (a megabyte is plenty for
 * WAV, FLAC, MP3 and Ogg). An MP4 whose index is at its end cannot be
 * described from its start: null, and the master is then encoded, never copied.
 */
export async function probeAudio(head: Readable): Promise<AudioProbe | null> {
  try {
    return parseProbe(await runFfmpeg(["-t", "0", "-f", "null", "-"], head));
  } catch {
    return null;
  }
}

/** The fallback for a master so described: its own MP3 or AAC copied when it is modest, else MP3 encoded. */
export function fallbackFor(probe: AudioProbe | null): { format: FallbackFormat; copy: boolean } {
  const modest = probe?.bitrateKbps != null && probe.bitrateKbps <= COPY_AT_MOST_KBPS && (probe.channels ?? 2) <= 2;
  if (probe?.codec === "mp3" && modest) return { format: "mp3", copy: true };
  if (probe?.codec === "aac" && modest) return { format: "m4a", copy: true };
  return { format: "mp3", copy: false };
}

/**
 * Makes both renditions of `master` (read once), as `probe` described it.
 * Rejects with ffmpeg's words when the master cannot be read.
 */
export async function makeRenditions(master: Readable, probe: AudioProbe | null): Promise<Renditions> {
  const dir = await mkdtemp(path.join(tmpdir(), TEMP_PREFIX));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const fallback = fallbackFor(probe);
    const opusPath = path.join(dir, "stream.weba");
    const fallbackPath = path.join(dir, `stream.${fallback.format}`);
    // Mono stays mono; surround is folded to stereo (the MP3 encoder takes two channels at most).
    const layout = probe?.channels === 1 ? "mono" : "stereo";
    const channels = ["-ac", layout === "mono" ? "1" : "2"];
    // Tags and embedded pictures stay with the master: the page shows the cover.
    const audioOnly = ["-map", "0:a:0", "-map_metadata", "-1", "-vn"];
    await runFfmpeg(
      [
        ...audioOnly,
        ...channels,
        ...["-c:a", "libopus", "-b:a", OPUS_BITRATE[layout], "-f", "webm", opusPath],
        ...audioOnly,
        ...(fallback.copy
          ? ["-c:a", "copy", ...(fallback.format === "m4a" ? ["-movflags", "+faststart", "-f", "mp4"] : MP3_FILE)]
          : [...channels, "-c:a", "libmp3lame", "-b:a", MP3_BITRATE[layout], ...MP3_FILE]),
        fallbackPath,
      ],
      master,
    );
    const [opus, other] = await Promise.all([stat(opusPath), stat(fallbackPath)]);
    return {
      opusPath,
      fallbackPath,
      fallbackFormat: fallback.format,
      fallbackCopied: fallback.copy,
      opusBytes: opus.size,
      fallbackBytes: other.size,
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}
