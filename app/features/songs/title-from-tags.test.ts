import { describe, expect, it } from "vitest";
import { titleFromFileName } from "./title-from-tags.ts";

describe("a track's title from its file's name", () => {
  it("drops the extension, underscores and a track number set off or zero-padded", () => {
    expect(titleFromFileName("03 - Night_Ferry (final).wav")).toBe("Night Ferry (final)");
    expect(titleFromFileName("03 Tide Tables.flac")).toBe("Tide Tables");
    expect(titleFromFileName("1. Harbour Lights.mp3")).toBe("Harbour Lights");
    expect(titleFromFileName("12) Last One.m4a")).toBe("Last One");
  });
  it("keeps a number that is part of the title, and never answers nothing", () => {
    expect(titleFromFileName("99 Problems.mp3")).toBe("99 Problems");
    expect(titleFromFileName("1979.ogg")).toBe("1979");
    expect(titleFromFileName(".wav")).toBe(".wav");
  });
});
