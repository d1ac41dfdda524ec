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

  it("bounds the length and keeps the extension", () => {
    const safe = safeFileName(`${"a".repeat(300)}.flac`);
    expect(safe.length).toBe(100);
    expect(safe.endsWith(".flac")).toBe(true);
  });
});
