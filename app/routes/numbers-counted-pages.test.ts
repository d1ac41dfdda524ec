import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { countedPage } from "#app/features/numbers/beacon.server.ts";

// Which pages the Numbers count is a list in beacon.server.ts. A page added to
// app/routes.ts is either counted there or named here with why not, so a new
// public page is never left out of the Numbers unnoticed, and a private one
// (whose address may carry a secret) never counted by accident.

/** Pages never counted, and why. */
const UNCOUNTED: Record<string, string> = {
  "routes/newsletter-confirm.tsx": "its address carries a confirmation token",
  "routes/unsubscribe.tsx": "its address carries a subscriber's token",
  "routes/login.tsx": "signing in, not a visit",
  "routes/login-forgot.tsx": "signing in, not a visit",
  "routes/login-reset.tsx": "its address carries a reset token",
  "routes/setup.tsx": "the site's first admin, once",
  "routes/invite.tsx": "its address carries an invitation token",
  "routes/account.tsx": "a signed-in page",
  "routes/account-email.tsx": "its address carries a token",
  "routes/listen.tsx": "a private listening link: its address is the secret",
  "routes/download.tsx": "a fan's download page: its address is the secret",
  "routes/embed.tsx": "shown inside other sites; its plays are counted, not its views",
  "routes/embed-release.tsx": "shown inside other sites; its plays are counted, not its views",
  "routes/not-found.tsx": "no page",
};

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };
const flatten = (entries: RouteEntry[]): RouteEntry[] => entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);

/** A route's address with each parameter filled in as a page's would be. */
const sampleAddress = (entry: RouteEntry) =>
  `/${(entry.path ?? "")
    .split("/")
    .filter((part) => part !== "")
    .map((part) => (part.startsWith(":") ? "a-name-7" : part === "*" ? "no-such-page" : part))
    .join("/")}`;

const pages = flatten(routes as RouteEntry[]).filter((entry) => entry.file.endsWith(".tsx"));

describe("the pages the Numbers count", () => {
  it("are every public page in app/routes.ts; the artist's and private pages are named as never counted", () => {
    for (const entry of pages) {
      const address = sampleAddress(entry);
      const dashboard = /-dashboard(\/|$)/.test(entry.path ?? "");
      if (dashboard || entry.file in UNCOUNTED) expect(countedPage(address), `${entry.file} (${address}) is not counted`).toBeNull();
      else expect(countedPage(address), `${entry.file} (${address}): count it in beacon.server.ts, or name it in UNCOUNTED`).toBe(address);
    }
  });

  it("names only pages that exist", () => {
    const files = new Set(pages.map((entry) => entry.file));
    expect(Object.keys(UNCOUNTED).filter((file) => !files.has(file))).toEqual([]);
  });

  it("counts a page's address with or without its closing slash, under one name", () => {
    expect(countedPage("/music/")).toBe("/music");
    expect(countedPage("/")).toBe("/");
    expect(countedPage("/music/harbour-lights/first-light")).toBe("/music/harbour-lights/first-light");
    expect(countedPage("/music/Harbour")).toBeNull();
    expect(countedPage("/listen/abc")).toBeNull();
  });
});
