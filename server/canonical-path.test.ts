import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalPath, pathOf } from "./canonical-path.ts";

describe("canonicalPath", () => {
  it.each([
    ["/", "/"],
    ["/terms", "/terms"],
    ["//anything/terms", "/anything/terms"],
    ["//terms", "/terms"],
    ["/./terms", "/terms"],
    ["/a/b/../../terms", "/terms"],
    ["/../../terms", "/terms"],
    ["/TERMS", "/terms"],
    ["/terms/", "/terms"],
    ["/terms/.", "/terms"],
    ["/%74erms", "/terms"],
    ["/%2e%2e/terms", "/terms"],
    ["/music/%2fx", "/music/%2Fx"],
    ["/music/a%20b", "/music/a%20b"],
    ["/music/a b", "/music/a%20b"],
    ["/\\evil.example", "/%5Cevil.example"],
    ["/müsic", "/m%C3%BCsic"],
    ["/terms.data", "/terms.data"],
    ["/_.data", "/_.data"],
    ["/terms/_.data", "/terms.data"],
    ["/Music/X/_.data", "/music/x.data"],
  ])("%s → %s", (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
  });

  it("names no page for a broken escape or a target that is not a path", () => {
    for (const path of ["/%zz", "/%4", "*", "http://evil.example/terms", ""]) expect(canonicalPath(path)).toBeNull();
  });

  it("is its own fixed point, and never gives a path a browser would read as another host", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (tail) => {
        const canonical = canonicalPath(`/${tail}`);
        if (canonical === null) return;
        expect(canonicalPath(canonical)).toBe(canonical);
        expect(canonical).toMatch(/^\/(?![/\\])/);
        expect(canonical).toMatch(/^[\x21-\x7e]*$/);
      }),
      { numRuns: 1000 },
    );
  });

  it("takes the path from a request target", () => {
    expect(pathOf("/a/b?x=1")).toBe("/a/b");
    expect(pathOf("/a")).toBe("/a");
  });
});
