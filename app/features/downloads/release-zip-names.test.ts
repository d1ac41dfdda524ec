import { describe, expect, it } from "vitest";
import { safeFileName } from "#app/lib/storage/safe-file-name.ts";
import { trackEntryName, zipObjectName } from "./release-zip-names.ts";

describe("trackEntryName", () => {
  it("numbers tracks so they sort in order, with two digits at least", () => {
    expect(trackEntryName(1, 3, "First Light", "flac")).toBe("01 First Light.flac");
    expect(trackEntryName(12, 12, "Twelve", "mp3")).toBe("12 Twelve.mp3");
    expect(trackEntryName(7, 120, "Long Album", "opus")).toBe("007 Long Album.opus");
  });

  it("makes a title a name every system keeps", () => {
    expect(trackEntryName(2, 3, 'Salt / Roads: "Live" <Demo>?*|\\', "mp3")).toBe("02 Salt _ Roads_ _Live_ _Demo_____.mp3");
    expect(trackEntryName(3, 3, "Tabs\tand\nlines  and   spaces", "mp3")).toBe("03 Tabs and lines and spaces.mp3");
    // Windows drops a name's final dots and spaces.
    expect(trackEntryName(1, 1, "Wait...  ", "flac")).toBe("01 Wait.flac");
    // Text that turns around would show another extension than the file's.
    expect(trackEntryName(1, 1, "Song\u202Egalf.exe", "flac")).toBe("01 Song_galf.exe.flac");
    expect(trackEntryName(1, 1, "Zero\u200Bwidth\u0000", "flac")).toBe("01 Zero_width_.flac");
    expect(trackEntryName(1, 1, "", "flac")).toBe("01 Track.flac");
    expect(trackEntryName(1, 1, " ... ", "flac")).toBe("01 Track.flac");
  });

  it("keeps every script, emoji whole, and composes accents into one character", () => {
    expect(trackEntryName(1, 2, "Nächtliche Fähre 夜の船 👨‍👩‍👧", "opus")).toBe("01 Nächtliche Fähre 夜の船 👨‍👩‍👧.opus");
    expect(trackEntryName(1, 2, "Fa\u0308hre", "opus")).toBe("01 F\u00e4hre.opus");
    const long = trackEntryName(1, 2, "🎵".repeat(150), "flac");
    expect(Array.from(long.slice(3, -5))).toEqual(Array.from("🎵".repeat(100)));
  });
});

describe("zipObjectName", () => {
  it("names the release in ASCII with a random part no one can guess, whole within a storage name", () => {
    const name = zipObjectName("Nächtliche Fähre: the long way home, live at the harbour", "mp3-320");
    expect(name).toMatch(/^Nachtliche-Fahre-the-long-way-home-live-mp3-320-[0-9a-f]{32}\.zip$/);
    expect(safeFileName(name)).toBe(name);
    expect(zipObjectName("夜の船", "flac")).toMatch(/^release-flac-[0-9a-f]{32}\.zip$/);
    expect(zipObjectName("Album", "opus")).not.toBe(zipObjectName("Album", "opus"));
  });
});
