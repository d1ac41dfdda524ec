import type { Readable } from "node:stream";
import { runFfmpeg } from "./ffmpeg.server.ts";

/** What is measured of a track once, when it is uploaded (issue #34). */
export type AudioAnalysis = {
  /** Integrated loudness, EBU R128 / ITU-R BS.1770 (LUFS); null for silence. */
  loudnessLufs: number | null;
  /** True peak (dBTP); null for silence. */
  truePeakDb: number | null;
  durationMs: number;
  /** The waveform: the loudest sample of each of PEAK_COUNT equal slices, 0 to 1. */
  peaks: number[];
};

export const PEAK_COUNT = 400;
/** The rate the waveform is read at: enough for a few hundred bars, little to decode. */
const PEAK_RATE = 8_000;
/** Samples per block kept while reading, so a long file's peaks need little memory. */
const BLOCK = 80;

/** A figure from ebur128's summary, e.g. "I: -14.2 LUFS"; null for "-inf" or one not found. */
function summaryFigure(stderr: string, label: string, unit: string): number | null {
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const match = new RegExp(`${label}:\\s+(-?[0-9.]+|-inf)\\s+${unit}`).exec(summary);
  if (!match?.[1] || match[1] === "-inf") return null;
  const value = Number(match[1]);
  // ebur128 says -70 LUFS (its gate) for silence.
  return Number.isFinite(value) && value > -70 ? value : null;
}

/** Block maxima brought down to `count` slices (each slice the loudest of its blocks). */
function slices(blocks: number[], count: number): number[] {
  if (blocks.length === 0) return [];
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = Math.floor((i * blocks.length) / count);
    const end = Math.max(start + 1, Math.floor(((i + 1) * blocks.length) / count));
    let max = 0;
    for (let j = start; j < end && j < blocks.length; j++) max = Math.max(max, blocks[j] ?? 0);
    out.push(Math.round(max * 1000) / 1000);
  }
  return out;
}

/**
 * Measures loudness and true peak and draws the waveform in one pass of
 * ffmpeg over the file as it streams in: the loudness meter passes the audio
 * on, which is brought down to 8 kHz mono for the peaks.
 */
export async function analyseAudio(input: Readable): Promise<AudioAnalysis> {
  const blocks: number[] = [];
  let blockMax = 0;
  let inBlock = 0;
  let samples = 0;
  let carry: Buffer | null = null;
  const stderr = await runFfmpeg(
    ["-vn", "-af", `ebur128=peak=true,aresample=${PEAK_RATE},aformat=sample_fmts=s16:channel_layouts=mono`, "-f", "s16le", "pipe:1"],
    input,
    (chunk) => {
      const data = carry ? Buffer.concat([carry, chunk]) : chunk;
      const whole = data.length - (data.length % 2);
      for (let offset = 0; offset < whole; offset += 2) {
        blockMax = Math.max(blockMax, Math.abs(data.readInt16LE(offset)) / 32768);
        if (++inBlock === BLOCK) {
          blocks.push(blockMax);
          blockMax = 0;
          inBlock = 0;
        }
      }
      samples += whole / 2;
      carry = whole < data.length ? data.subarray(whole) : null;
    },
  );
  if (inBlock > 0) blocks.push(blockMax);
  return {
    loudnessLufs: summaryFigure(stderr, "I", "LUFS"),
    truePeakDb: summaryFigure(stderr, "Peak", "dBFS"),
    durationMs: Math.round((samples / PEAK_RATE) * 1000),
    peaks: slices(blocks, PEAK_COUNT),
  };
}
