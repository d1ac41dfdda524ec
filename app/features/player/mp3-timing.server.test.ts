import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { pcmWav } from "#scripts/media/synth.ts";
import { makeRenditions } from "#app/lib/audio/renditions.server.ts";
import { mp3Timing } from "./mp3-timing.ts";

/** A WAV of exactly `samples` samples per channel: what the MP3 rendition must say it holds. */
function wavOf(samples: number, sampleRate: number, channels: number): Buffer {
  const data = Buffer.alloc(samples * channels * 2);
  for (let i = 0; i < samples * channels; i++) data.writeInt16LE(Math.round(Math.sin(i / 7) * 9_000), i * 2);
  return pcmWav(data, { sampleRate, channels });
}

/** The MP3 rendition the site makes of `wav` (decision 026). */
async function mp3Of(wav: Buffer): Promise<Buffer> {
  const made = await makeRenditions(Readable.from(wav), null);
  try {
    expect(made.fallbackFormat).toBe("mp3");
    return await readFile(made.fallbackPath);
  } finally {
    await made.dispose();
  }
}

describe("mp3Timing", () => {
  it("reads the exact length and priming of the site's MP3 renditions, mono and stereo, from their first frame", async () => {
    for (const [samples, sampleRate, channels] of [
      [144_000, 48_000, 1],
      [132_300 + 17, 44_100, 2],
    ] as const) {
      const mp3 = await mp3Of(wavOf(samples, sampleRate, channels));
      const timing = mp3Timing(mp3.subarray(0, 4096));
      expect(timing).toEqual({ sampleRate, delay: expect.any(Number), samples });
      expect(timing?.delay).toBeGreaterThan(0);
    }
  });

  it("finds the frame after an ID3v2 tag, and says nothing of a file without the encoder's timing", async () => {
    const mp3 = await mp3Of(wavOf(48_000, 48_000, 1));
    const timing = mp3Timing(mp3);
    const id3 = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 20]), Buffer.alloc(20), mp3]);
    expect(mp3Timing(id3)).toEqual(timing);
    // Its first frame (the Info frame) gone: frames of music only, which say no length.
    const firstFrameLength = mp3.indexOf(Buffer.from([0xff, 0xfb]), 4);
    expect(firstFrameLength).toBeGreaterThan(100);
    expect(mp3Timing(mp3.subarray(firstFrameLength))).toBeNull();
    expect(mp3Timing(Buffer.from("not an mp3 at all"))).toBeNull();
    expect(mp3Timing(new Uint8Array(0))).toBeNull();
  });
});
