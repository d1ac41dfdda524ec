import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeReturnPath, signInPath } from "./return-path.ts";

describe("safeReturnPath", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    expect(safeReturnPath("/juniper-dashboard/mail")).toBe("/juniper-dashboard/mail");
    expect(safeReturnPath("/juniper-dashboard?tab=songs#new")).toBe("/juniper-dashboard?tab=songs#new");
    expect(safeReturnPath("/music/caf%C3%A9")).toBe("/music/caf%C3%A9");
  });

  it("refuses every way off the site", () => {
    for (const value of [
      "//evil.example",
      "//evil.example/juniper-dashboard",
      "/\\evil.example",
      "\\\\evil.example",
      "/%2fevil.example",
      "/%5Cevil.example",
      "https://evil.example/",
      "http:/evil.example",
      "javascript:alert(1)",
      " /juniper-dashboard",
      "/\tevil",
      "/\nevil",
      "juniper-dashboard",
      "",
      "/" + "a".repeat(2000),
    ]) {
      expect(safeReturnPath(value), JSON.stringify(value)).toBeNull();
    }
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(["/x"])).toBeNull();
  });

  it("never yields anything a browser would take to another origin, whatever it is given", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.string().map((s) => `/${s}`),
          fc.string().map((s) => `//${s}`),
        ),
        (value) => {
          const path = safeReturnPath(value);
          if (path === null) return;
          expect(path.startsWith("/")).toBe(true);
          expect(path.startsWith("//")).toBe(false);
          expect(path.includes("\\")).toBe(false);
          expect(new URL(path, "https://site.example").origin).toBe("https://site.example");
        },
      ),
    );
  });
});

describe("signInPath", () => {
  it("links to /login with the path to come back to, and plain /login for the home page or none", () => {
    expect(signInPath("/juniper-dashboard/mail")).toBe("/login?returnTo=%2Fjuniper-dashboard%2Fmail");
    expect(signInPath("/")).toBe("/login");
    expect(signInPath(null)).toBe("/login");
    expect(signInPath("//evil.example")).toBe("/login");
  });
});
