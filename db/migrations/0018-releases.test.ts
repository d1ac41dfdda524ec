import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "#app/lib/db/db.server.ts";
import { getRelease, getSong, getSongAt, listSongs } from "#app/features/songs/songs.server.ts";
import { upcomingAnnouncements } from "#app/features/mailings/release-announcement.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";

// The database as the version before releases left it: songs only, one of them
// the latest, one scheduled with fans waiting on its page, titles that repeat.
type OldSong = {
  id: string;
  title: string;
  artist: string;
  audioKey: string;
  coverKey: string;
  isLatest: number;
  createdAt: number;
  updatedAt: number;
  released: number;
  releaseAt: number | null;
  releaseTimeZone: string | null;
  releaseAnnounce: number;
  spotifyUrl: string;
};
type OldDatabase = {
  songs: OldSong;
  subscribers: { id: string; email: string; timestamp: number; subscribed: number };
  consents: { id: string; email: string; event: string; at: number; words: string | null; form: string | null; page: string | null };
};

const DAY = 86_400_000;
const song = (id: string, title: string, createdAt: number, extra: Partial<OldSong> = {}): OldSong => ({
  id,
  title,
  artist: "Juniper Vale",
  audioKey: `music/${createdAt}_${id}.mp3`,
  coverKey: `covers/${createdAt}_${id}.png`,
  isLatest: 0,
  createdAt,
  updatedAt: createdAt,
  released: 1,
  releaseAt: null,
  releaseTimeZone: null,
  releaseAnnounce: 0,
  spotifyUrl: "",
  ...extra,
});

describe.each(testStacks)("migration 0018 on %s: every song becomes a single with a readable address", (kind) => {
  let site: TestSite;
  const now = Date.now();
  const old = [
    song("6f1c2a9e-0000-4000-8000-000000000001", "Intro", now - 40 * DAY),
    song("6f1c2a9e-0000-4000-8000-000000000002", "Paper Boats", now - 30 * DAY, { isLatest: 1, spotifyUrl: "https://open.spotify.com/x" }),
    song("6f1c2a9e-0000-4000-8000-000000000003", "Intro", now - 20 * DAY),
    song("6f1c2a9e-0000-4000-8000-000000000004", "🌊🌊", now - 10 * DAY),
    song("6f1c2a9e-0000-4000-8000-000000000005", "Café Noir", now - DAY, {
      released: 0,
      releaseAt: now + 7 * DAY,
      releaseTimeZone: "Europe/Paris",
    }),
  ];
  const scheduled = old[4]!;

  beforeAll(async () => {
    site = await createTestSite(kind);
    await migrateTo(site.services.db, "0017-mail-edges");
    const db = site.services.db as unknown as Kysely<OldDatabase>;
    await db.insertInto("songs").values(old).execute();
    // A fan asked on the scheduled song's page, as it was then, to be told when it is out.
    await db.insertInto("subscribers").values({ id: "sub-1", email: "fan@example.com", timestamp: now, subscribed: 1 }).execute();
    await db
      .insertInto("consents")
      .values({
        id: "c-1",
        email: "fan@example.com",
        event: "signed-up",
        at: now,
        words: "Notify me",
        form: "release",
        page: `/music/${scheduled.id}`,
      })
      .execute();
    expect(await migrateToLatest(site.services.db)).toContain("0018-releases");
  });
  afterAll(() => site.cleanup());

  it("gives each song a single of its own, named as the song, with a slug from its title; the oldest keeps the plain one", async () => {
    const songs = await Promise.all(old.map((row) => getSong(site.services, row.id)));
    expect(songs.map((s) => s?.path)).toEqual([
      "/music/intro/intro",
      "/music/paper-boats/paper-boats",
      "/music/intro-2/intro",
      "/music/release/track",
      "/music/cafe-noir/cafe-noir",
    ]);
    const release = await getRelease(site.services, "paper-boats");
    expect(release).toMatchObject({ title: "Paper Boats", kind: "single", path: "/music/paper-boats" });
    expect(release?.tracks.map((track) => track.id)).toEqual([old[1]?.id]);
  });

  it("keeps everything a fan or the artist had: the latest flag, links, the schedule, and the order of the lists", async () => {
    const listed = await listSongs(site.services);
    // Newest first by when each came out, the scheduled song in no public list: as before.
    expect(listed.map((s) => s.title)).toEqual(["🌊🌊", "Intro", "Paper Boats", "Intro"]);
    const latest = listed.find((s) => s.isLatest);
    expect(latest).toMatchObject({ title: "Paper Boats", streamingLinks: { spotify: "https://open.spotify.com/x" } });
    const coming = await getSong(site.services, scheduled.id);
    expect(coming).toMatchObject({ released: false, releaseAt: scheduled.releaseAt, releaseTimeZone: "Europe/Paris" });
  });

  it("finds each song by the address it had before, and by its new ones", async () => {
    for (const row of old) {
      const found = await getSongAt(site.services, { releaseSlugOrId: row.id });
      expect(found?.id).toBe(row.id);
    }
    expect((await getSongAt(site.services, { releaseSlug: "intro-2", trackSlug: "intro" }))?.id).toBe(old[2]?.id);
    expect((await getSongAt(site.services, { releaseSlugOrId: "paper-boats" }))?.id).toBe(old[1]?.id);
  });

  it("still announces the scheduled song to the fan who asked on its old page", async () => {
    const [announcement] = await upcomingAnnouncements(site.services.db);
    // Its single has the song's id (0018), and the fan asked on the song's old address.
    expect(announcement).toMatchObject({ releaseId: scheduled.id, toEveryone: false, recipients: 1 });
  });

  it("goes back down and up again", async () => {
    await migrateTo(site.services.db, "0017-mail-edges");
    await expect(migrateToLatest(site.services.db)).resolves.toContain("0018-releases");
    expect((await getSong(site.services, old[0]!.id))?.path).toBe("/music/intro/intro");
  });
});
