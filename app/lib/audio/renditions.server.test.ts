import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COPY_AT_MOST_KBPS, fallbackFor, parseProbe, sweepStaleRenditionFolders } from "./renditions.server.ts";

// What ffmpeg 4.1 says of real inputs (its stderr), and what each means for the fallback rendition.
const said = {
  mp3: "Input #0, mp3, from 'pipe:0':\n    Stream #0:0: Audio: mp3, 44100 Hz, stereo, fltp, 192 kb/s",
  loudMp3: "    Stream #0:0: Audio: mp3, 48000 Hz, stereo, fltp, 320 kb/s",
  tooRichMp3: "    Stream #0:0: Audio: mp3, 48000 Hz, stereo, fltp, 330 kb/s",
  m4a: "    Stream #0:0(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo, fltp, 256 kb/s (default)",
  wav: "    Stream #0:0: Audio: pcm_s16le ([1][0][0][0] / 0x0001), 44100 Hz, mono, s16, 705 kb/s",
  surround: "    Stream #0:0: Audio: pcm_s24le ([1][0][0][0] / 0x0001), 48000 Hz, 5.1, s32 (24 bit), 6912 kb/s",
  counted: "    Stream #0:0: Audio: flac, 96000 Hz, 4 channels, s32 (24 bit)",
  coverArt: "    Stream #0:0: Video: mjpeg, yuvj420p, 600x600\n    Stream #0:1: Audio: mp3, 44100 Hz, stereo, fltp, 128 kb/s",
};

describe("parseProbe", () => {
  it("reads the codec, bitrate and channels of the first audio stream", () => {
    expect(parseProbe(said.mp3)).toEqual({ codec: "mp3", bitrateKbps: 192, channels: 2 });
    expect(parseProbe(said.m4a)).toEqual({ codec: "aac", bitrateKbps: 256, channels: 2 });
    expect(parseProbe(said.wav)).toEqual({ codec: "pcm_s16le", bitrateKbps: 705, channels: 1 });
    expect(parseProbe(said.surround)).toEqual({ codec: "pcm_s24le", bitrateKbps: 6912, channels: 6 });
    expect(parseProbe(said.counted)).toEqual({ codec: "flac", bitrateKbps: null, channels: 4 });
    // An MP3 with its cover as a picture stream: the audio is what counts.
    expect(parseProbe(said.coverArt)).toEqual({ codec: "mp3", bitrateKbps: 128, channels: 2 });
    expect(parseProbe("pipe:0: Invalid data found when processing input")).toBeNull();
  });
});

describe("fallbackFor", () => {
  it("copies a modest MP3 or AAC upload rather than encoding it again", () => {
    expect(fallbackFor(parseProbe(said.mp3))).toEqual({ format: "mp3", copy: true });
    expect(fallbackFor(parseProbe(said.loudMp3))).toEqual({ format: "mp3", copy: true });
    expect(fallbackFor(parseProbe(said.m4a))).toEqual({ format: "m4a", copy: true });
  });
  it(`encodes MP3 from anything else: lossless, above ${COPY_AT_MOST_KBPS} kbit/s, surround, or not described`, () => {
    for (const text of [said.tooRichMp3, said.wav, said.surround, said.counted]) {
      expect(fallbackFor(parseProbe(text)), text).toEqual({ format: "mp3", copy: false });
    }
    expect(fallbackFor(null)).toEqual({ format: "mp3", copy: false });
  });
});

describe("sweepStaleRenditionFolders", () => {
  it("removes what a killed job left hours ago, and leaves a job under way and everything else", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sweep-test-"));
    try {
      const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
      for (const [name, age] of [
        ["renditions-old", 7],
        ["renditions-running", 0],
        ["other-old", 7],
      ] as const) {
        mkdirSync(path.join(dir, name));
        writeFileSync(path.join(dir, name, "stream.weba"), "x");
        utimesSync(path.join(dir, name), hoursAgo(age), hoursAgo(age));
      }
      expect(await sweepStaleRenditionFolders(dir)).toBe(1);
      expect(readdirSync(dir).sort()).toEqual(["other-old", "renditions-running"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
