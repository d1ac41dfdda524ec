// The routes other sites and apps read (/oembed, /feed.xml, /sitemap.xml),
// called as React Router calls them, on a real database and storage of each stack.
import { Readable } from "node:stream";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import Parser from "rss-parser";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "#app/lib/platform/app-context.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { loader as feedLoader } from "./feed-xml.ts";
import { loader as oembedLoader } from "./oembed.ts";
import { loader as sitemapLoader } from "./sitemap-xml.ts";
import { getSong } from "#app/features/songs/songs.server.ts";
import { insertSingles } from "#app/domain/song-rows.server.ts";

const ORIGIN = "http://localhost:3999";
const NASTY = `A < B & "C" ]]> D`;

describe.each(testStacks)("oEmbed, feed and sitemap on %s", (kind) => {
  let site: TestSite;
  const ids = { out: "song-out", nasty: "song-nasty", scheduled: "song-scheduled" };

  function call<T extends (args: never) => unknown>(loader: T, path: string, headers: Record<string, string> = {}) {
    const context = new RouterContextProvider();
    context.set(appContext, {
      services: site.services,
      cspNonce: "",
      formStarted: () => "",
      renderedForCache: false,
      markDegraded: () => {},
      changesAt: () => {},
    });
    const request = new Request(`${ORIGIN}${path}`, { headers });
    return loader({ request, context, params: {} } as never) as Promise<Response>;
  }

  async function addSong(id: string, title: string, released: boolean, bytes: number, createdAt: number) {
    const audio = await site.services.storage.put("music", `${id}.mp3`, Readable.from(Buffer.alloc(bytes, 7)));
    await insertSingles(site.services.db, [
      {
        id,
        title,
        artist: "Juniper Vale",
        audioKey: audio.key,
        coverKey: `covers/1700000000000_${id}.png`,
        durationMs: 61_000,
        createdAt,
        updatedAt: createdAt,
        released: released ? 1 : 0,
        releaseAt: released ? null : Date.now() + 86_400_000,
      },
    ]);
    await bumpContentVersion(site.services.db);
  }

  beforeAll(async () => {
    site = await createTestSite(kind);
    await addSong(ids.out, "Paper Boats", true, 1000, Date.UTC(2026, 0, 1));
    await addSong(ids.nasty, NASTY, true, 2000, Date.UTC(2026, 1, 1));
    await addSong(ids.scheduled, "Not Yet", false, 3000, Date.UTC(2026, 2, 1));
  });
  afterAll(() => site.cleanup());

  const oembed = (url: string, extra = "") => call(oembedLoader, `/oembed?url=${encodeURIComponent(url)}${extra}`);

  it("answers oEmbed for this site's released songs, by track page, release page, old share page or player address", async () => {
    const nasty = await getSong(site.services, ids.nasty);
    for (const url of [
      `${ORIGIN}${nasty?.path}`,
      `${ORIGIN}${nasty?.releasePath}`,
      `${ORIGIN}/music/${ids.nasty}`,
      `${ORIGIN}/music/${ids.nasty}/`,
      `${ORIGIN}/embed/${ids.nasty}`,
    ]) {
      const response = await oembed(url, "&format=json");
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ version: "1.0", type: "rich", title: NASTY, width: 480, height: 152 });
      expect(body.html).toContain(`src="${ORIGIN}/embed/${ids.nasty}"`);
    }
  });

  it("gives 404 to a song not out yet, an unknown song and any address that is not ours; 400 and 501 as the spec says", async () => {
    for (const url of [
      `${ORIGIN}/music/${ids.scheduled}`,
      `${ORIGIN}/embed/${ids.scheduled}`,
      `${ORIGIN}/music/no-such-song`,
      `https://localhost:3999/music/${ids.out}`,
      `http://localhost:4000/music/${ids.out}`,
      `http://evil.example/music/${ids.out}`,
      `${ORIGIN}/bio`,
      "not a url",
    ]) {
      const response = await oembed(url);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain("Not Yet");
    }
    expect((await oembed(`${ORIGIN}/music/${ids.out}`, "&format=xml")).status).toBe(501);
    expect((await oembed(`${ORIGIN}/music/${ids.out}`, "&maxwidth=wide")).status).toBe(400);
    expect((await oembed(`${ORIGIN}/music/${ids.out}`, "&maxheight=50")).status).toBe(404);
    expect((await call(oembedLoader, "/oembed")).status).toBe(400);
  });

  it("feeds exactly the released songs, each field intact, with each file's size", async () => {
    const response = await call(feedLoader, "/feed.xml");
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = await new Parser().parseString(xml);
    expect(feed.items.map((item) => [item.guid, item.title, item.enclosure?.length])).toEqual([
      [ids.nasty, NASTY, "2000"],
      [ids.out, "Paper Boats", "1000"],
    ]);
    // Polled again unchanged: 304. A new song: a new feed.
    const etag = response.headers.get("etag") ?? "";
    expect((await call(feedLoader, "/feed.xml", { "if-none-match": etag })).status).toBe(304);
    await addSong("song-later", "Later", true, 10, Date.UTC(2026, 3, 1));
    const after = await call(feedLoader, "/feed.xml", { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect((await new Parser().parseString(await after.text())).items.map((item) => item.guid)).toEqual(["song-later", ids.nasty, ids.out]);
  });

  it("maps exactly the released songs' pages", async () => {
    const xml = await (await call(sitemapLoader, "/sitemap.xml")).text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const { urlset } = new XMLParser({ isArray: (name) => name === "url" }).parse(xml) as { urlset: { url: { loc: string }[] } };
    const songPages = urlset.url.map((url) => url.loc).filter((loc) => loc.startsWith(`${ORIGIN}/music/`));
    const songs = await Promise.all([ids.nasty, ids.out, "song-later"].map((id) => getSong(site.services, id)));
    const paths = songs.flatMap((song) => (song ? [song.path, song.releasePath] : []));
    expect(paths.every((path) => /^\/music\/[a-z0-9-]+(\/[a-z0-9-]+)?$/.test(path))).toBe(true);
    expect(paths).toHaveLength(6);
    expect(songPages.sort()).toEqual(paths.map((path) => `${ORIGIN}${path}`).sort());
  });
});
