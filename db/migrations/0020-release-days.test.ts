import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "#app/lib/db/db.server.ts";
import { getSong } from "#app/features/songs/songs.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";

describe.each(testStacks)("migration 0020 on %s: a release comes out on one day", (kind) => {
  let site: TestSite;
  const now = Date.now();
  const early = now + 86_400_000;
  const late = now + 2 * 86_400_000;

  beforeAll(async () => {
    site = await createTestSite(kind);
    const { db } = site.services;
    await migrateTo(db, "0019-lyrics-and-credits");
    await sql`insert into releases (id, slug, title, kind, "createdAt", "updatedAt") values
      ('ep', 'low-tide', 'Low Tide', 'ep', ${now}, ${now}),
      ('single', 'paper-boats', 'Paper Boats', 'single', ${now}, ${now})`.execute(db);
    // Two tracks of one EP scheduled apart (moved together after they were scheduled), and a song out.
    const song = (id: string, releaseId: string, n: number, released: number, at: number | null, zone: string | null, announce: number) =>
      sql`insert into songs (id, title, artist, "audioKey", "coverKey", "createdAt", "updatedAt", "releaseId", "trackNumber", slug,
        released, "releaseAt", "releaseTimeZone", "releaseAnnounce", "releaseMakesLatest")
        values (${id}, ${id}, 'Juniper Vale', ${`music/1_${id}.mp3`}, ${`covers/1_${id}.png`}, ${now}, ${now}, ${releaseId}, ${n}, ${id},
        ${released}, ${at}, ${zone}, ${announce}, 0)`.execute(db);
    await song("tide-one", "ep", 1, 0, early, "Europe/Berlin", 1);
    await song("tide-two", "ep", 2, 0, late, "America/New_York", 0);
    await song("paper-boats", "single", 1, 1, null, null, 0);
    const mailing = (id: string, announces: string, status: string, updatedAt: number) =>
      sql`insert into mailings (id, subject, body, "songId", status, announces, "createdAt", "updatedAt", "updatedBy")
        values (${id}, ${`Words ${id}`}, 'Body', ${announces}, ${status}, ${announces}, ${now}, ${updatedAt}, 'Juniper')`.execute(db);
    await mailing("draft-one", "tide-one", "draft", now);
    await mailing("draft-two", "tide-two", "draft", now + 1);
    await mailing("sent-one", "paper-boats", "sent", now);
    expect(await migrateToLatest(db)).toContain("0020-release-days");
  });
  afterAll(() => site.cleanup());

  it("gives the EP's coming tracks the latest of their times, its zone, and the announcement either had", async () => {
    for (const id of ["tide-one", "tide-two"]) {
      expect(await getSong(site.services, id)).toMatchObject({
        released: false,
        releaseAt: late,
        releaseTimeZone: "America/New_York",
        releaseAnnounce: true,
      });
    }
    expect(await getSong(site.services, "paper-boats")).toMatchObject({ released: true, releaseAt: null });
  });

  it("makes the newest draft the EP's announcement and keeps the other as an ordinary draft; a sent one names its release", async () => {
    const rows = await site.services.db.selectFrom("mailings").select(["id", "announces", "status", "subject"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "draft-one", announces: null, status: "draft", subject: "Words draft-one" },
      { id: "draft-two", announces: "ep", status: "draft", subject: "Words draft-two" },
      { id: "sent-one", announces: "single", status: "sent", subject: "Words sent-one" },
    ]);
  });

  it("keeps one announcement draft per release, while a release may be announced again once sent", async () => {
    const { db } = site.services;
    const insert = (id: string, status: string) =>
      sql`insert into mailings (id, subject, body, status, announces, "createdAt", "updatedAt", "updatedBy")
        values (${id}, 'x', 'y', ${status}, 'ep', ${now}, ${now}, 'Juniper')`.execute(db);
    await expect(insert("second-draft", "draft")).rejects.toThrow();
    await insert("sent-again", "sent");
    await db.deleteFrom("mailings").where("id", "=", "sent-again").execute();
  });

  it("goes back down and up again", async () => {
    await migrateTo(site.services.db, "0019-lyrics-and-credits");
    const down = await site.services.db.selectFrom("mailings").select(["id", "announces"]).orderBy("id").execute();
    expect(down).toEqual([
      { id: "draft-one", announces: null },
      { id: "draft-two", announces: "tide-one" },
      { id: "sent-one", announces: "paper-boats" },
    ]);
    await expect(migrateToLatest(site.services.db)).resolves.toContain("0020-release-days");
    expect((await getSong(site.services, "tide-two"))?.releaseAt).toBe(late);
  });
});
