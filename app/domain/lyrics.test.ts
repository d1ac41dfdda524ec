import { describe, expect, it } from "vitest";
import { currentSyncedLine, formatIsrc, normalizeIsrc, parseSyncedLyrics } from "./lyrics.ts";

describe("synced lyrics (LRC)", () => {
  it("reads timed lines in time order, a repeated line at each of its times, header tags and blank lines skipped", () => {
    const parsed = parseSyncedLyrics("[ti:Night Ferry]\n[ar:Juniper Vale]\n\n[00:20.5]Second\n[00:03.25][01:02.003]Chorus\n[1:00]");
    expect(parsed).toEqual({
      ok: true,
      lines: [
        { atMs: 3250, text: "Chorus" },
        { atMs: 20_500, text: "Second" },
        { atMs: 60_000, text: "" },
        { atMs: 62_003, text: "Chorus" },
      ],
    });
  });

  it("names the first line without a time, or with an impossible one", () => {
    expect(parseSyncedLyrics("[00:01.00]ok\nSecond line")).toEqual({
      ok: false,
      error: "Line 2: a synced line starts with its time in square brackets, such as [01:23.45].",
    });
    expect(parseSyncedLyrics("[00:61.00]x")).toMatchObject({ ok: false, error: expect.stringContaining("Line 1") });
    expect(parseSyncedLyrics("[ar:Only a header]")).toMatchObject({ ok: false, error: expect.stringContaining("at least one timed line") });
  });

  it("finds the line being sung", () => {
    const lines = [
      { atMs: 1000, text: "a" },
      { atMs: 5000, text: "b" },
      { atMs: 9000, text: "c" },
    ];
    expect(currentSyncedLine(lines, 0)).toBe(-1);
    expect(currentSyncedLine(lines, 1000)).toBe(0);
    expect(currentSyncedLine(lines, 8999)).toBe(1);
    expect(currentSyncedLine(lines, 60_000)).toBe(2);
    expect(currentSyncedLine([], 5)).toBe(-1);
  });
});

describe("ISRC", () => {
  it("takes it with or without hyphens and spaces, in any case, and writes it as people do", () => {
    expect(normalizeIsrc("gb-ltd-26-00002")).toBe("GBLTD2600002");
    expect(normalizeIsrc(" US S1Z 99 00001 ")).toBe("USS1Z9900001");
    expect(formatIsrc("GBLTD2600002")).toBe("GB-LTD-26-00002");
  });
  it("refuses what is not one", () => {
    for (const typed of ["", "GB-LTD-26-0002", "1B-LTD-26-00002", "GB-LTD-2A-00002", "GB-LTD-26-000021"])
      expect(normalizeIsrc(typed)).toBeNull();
  });
});
