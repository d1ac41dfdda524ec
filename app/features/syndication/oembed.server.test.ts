import { describe, expect, it } from "vitest";
import type { Song } from "#app/domain/song.ts";
import { oembedAnswer, readOembedQuery, songAddressFromUrl } from "./oembed.server.ts";
import { OEMBED_TEXT } from "./ui-text.ts";

const SITE = "https://music.example.com";
const ID = "5eaea39c-ad0a-47dc-aded-010af468ed73";

const song = (overrides: Partial<Song> = {}): Song => ({
  id: ID,
  title: "Paper Boats",
  path: "/music/paper-boats/paper-boats",
  releasePath: "/music/paper-boats",
  releaseTitle: "Release",
  releaseKind: "single",
  releaseId: "r-1",
  artist: "Juniper Vale",
  audioUrl: "/media/music/1_a.mp3",
  coverUrl: "/media/covers/1_a.png",
  coverKey: "covers/1_a.png",
  isLatest: true,
  streamingLinks: { spotify: "", apple: "", amazon: "", youtube: "" },
  durationMs: 192_000,
  createdAt: 1,
  updatedAt: 1,
  released: true,
  releaseAt: null,
  releaseTimeZone: null,
  releaseAnnounce: false,
  explicit: false,
  isrc: "",
  ...overrides,
});

const query = (params: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const one of [value].flat()) search.append(name, one);
  return readOembedQuery(search);
};

