import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSingles } from "#app/domain/song-rows.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { listComingReleases, listReleases } from "./releases.server.ts";

const YEAR = 365 * 86_400_000;

describe.each(testStacks)("the releases list on %s", (kind) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());

  const track = (
    id: string,
    title: string,
    createdAt: number,
    extra: { released?: number; isLatest?: number; releaseAt?: number } = {},
  ) => ({
    id,
    title,
    artist: "Juniper Vale",
    audioKey: `music/${createdAt}_${id}.mp3`,
    coverKey: `covers/${createdAt}_${id}.png`,
    createdAt,
    updatedAt: createdAt,
    // Every row names every column: SQLite takes no DEFAULT in a many-row insert.
    released: 1,
    isLatest: 0,
    releaseAt: null as number | null,
    ...extra,
  });

  it("lists the releases with a track out, the latest release first, then newest first, counting only tracks that are out", async () => {
    const { db } = site.services;
    const now = Date.UTC(2026, 5, 1);
    await insertSingles(db, [
      track("old", "Old Single", now - 3 * YEAR),
      track("latest", "Latest Single", now - 2 * YEAR, { isLatest: 1 }),
      track("new", "New Single", now - YEAR),
      track("coming", "Coming Single", now, { released: 0, releaseAt: now + YEAR }),
    ]);
    // An EP of three tracks, one of them not out yet.
    await db
      .insertInto("releases")
      .values({ id: "ep", slug: "low-tide", title: "Low Tide", kind: "ep", createdAt: now, updatedAt: now })
      .execute();
    await db
      .insertInto("songs")
      .values([
        { ...track("ep-2", "Night Ferry", now - YEAR / 2), releaseId: "ep", trackNumber: 2, slug: "night-ferry" },
        { ...track("ep-1", "Harbour Lights", now - YEAR / 2), releaseId: "ep", trackNumber: 1, slug: "harbour-lights" },
        {
          ...track("ep-3", "Tide Tables", now, { released: 0, releaseAt: now + YEAR }),
          releaseId: "ep",
          trackNumber: 3,
          slug: "tide-tables",
        },
      ])
      .execute();

    expect(await listReleases(site.services)).toEqual([
      {
        title: "Latest Single",
        kind: "single",
        path: "/music/latest-single",
        coverKey: `covers/${now - 2 * YEAR}_latest.png`,
        year: 2024,
        trackCount: 1,
        isLatest: true,
      },
      {
        title: "Low Tide",
        kind: "ep",
        path: "/music/low-tide",
        coverKey: `covers/${now - YEAR / 2}_ep-1.png`,
        year: 2025,
        trackCount: 2,
        isLatest: false,
      },
      {
        title: "New Single",
        kind: "single",
        path: "/music/new-single",
        coverKey: `covers/${now - YEAR}_new.png`,
        year: 2025,
        trackCount: 1,
        isLatest: false,
      },
      {
        title: "Old Single",
        kind: "single",
        path: "/music/old-single",
        coverKey: `covers/${now - 3 * YEAR}_old.png`,
        year: 2023,
        trackCount: 1,
        isLatest: false,
      },
    ]);
  });

  it("lists the releases coming, soonest first, with only their title, kind, cover and day; one with a track out is not coming", async () => {
    const coming = await listComingReleases(site.services);
    // "Coming Single" (from the test above) is coming; the EP has tracks out, so its scheduled third is not a coming release.
    expect(coming).toEqual([
      {
        title: "Coming Single",
        kind: "single",
        path: "/music/coming-single",
        coverKey: expect.stringMatching(/^covers\/\d+_coming\.png$/),
        at: expect.any(Number),
        timeZone: "UTC",
      },
    ]);
    expect(Object.keys(coming[0] ?? {})).not.toContain("audioUrl");
  });
});
