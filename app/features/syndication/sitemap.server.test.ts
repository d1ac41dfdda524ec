import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import type { Song } from "#app/domain/song.ts";
import { buildRobotsTxt, buildSitemap, PUBLIC_PAGES } from "./sitemap.server.ts";

const ORIGIN = "https://music.example.com";

const song = (id: string, updatedAt: number): Song => ({
  id,
  title: `A < B & "C" ]]> D`,
  path: `/music/a-b-c-d-${id}/a-b-c-d`,
  releasePath: `/music/a-b-c-d-${id}`,
  releaseTitle: "Release",
  releaseKind: "single",
  releaseId: "r-1",
  artist: "Juniper Vale",
  audioUrl: `/media/music/1_${id}.mp3`,
  coverUrl: `/media/covers/1_${id}.png`,
  coverKey: `covers/1_${id}.png`,
  isLatest: false,
  streamingLinks: { spotify: "", apple: "", amazon: "", youtube: "" },
  durationMs: null,
  createdAt: 1,
  updatedAt,
  released: true,
  releaseAt: null,
  releaseTimeZone: null,
  releaseAnnounce: false,
  explicit: false,
  isrc: "",
});

type UrlSet = { urlset: { url: { loc: string; lastmod?: string }[]; "@_xmlns": string } };

describe("the sitemap", () => {
  it("lists every public page, then every release and every song given with when it last changed, as sitemaps.org asks", () => {
    const xml = buildSitemap(ORIGIN, [
      song("one", Date.UTC(2026, 3, 5, 6, 7, 8)),
      song("two&three", Date.UTC(2026, 0, 1)),
      // A second track of release one, changed later than the first: the release changed then.
      { ...song("one", Date.UTC(2026, 4, 1)), id: "one-b", path: "/music/a-b-c-d-one/b-side" },
    ]);
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "url" }).parse(xml) as UrlSet;
    expect(parsed.urlset["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect(parsed.urlset.url).toEqual([
      ...PUBLIC_PAGES.map((path) => ({ loc: `${ORIGIN}${path}` })),
      { loc: `${ORIGIN}/music/a-b-c-d-one`, lastmod: "2026-05-01T00:00:00.000Z" },
      { loc: `${ORIGIN}/music/a-b-c-d-two&three`, lastmod: "2026-01-01T00:00:00.000Z" },
      { loc: `${ORIGIN}/music/a-b-c-d-one/a-b-c-d`, lastmod: "2026-04-05T06:07:08.000Z" },
      { loc: `${ORIGIN}/music/a-b-c-d-two&three/a-b-c-d`, lastmod: "2026-01-01T00:00:00.000Z" },
      { loc: `${ORIGIN}/music/a-b-c-d-one/b-side`, lastmod: "2026-05-01T00:00:00.000Z" },
    ]);
  });

  it("names only pages anyone may open", () => {
    expect(PUBLIC_PAGES).toEqual(["/", "/bio", "/music", "/shows", "/contact", "/privacy", "/terms"]);
  });

  it("is pointed at by robots.txt, which keeps crawlers out of sign-in, set-up and the API only", () => {
    expect(buildRobotsTxt(ORIGIN).split("\n")).toEqual([
      "User-agent: *",
      "Allow: /",
      "Disallow: /login",
      "Disallow: /setup",
      "Disallow: /api/",
      "",
      `Sitemap: ${ORIGIN}/sitemap.xml`,
      "",
    ]);
    expect(buildRobotsTxt(ORIGIN)).not.toMatch(/dashboard/);
  });
});
