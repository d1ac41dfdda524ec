import { Readable } from "node:stream";
import { pcmWav } from "#scripts/media/synth.ts";
import { describe, expect, it } from "vitest";
import { analyseAudio, PEAK_COUNT } from "./analyse-audio.server.ts";
import { FfmpegFailedError } from "./ffmpeg.server.ts";

const RATE = 44_100;

/** A stereo 16-bit WAV: `silentSeconds` of silence, then `toneSeconds` of a 1 kHz sine at `amplitude` (0 to 1). */
function wav(options: { silentSeconds: number; toneSeconds: number; amplitude: number }): Buffer {
  const frames = Math.round((options.silentSeconds + options.toneSeconds) * RATE);
  const silent = Math.round(options.silentSeconds * RATE);
  const data = Buffer.alloc(frames * 4);
  for (let i = silent; i < frames; i++) {
    const value = Math.round(Math.sin((2 * Math.PI * 1000 * i) / RATE) * options.amplitude * 32767);
    data.writeInt16LE(value, i * 4);
    data.writeInt16LE(value, i * 4 + 2);
  }
  return pcmWav(data, { sampleRate: RATE, channels: 2 });
}

/** Streamed in small chunks, as storage hands a file over. */
const stream = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += 16_384) yield bytes.subarray(i, i + 16_384);
    })(),
  );

describe("measuring a track", () => {
  it("measures loudness and true peak as EBU R128 does, and draws where the sound is", async () => {
    const loud = await analyseAudio(stream(wav({ silentSeconds: 3, toneSeconds: 3, amplitude: 0.5 })));
    const quiet = await analyseAudio(stream(wav({ silentSeconds: 3, toneSeconds: 3, amplitude: 0.25 })));
    // A 1 kHz sine peaking at -6 dBFS in both channels is about -6 LUFS: each channel's power counts
    // (ITU-R BS.1770), and the K-weighting lifts 1 kHz by about as much as the sine's RMS sits below its peak.
    expect(loud.loudnessLufs).toBeGreaterThan(-7);
    expect(loud.loudnessLufs).toBeLessThan(-5.5);
    // Half the amplitude is 6 dB quieter, on the meter and at the peak (the meter says tenths).
    expect(Math.abs(loud.loudnessLufs! - quiet.loudnessLufs! - 6.02)).toBeLessThan(0.2);
    expect(Math.abs(loud.truePeakDb! + 6.02)).toBeLessThan(0.3);
    expect(Math.abs(quiet.truePeakDb! + 12.04)).toBeLessThan(0.3);
    expect(loud.durationMs).toBeGreaterThan(5_900);
    expect(loud.durationMs).toBeLessThan(6_100);
    expect(loud.peaks).toHaveLength(PEAK_COUNT);
    const firstHalf = loud.peaks.slice(0, PEAK_COUNT / 2 - 2);
    const secondHalf = loud.peaks.slice(PEAK_COUNT / 2 + 2);
    expect(Math.max(...firstHalf)).toBeLessThan(0.01);
    for (const peak of secondHalf) expect(peak).toBeCloseTo(0.5, 1);
  });

  it("says nothing of the loudness of silence", async () => {
    const silence = await analyseAudio(stream(wav({ silentSeconds: 2, toneSeconds: 0, amplitude: 0 })));
    expect(silence).toMatchObject({ loudnessLufs: null, truePeakDb: null });
    expect(Math.max(...silence.peaks)).toBe(0);
  });

  it("refuses what is not audio, with ffmpeg's reason", async () => {
    await expect(analyseAudio(stream(Buffer.from("this is not a sound file at all, just words".repeat(100))))).rejects.toBeInstanceOf(
      FfmpegFailedError,
    );
  });
});
