import { describe, expect, it } from "vitest";
import { checkAlt, isAltProblem } from "./alt-rules.ts";
import { PHOTO_TEXT } from "./ui-text.ts";

describe("a photo's description", () => {
  it("is asked for when empty or only spaces, in the server's words", () => {
    expect(checkAlt("")).toBe(PHOTO_TEXT.altRequired);
    expect(checkAlt(" \n\t ")).toBe(PHOTO_TEXT.altRequired);
  });

  it("passes once it says something", () => {
    expect(checkAlt("Juniper at the piano")).toBeNull();
    expect(checkAlt("  x  ")).toBeNull();
  });

  it("takes the server's refusals about the description to its field, and no other refusal", () => {
    expect(isAltProblem(PHOTO_TEXT.altRequired)).toBe(true);
    expect(isAltProblem(PHOTO_TEXT.altTooLong)).toBe(true);
    for (const other of [PHOTO_TEXT.notFound, PHOTO_TEXT.tooLarge, PHOTO_TEXT.connectionLost, PHOTO_TEXT.unexpected, ""])
      expect(isAltProblem(other)).toBe(false);
  });
});
