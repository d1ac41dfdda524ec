import { describe, expect, it } from "vitest";
import { safeFileName } from "./safe-file-name.ts";

describe("safeFileName", () => {
  it("keeps ordinary names readable and drops accents", () => {
    expect(safeFileName("Paper Boats (final mix).wav")).toBe("Paper_Boats_final_mix_.wav");
    expect(safeFileName("Café Noir.mp3")).toBe("Cafe_Noir.mp3");
  });

  it("never yields a path separator, dot-dot, control character or leading dot", () => {
    for (const hostile of ["../../x", "..", ".hidden", "a/b\\c", "x\u0000y", "\u202Egnp.exe", "..\\..\\..\\boot.ini"]) {
      const safe = safeFileName(hostile);
      expect(safe).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
      expect(safe).not.toContain("..");
    }
  });

  it("keeps the extension when nothing else of the name is ASCII", () => {
    expect(safeFileName("歌.mp3")).toBe("file.mp3");
    expect(safeFileName("\u{57838}.wav")).toBe("file.wav");
    expect(safeFileName("🎵🎵.flac")).toBe("file.flac");
  });

  it("bounds the length and keeps the extension", () => {
    const safe = safeFileName(`${"a".repeat(300)}.flac`);
    expect(safe.length).toBe(100);
    expect(safe.endsWith(".flac")).toBe(true);
  });
});

describe("a name that looks like a variant's", () => {
  it("is kept from ending like one", () => {
    expect(safeFileName("IMG.w480.jpg")).toBe("IMG-w480.jpg");
    expect(safeFileName("a.w480.b.W96.avif")).toBe("a-w480.b-W96.avif");
    expect(safeFileName("width.w.jpg")).toBe("width.w.jpg");
  });
});
