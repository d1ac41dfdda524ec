import { describe, expect, it } from "vitest";
import { FALLBACK_SLUG, firstFreeSlug, isSlugShaped, SLUG_MAX_LENGTH, slugify } from "./slug.ts";

describe("slugify", () => {
  it("makes a readable address from a title", () => {
    expect(slugify("Paper Boats", "track")).toBe("paper-boats");
    expect(slugify("  Café del Mar (Live at the Roundhouse)  ", "track")).toBe("cafe-del-mar-live-at-the-roundhouse");
    expect(slugify("Rock & Roll", "track")).toBe("rock-and-roll");
    expect(slugify("Straße / Smørrebrød", "track")).toBe("strasse-smorrebrod");
    expect(slugify("Ночь", "track")).toBe("ночь");
    expect(slugify("1999", "track")).toBe("1999");
  });

  it("falls back to a word for a title with no letters or digits", () => {
    expect(slugify("🎵🎵", FALLBACK_SLUG.track)).toBe("track");
    expect(slugify("---", FALLBACK_SLUG.release)).toBe("release");
  });

  it("stays within the limit on a word boundary, and cuts one over-long word", () => {
    const long = slugify("one two three four five six seven eight nine ten eleven twelve thirteen", "track");
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(long).toBe("one-two-three-four-five-six-seven-eight-nine-ten-eleven");
    expect(slugify("a".repeat(100), "track")).toBe("a".repeat(SLUG_MAX_LENGTH));
  });

  it("makes only what isSlugShaped accepts", () => {
    for (const title of ["Paper Boats", "Ночь", "🎵", "x".repeat(200), "A—B", "Über Öl"])
      expect(isSlugShaped(slugify(title, "track"))).toBe(true);
    for (const bad of ["", "Paper", "a--b", "-a", "a-", "a/b", "a b", "%2e%2e", "a".repeat(121)]) expect(isSlugShaped(bad)).toBe(false);
  });
});

describe("firstFreeSlug", () => {
  it("numbers a taken slug from 2, keeping within the limit", () => {
    expect(firstFreeSlug("intro", new Set())).toBe("intro");
    expect(firstFreeSlug("intro", new Set(["intro", "intro-2"]))).toBe("intro-3");
    const base = "b".repeat(SLUG_MAX_LENGTH);
    const next = firstFreeSlug(base, new Set([base]));
    expect(next).toBe(`${"b".repeat(SLUG_MAX_LENGTH - 2)}-2`);
  });
});
