import { describe, expect, it } from "vitest";
import { isPhotoOriginal } from "#app/domain/photo.ts";
import { safeFileName } from "#app/lib/storage/safe-file-name.ts";
import { servable } from "./responses.ts";

// Issue #30: a photo's original (with its EXIF: where it was taken) is never
// served, only its variants; an upload named like a variant must not pass for one.
describe("a photo uploaded under a variant's name", () => {
  it("is stored as an original, which the media path does not serve", () => {
    for (const name of ["IMG.w480.jpg", "IMG.W480.JPG", "shot.w2400.webp", "a.w480.b.w96.avif", "IMG.jpg.w480.jpg"]) {
      // As storage.put names an upload (SPEC: {ms}_{name}).
      const key = `photos/${Date.now()}_${safeFileName(name)}`;
      expect([name, isPhotoOriginal(key), servable(key)]).toEqual([name, true, false]);
      // Its real variants are served.
      expect(servable(`${key}.w480.jpg`)).toBe(true);
    }
  });
});
