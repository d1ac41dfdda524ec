import { describe, expect, it } from "vitest";
import { audioType, coverSrcSet, formatDuration, isoDuration, mediaKey, mediaUrl, renditionKey } from "./song.ts";

describe("song helpers", () => {
  it("formats durations as m:ss, and unknown ones as 0:00", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(24_000)).toBe("0:24");
    expect(formatDuration(192_499)).toBe("3:12");
    expect(formatDuration(null)).toBe("0:00");
    expect(formatDuration(Number.NaN)).toBe("0:00");
  });

  it("writes ISO 8601 durations for structured data", () => {
    expect(isoDuration(192_400)).toBe("PT3M12S");
    expect(isoDuration(24_000)).toBe("PT0M24S");
  });

  it("builds media URLs and a srcset of every cover width", () => {
    expect(mediaUrl("music/1_a.mp3")).toBe("/media/music/1_a.mp3");
    expect(coverSrcSet("covers/1_a.png", "webp")).toBe(
      "/media/covers/1_a.png.w96.webp 96w, /media/covers/1_a.png.w192.webp 192w, /media/covers/1_a.png.w384.webp 384w, /media/covers/1_a.png.w768.webp 768w",
    );
  });

  it("names each uploaded audio format's type by the key's extension, and MP3's otherwise", () => {
    expect(audioType("/media/music/1_a.mp3")).toBe("audio/mpeg");
    expect(audioType("/media/music/1_a.WAV")).toBe("audio/wav");
    expect(audioType("/media/music/1_a.opus")).toBe("audio/ogg");
    expect(audioType("/media/music/1_a.m4a")).toBe("audio/mp4");
    expect(audioType("/media/music/1_a.flac")).toBe("audio/flac");
    expect(audioType("/media/music/1_a")).toBe("audio/mpeg");
  });

  it("keeps the Opus rendition in WebM, named and typed so every server and bucket sends audio/webm", () => {
    expect(renditionKey("music/1_a.wav", "opus")).toBe("music/1_a.wav.stream.weba");
    expect(audioType(`/media/${renditionKey("music/1_a.wav", "opus")}`)).toBe("audio/webm");
    expect(renditionKey("music/1_a.wav", "mp3")).toBe("music/1_a.wav.stream.mp3");
  });

  it("finds the storage key behind a media address", () => {
    expect(mediaKey("/media/music/1_a.mp3")).toBe("music/1_a.mp3");
    expect(mediaKey("music/1_a.mp3")).toBe("music/1_a.mp3");
  });
});
