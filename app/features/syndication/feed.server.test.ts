import { Readable } from "node:stream";
import { XMLValidator } from "fast-xml-parser";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Song } from "#app/domain/song.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { audioSizes, buildFeed, releasedAt } from "./feed.server.ts";

const ORIGIN = "https://music.example.com";
const NASTY = `A < B & "C" ]]> D`;

const song = (id: string, overrides: Partial<Song> = {}): Song => ({
  id,
  title: `Song ${id}`,
  path: `/music/song-${id}/song-${id}`,
  releasePath: `/music/song-${id}`,
  releaseTitle: "Release",
  releaseKind: "single",
  releaseId: "r-1",
  artist: "Juniper Vale",
  audioUrl: `/media/music/1_${id}.mp3`,
  coverUrl: `/media/covers/1_${id}.png`,
  coverKey: `covers/1_${id}.png`,
  isLatest: false,
  streamingLinks: { spotify: "", apple: "", amazon: "", youtube: "" },
  durationMs: 192_400,
  createdAt: Date.UTC(2026, 0, 1),
  updatedAt: Date.UTC(2026, 0, 1),
  released: true,
  releaseAt: null,
  releaseTimeZone: null,
  releaseAnnounce: false,
  explicit: false,
  isrc: "",
  ...overrides,
});

const SITE = {
  origin: ORIGIN,
  artistName: `Juniper & "the" <Vales>`,
  tagline: "Songs for the long way home",
  description: "Pop hooks, R&B warmth ]]> and folk storytelling.",
  fallbackImage: "/social-image.png?v=3",
};

type ItunesItem = { itunes?: { duration?: string; image?: string; author?: string } };
const parse = (xml: string) => new Parser<Record<string, unknown>, ItunesItem>().parseString(xml);

describe("the RSS feed", () => {
  it("is well-formed XML that an RSS parser reads back to exactly the songs' fields", async () => {
    const songs = [
      song("a", { title: NASTY, isLatest: true, createdAt: Date.UTC(2026, 2, 1), updatedAt: Date.UTC(2026, 2, 2) }),
      song("b", { title: "Kitchen\u0001 Table 🎵", audioUrl: "/media/music/1_b.wav", durationMs: null, createdAt: Date.UTC(2026, 1, 1) }),
    ];
    const xml = buildFeed(SITE, songs, new Map([["music/1_a.mp3", 4_321_000]]));
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const feed = await parse(xml);
    expect(feed.title).toBe(SITE.artistName);
    expect(feed.link).toBe(`${ORIGIN}/`);
    expect(feed.description).toBe(SITE.description);
    expect(feed.feedUrl).toBe(`${ORIGIN}/feed.xml`);
    expect(feed.itunes?.author).toBe(SITE.artistName);
    expect(feed.itunes?.image).toBe(`${ORIGIN}/media/covers/1_a.png`);
    expect(feed.itunes?.categories).toEqual(["Music"]);
    expect(feed.image?.url).toBe(`${ORIGIN}/media/covers/1_a.png`);

    expect(feed.items.map((item) => item.title)).toEqual([NASTY, "Kitchen Table 🎵"]);
    const [first, second] = feed.items;
    expect(first).toMatchObject({
      link: `${ORIGIN}/music/song-a/song-a`,
      guid: "a",
      pubDate: "Sun, 01 Mar 2026 00:00:00 GMT",
      enclosure: { url: `${ORIGIN}/media/music/1_a.mp3`, length: "4321000", type: "audio/mpeg" },
      content: `Listen to "${NASTY}" by Juniper Vale.`,
    });
    expect(first?.itunes).toMatchObject({ duration: "192", image: `${ORIGIN}/media/covers/1_a.png`, author: "Juniper Vale" });
    // A file whose size could not be read: length 0, as RSS asks when it is unknown; no duration when none is known.
    expect(second?.enclosure).toEqual({ url: `${ORIGIN}/media/music/1_b.wav`, length: "0", type: "audio/wav" });
    expect(second?.itunes?.duration).toBeUndefined();
    expect(xml).toContain('<guid isPermaLink="false">a</guid>');
  });

  it("lists songs by when they came out, a scheduled release by its release time", async () => {
    const songs = [
      song("added-last", { createdAt: Date.UTC(2026, 5, 1) }),
      song("scheduled", { createdAt: Date.UTC(2026, 0, 1), releaseAt: Date.UTC(2026, 6, 1) }),
      song("oldest", { createdAt: Date.UTC(2025, 0, 1) }),
    ];
    expect(releasedAt(songs[1] as Song)).toBe(Date.UTC(2026, 6, 1));
    const feed = await parse(buildFeed(SITE, songs, new Map()));
    expect(feed.items.map((item) => item.guid)).toEqual(["scheduled", "added-last", "oldest"]);
    expect(feed.items[0]?.pubDate).toBe("Wed, 01 Jul 2026 00:00:00 GMT");
  });

  it("is a valid, empty channel before any song is out, pictured by the site's share image", async () => {
    const xml = buildFeed(SITE, [], new Map());
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = await parse(xml);
    expect(feed.items).toEqual([]);
    expect(feed.itunes?.image).toBe(`${ORIGIN}/social-image.png?v=3`);
  });
});

describe.each(testStacks)("the feed's enclosure sizes on %s", (kind) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());

  it("are the stored files' sizes, read together; a missing file has none", async () => {
    const { storage } = site.services;
    const one = await storage.put("music", "one.mp3", Readable.from(Buffer.alloc(1234, 1)));
    const two = await storage.put("music", "two.mp3", Readable.from(Buffer.alloc(56_789, 2)));
    const songs = [
      song("1", { audioUrl: `/media/${one.key}` }),
      song("2", { audioUrl: `/media/${two.key}` }),
      song("3", { audioUrl: "/media/music/1700000000000_gone.mp3" }),
    ];
    const sizes = await audioSizes(storage, songs);
    expect(Object.fromEntries(sizes)).toEqual({ [one.key]: 1234, [two.key]: 56_789 });
  });
});
