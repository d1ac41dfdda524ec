import { describe, expect, it } from "vitest";
import { coverSrcSet, formatDuration, isoDuration, mediaUrl } from "./song.ts";

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
});
