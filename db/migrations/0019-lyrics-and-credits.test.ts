import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "#app/lib/db/db.server.ts";
import { getRelease, getSong } from "#app/features/songs/songs.server.ts";
import { getTrackText } from "#app/features/releases/release-pages.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";

describe.each(testStacks)("migration 0019 on %s: words, credits and old addresses", (kind) => {
  let site: TestSite;
  const now = Date.now();

  beforeAll(async () => {
    site = await createTestSite(kind);
    await migrateTo(site.services.db, "0018-releases");
    // A song as the version before left it: a single, with none of the new fields.
    await sql`insert into releases (id, slug, title, kind, "createdAt", "updatedAt") values ('r1', 'paper-boats', 'Paper Boats', 'single', ${now}, ${now})`.execute(
      site.services.db,
    );
    await sql`insert into songs (id, title, artist, "audioKey", "coverKey", "createdAt", "updatedAt", "releaseId", "trackNumber", slug)
      values ('s1', 'Paper Boats', 'Juniper Vale', 'music/1_a.mp3', 'covers/1_a.png', ${now}, ${now}, 'r1', 1, 'paper-boats')`.execute(
      site.services.db,
    );
    expect(await migrateToLatest(site.services.db)).toContain("0019-lyrics-and-credits");
  });
  afterAll(() => site.cleanup());

  it("gives every track and release empty words and credits, nothing marked explicit, and no release date", async () => {
    expect(await getSong(site.services, "s1")).toMatchObject({ explicit: false, isrc: "", path: "/music/paper-boats/paper-boats" });
    expect(await getTrackText(site.services, "s1")).toEqual({ lyrics: "", syncedLyrics: "", credits: [] });
    expect(await getRelease(site.services, "paper-boats")).toMatchObject({ notes: "", credits: [], releaseDate: null });
  });

  it("goes back down and up again", async () => {
    await migrateTo(site.services.db, "0018-releases");
    await expect(migrateToLatest(site.services.db)).resolves.toContain("0019-lyrics-and-credits");
    expect((await getSong(site.services, "s1"))?.title).toBe("Paper Boats");
  });
});