/** The iframe's attributes, read back by the browser's own rules (the spec's html is HTML). */
function iframeAttributes(html: string): Record<string, string> {
  const open = /^<iframe ([^>]*)><\/iframe>$/.exec(html)?.[1] ?? "";
  const decode = (v: string) =>
    v.replaceAll("&quot;", '"').replaceAll("&apos;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  return Object.fromEntries([...open.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name = "", value = ""]) => [name, decode(value)]));
}

describe("oEmbed", () => {
  it("reads a well-formed query, JSON by default or by name, and ignores parameters the spec does not name", () => {
    expect(query({ url: `${SITE}/music/${ID}` })).toEqual({ ok: true, query: { url: `${SITE}/music/${ID}` } });
    expect(query({ url: `${SITE}/music/${ID}`, format: "json", maxwidth: "300", maxheight: "200", callback: "x" })).toEqual({
      ok: true,
      query: { url: `${SITE}/music/${ID}`, maxwidth: 300, maxheight: 200 },
    });
  });

  it("refuses what it cannot read with 400, and any format but JSON with 501", () => {
    expect(query({})).toEqual({ ok: false, refusal: { status: 400, message: OEMBED_TEXT.urlMissing } });
    expect(query({ url: "  " })).toEqual({ ok: false, refusal: { status: 400, message: OEMBED_TEXT.urlMissing } });
    expect(query({ url: ["a", "b"] })).toEqual({ ok: false, refusal: { status: 400, message: OEMBED_TEXT.repeated("url") } });
    for (const bad of ["0", "-1", "1.5", "abc", "", " 300", "0300", "100000", "1e3", "0x10"]) {
      expect(query({ url: "x", maxwidth: bad }), bad).toEqual({
        ok: false,
        refusal: { status: 400, message: OEMBED_TEXT.dimension("maxwidth") },
      });
      expect(query({ url: "x", maxheight: bad }), bad).toEqual({
        ok: false,
        refusal: { status: 400, message: OEMBED_TEXT.dimension("maxheight") },
      });
    }
    for (const format of ["xml", "XML", "JSON", "", "jsonp"]) {
      expect(query({ url: "x", format }), format).toEqual({ ok: false, refusal: { status: 501, message: OEMBED_TEXT.formatUnsupported } });
    }
  });

  it("knows this site's song addresses, as fans paste them", () => {
    for (const url of [
      `${SITE}/music/paper-boats/paper-boats`,
      `${SITE}/music/paper-boats/paper-boats/`,
      `${SITE}:443/music/paper-boats/paper-boats`,
      `https://MUSIC.example.com/music/paper-boats/paper-boats?utm_source=mastodon#listen`,
    ]) {
      expect(songAddressFromUrl(url, SITE), url).toEqual({ releaseSlug: "paper-boats", trackSlug: "paper-boats" });
    }
    expect(songAddressFromUrl(`${SITE}/music/%D0%BD%D0%BE%D1%87%D1%8C/intro`, SITE)).toEqual({ releaseSlug: "ночь", trackSlug: "intro" });
    // A release's page (its first track), and the addresses from before releases: the old share page and the player.
    for (const url of [`${SITE}/music/${ID}`, `${SITE}/music/${ID}/`, `${SITE}/music/${ID}?utm_source=mastodon#listen`]) {
      expect(songAddressFromUrl(url, SITE), url).toEqual({ releaseSlugOrId: ID });
    }
    expect(songAddressFromUrl(`${SITE}/music/harbour-lights`, SITE)).toEqual({ releaseSlugOrId: "harbour-lights" });
    expect(songAddressFromUrl(`${SITE}/embed/${ID}`, SITE)).toEqual({ id: ID });
    expect(songAddressFromUrl("http://localhost:3107/music/abc", "http://localhost:3107")).toEqual({ releaseSlugOrId: "abc" });
  });

  it("knows nothing else: another scheme, host or port, credentials, another path, a malformed address", () => {
    for (const url of [
      `http://music.example.com/music/${ID}`,
      `https://evil.example/music/${ID}`,
      `https://music.example.com.evil.example/music/${ID}`,
      `https://music.example.com:8443/music/${ID}`,
      `https://user:pass@music.example.com/music/${ID}`,
      `${SITE}/music`,
      `${SITE}/music/`,
      `${SITE}/`,
      `${SITE}/embed`,
      `${SITE}/bio`,
      `${SITE}/Music/${ID}`,
      `${SITE}/music/a/b/c`,
      `${SITE}/music/Paper-Boats/intro`,
      `${SITE}/music/paper-boats/a%20b`,
      `${SITE}/embed/paper-boats/intro`,
      `${SITE}/music//${ID}`,
      `${SITE}/media/music/${ID}`,
      `${SITE}/music/%E0%A4%A`,
      `${SITE}/music/a%2Fb`,
      `${SITE}/music/a%20b`,
      `${SITE}/music/${"x".repeat(121)}`,
      `${SITE}/music/${ID}?${"x".repeat(3000)}`,
      `/music/${ID}`,
      `music.example.com/music/${ID}`,
      "javascript:alert(1)",
      "not a url",
      "",
    ]) {
      expect(songAddressFromUrl(url, SITE), url).toBeNull();
    }
  });

  it("answers a rich embed of the compact player, per the spec", () => {
    const answer = oembedAnswer(song(), { origin: SITE, artistName: "Juniper Vale" }, {});
    expect(answer).toEqual({
      version: "1.0",
      type: "rich",
      provider_name: "Juniper Vale",
      provider_url: `${SITE}/`,
      title: "Paper Boats",
      author_name: "Juniper Vale",
      author_url: `${SITE}/`,
      html: expect.any(String),
      width: 480,
      height: 152,
      thumbnail_url: `${SITE}/media/covers/1_a.png.og.jpg`,
      thumbnail_width: 1200,
      thumbnail_height: 630,
      cache_age: 3600,
    });
    expect(iframeAttributes(answer?.html ?? "")).toEqual({
      src: `${SITE}/embed/${ID}`,
      width: "480",
      height: "152",
      frameborder: "0",
      allow: "autoplay; encrypted-media",
      loading: "lazy",
      title: "Paper Boats by Juniper Vale",
      // Fluid: never wider than the page's column, at most its width.
      style: "border:0;border-radius:12px;width:100%;max-width:480px",
    });
  });

  it("escapes the title in its html, so no title can end the attribute or the element", () => {
    const title = `A < B & "C" ]]> D '</iframe><script>alert(1)</script>`;
    const answer = oembedAnswer(song({ title }), { origin: SITE, artistName: "J" }, {});
    expect(answer?.title).toBe(title);
    expect(answer?.html).not.toContain("<script");
    expect(answer?.html.match(/<iframe /g)).toHaveLength(1);
    expect(iframeAttributes(answer?.html ?? "").title).toBe(`${title} by Juniper Vale`);
  });

  it("fits the room asked for: smaller player and thumbnail, or none when the player cannot fit", () => {
    const fit = (maxwidth?: number, maxheight?: number) => oembedAnswer(song(), { origin: SITE, artistName: "J" }, { maxwidth, maxheight });
    expect(fit(2000, 2000)).toMatchObject({ width: 480, height: 152, thumbnail_width: 1200, thumbnail_height: 630 });
    expect(fit(320)).toMatchObject({
      width: 320,
      height: 152,
      thumbnail_url: `${SITE}/media/covers/1_a.png.w192.webp`,
      thumbnail_width: 192,
    });
    expect(fit(undefined, 130)).toMatchObject({ width: 480, height: 130, thumbnail_width: 96, thumbnail_height: 96 });
    expect(fit(200, 120)).toMatchObject({ width: 200, height: 120, thumbnail_width: 96 });
    expect(fit(1000, 800)).toMatchObject({ thumbnail_url: `${SITE}/media/covers/1_a.png.w768.webp`, thumbnail_width: 768 });
    expect(fit(199)).toBeNull();
    expect(fit(undefined, 119)).toBeNull();
    const answer = fit(250, 140);
    expect(iframeAttributes(answer?.html ?? "")).toMatchObject({ width: "250", height: "140" });
  });
});
