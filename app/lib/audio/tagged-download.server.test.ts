import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverPng, pcmWav, synthMp3 } from "#scripts/media/synth.ts";
import { attachedPicture, describeAudio } from "#tests/support/audio-tags.ts";
import { FfmpegFailedError } from "./ffmpeg.server.ts";
import { parseProbe, probeAudio } from "./renditions.server.ts";
import { encodeTaggedDownload, isLossy, sweepStaleDownloadFolders, type DownloadTags } from "./tagged-download.server.ts";

const RATE = 44_100;

/** A stereo 16-bit WAV of two seconds: a different tone in each ear. */
function stereoWav(seconds = 2): Buffer {
  const frames = seconds * RATE;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / RATE) * 12_000), i * 4);
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 660 * i) / RATE) * 12_000), i * 4 + 2);
  }
  return pcmWav(data, { sampleRate: RATE, channels: 2 });
}

const tags: DownloadTags = {
  title: "Nächtliche Fähre / Night Ferry",
  artist: "Juniper Vale",
  album: "Harbour Lights",
  albumArtist: "Juniper Vale",
  track: 2,
  trackCount: 3,
  year: 2024,
  lyrics: "First line, ü\r\nSecond line = ; # \\ done",
  isrc: "USRC17607839",
};

/** Each encode's temporary folder is made in a folder of this file's own, so what is left there is this file's. */
let temp = "";
const savedTmp = process.env.TMPDIR;
beforeAll(() => {
  temp = mkdtempSync(path.join(tmpdir(), "tagged-download-test-"));
  process.env.TMPDIR = temp;
});
afterAll(() => {
  process.env.TMPDIR = savedTmp;
  rmSync(temp, { recursive: true, force: true });
});

async function encoded(format: Parameters<typeof encodeTaggedDownload>[1]["format"], cover: Buffer | null, master = stereoWav()) {
  const made = await encodeTaggedDownload(Readable.from([master]), { format, tags, cover, channels: 2 });
  try {
    const bytes = readFileSync(made.path);
    expect(made.bytes).toBe(bytes.length);
    return bytes;
  } finally {
    await made.dispose();
  }
}

describe("a track of a download", () => {
  let cover: Buffer;
  beforeAll(async () => {
    cover = await sharp(await coverPng("Harbour Lights", ["#0f172a", "#14b8a6"], 600))
      .jpeg({ quality: 90 })
      .toBuffer();
  });

  it("is an MP3 at 320 kbit/s with ID3v2.3 tags, lyrics as USLT and the cover as the front cover", async () => {
    const bytes = await encoded("mp3-320", cover);
    // ID3v2.3, and its first frame the lyrics (ffmpeg's own frames follow).
    expect(bytes.toString("latin1", 0, 4)).toBe("ID3\u0003");
    expect(bytes.toString("latin1", 10, 14)).toBe("USLT");
    const { tags: read, streams } = await describeAudio(bytes);
    expect(read).toMatchObject({
      title: tags.title,
      artist: "Juniper Vale",
      album: "Harbour Lights",
      album_artist: "Juniper Vale",
      track: "2/3",
      date: "2024",
      tsrc: "USRC17607839",
      "lyrics-xxx": "First line, ü\nSecond line = ; # \\ done",
    });
    // Not also as the TXXX frame ffmpeg would have written.
    expect(read.lyrics).toBeUndefined();
    const [audio, picture] = streams;
    expect(audio?.line).toMatch(/Audio: mp3, 44100 Hz, stereo, fltp, 320 kb\/s/);
    expect(picture).toMatchObject({ kind: "Video", codec: "mjpeg", metadata: { comment: "Cover (front)" } });
    expect(await attachedPicture(bytes)).toEqual(cover);
  });

  it("is a FLAC of the master's very samples, with Vorbis comments and the cover as its picture", async () => {
    const master = stereoWav();
    const bytes = await encoded("flac", cover, master);
    expect(bytes.toString("latin1", 0, 4)).toBe("fLaC");
    const { tags: read, streams } = await describeAudio(bytes);
    expect(read).toMatchObject({
      title: tags.title,
      artist: "Juniper Vale",
      album: "Harbour Lights",
      album_artist: "Juniper Vale",
      track: "2",
      tracktotal: "3",
      date: "2024",
      isrc: "USRC17607839",
      lyrics: "First line, ü\nSecond line = ; # \\ done",
    });
    expect(streams[0]?.line).toMatch(/Audio: flac, 44100 Hz, stereo, s16/);
    expect(streams[1]).toMatchObject({ kind: "Video", codec: "mjpeg", metadata: { comment: "Cover (front)" } });
    expect(await attachedPicture(bytes)).toEqual(cover);
  });

  it("is an Opus file in Ogg with Vorbis comments and the cover as a METADATA_BLOCK_PICTURE", async () => {
    const bytes = await encoded("opus", cover);
    expect(bytes.toString("latin1", 0, 4)).toBe("OggS");
    const { tags: read, streams } = await describeAudio(bytes);
    expect(read).toMatchObject({
      title: tags.title,
      album_artist: "Juniper Vale",
      track: "2",
      tracktotal: "3",
      date: "2024",
      isrc: "USRC17607839",
      lyrics: "First line, ü\nSecond line = ; # \\ done",
    });
    expect(streams[0]?.line).toMatch(/Audio: opus, 48000 Hz, stereo/);
    expect(streams[1]).toMatchObject({ kind: "Video", codec: "mjpeg", metadata: { comment: "Cover (front)" } });
    expect(await attachedPicture(bytes)).toEqual(cover);
  });

  it("makes a cover too large for an Opus comment smaller, and still carries it", async () => {
    const noisy = await sharp(Buffer.from(Array.from({ length: 1200 * 1200 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 1200, height: 1200, channels: 3 },
    })
      .jpeg({ quality: 98 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(200_000);
    const bytes = await encoded("opus", noisy);
    const picture = await attachedPicture(bytes);
    expect(picture.length).toBeLessThan(90_000);
    const { width, height, format } = await sharp(picture).metadata();
    expect(format).toBe("jpeg");
    expect(Math.max(width ?? 0, height ?? 0)).toBeLessThanOrEqual(1000);
    // The same cover in MP3 and FLAC, whole.
    expect(await attachedPicture(await encoded("flac", noisy))).toEqual(noisy);
  });

  it("keeps MP3 at 320 kbit/s from a master at 22.05 kHz, and folds surround to stereo for MP3 and Opus", async () => {
    const surround = pcmWav(Buffer.alloc(22_050 * 6 * 2, 1), { sampleRate: 22_050, channels: 6 });
    for (const [format, expected] of [
      ["mp3-320", /Audio: mp3, 44100 Hz, stereo, fltp, 320 kb\/s/],
      ["opus", /Audio: opus, 48000 Hz, stereo/],
      ["flac", /Audio: flac, 22050 Hz, 5\.1, s16/],
    ] as const) {
      const made = await encodeTaggedDownload(Readable.from([surround]), { format, tags, cover: null, channels: 6 });
      try {
        expect((await describeAudio(readFileSync(made.path))).streams[0]?.line, format).toMatch(expected);
      } finally {
        await made.dispose();
      }
    }
  });

  it("goes without a cover, and leaves out tags that are empty", async () => {
    const bytes = await encoded("mp3-320", null);
    const plain = await encodeTaggedDownload(Readable.from([stereoWav()]), {
      format: "flac",
      tags: { ...tags, lyrics: "", isrc: "", year: null },
      cover: null,
      channels: 2,
    });
    try {
      const { tags: read, streams } = await describeAudio(readFileSync(plain.path));
      expect(read.lyrics).toBeUndefined();
      expect(read.isrc).toBeUndefined();
      expect(read.date).toBeUndefined();
      expect(read.title).toBe(tags.title);
      expect(streams.map((stream) => stream.kind)).toEqual(["Audio"]);
    } finally {
      await plain.dispose();
    }
    expect((await describeAudio(bytes)).streams.map((stream) => stream.kind)).toEqual(["Audio"]);
  });

  it("refuses what is not audio with ffmpeg's reason, and leaves no temporary folder, nor does any encode", async () => {
    await expect(
      encodeTaggedDownload(Readable.from([Buffer.from("RIFF but not a wave ".repeat(300))]), {
        format: "flac",
        tags,
        cover,
        channels: null,
      }),
    ).rejects.toBeInstanceOf(FfmpegFailedError);
    expect(readdirSync(temp)).toEqual([]);
  });
});

describe("isLossy", () => {
  it("knows a lossy master from its codec, and PCM, FLAC or ALAC as lossless", async () => {
    const mp3 = await probeAudio(Readable.from([synthMp3({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 })]));
    const wav = await probeAudio(Readable.from([stereoWav(1)]));
    expect(mp3 && isLossy(mp3)).toBe(true);
    expect(wav && isLossy(wav)).toBe(false);
    const said = (codec: string) => parseProbe(`    Stream #0:0: Audio: ${codec}, 44100 Hz, stereo, fltp`);
    for (const codec of ["aac", "opus", "vorbis", "wmav2", "ac3", "pcm_mulaw"]) expect(isLossy(said(codec)!), codec).toBe(true);
    for (const codec of ["pcm_s24le", "pcm_f32le", "flac", "alac", "wavpack"]) expect(isLossy(said(codec)!), codec).toBe(false);
  });
});

describe("sweepStaleDownloadFolders", () => {
  it("removes what a killed encode left hours ago, and leaves one under way and everything else", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sweep-test-"));
    try {
      const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
      for (const [name, age] of [
        ["download-old", 7],
        ["download-running", 0],
        ["renditions-old", 7],
      ] as const) {
        mkdirSync(path.join(dir, name));
        utimesSync(path.join(dir, name), hoursAgo(age), hoursAgo(age));
      }
      expect(await sweepStaleDownloadFolders(dir)).toBe(1);
      expect(readdirSync(dir).sort()).toEqual(["download-running", "renditions-old"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
