import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "#app/lib/db/db.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";

describe.each(testStacks)("migration 0029 on %s: no row keeps a client's address or browser", (kind) => {
  let site: TestSite;

  beforeAll(async () => {
    site = await createTestSite(kind);
    const { db } = site.services;
    await migrateTo(db, "0028-downloads");
    const at = new Date().toISOString();
    // What a site kept before: a session with the address and browser it was opened from, and rate limits keyed by address.
    await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") values
      ('fan', 'A Fan', 'fan@example.com', false, ${at}, ${at})`.execute(db);
    await sql`insert into session (id, "expiresAt", token, "createdAt", "updatedAt", "ipAddress", "userAgent", "userId") values
      ('s1', ${at}, 'token-1', ${at}, ${at}, '203.0.113.7', 'Mozilla/5.0 (Fan''s phone)', 'fan')`.execute(db);
    await sql`insert into "rateLimit" (id, key, count, "lastRequest") values ('r1', '203.0.113.7|/sign-in/email', 3, ${Date.now()})`.execute(
      db,
    );
    await sql`insert into "formRateLimits" (key, "windowStart", count) values ('contact:203.0.113.7', ${Date.now()}, 2)`.execute(db);
    expect(await migrateToLatest(db)).toContain("0029-numbers");
  });
  afterAll(() => site.cleanup());

  it("forgets the address and browser of every session, and the rate limits counted by address; the session itself stays", async () => {
    const { db } = site.services;
    const { rows: sessions } = await sql<{ id: string; ipAddress: string | null; userAgent: string | null }>`
      select id, "ipAddress", "userAgent" from session`.execute(db);
    expect(sessions).toEqual([{ id: "s1", ipAddress: null, userAgent: null }]);
    const { rows: limits } = await sql`select key from "rateLimit"`.execute(db);
    expect(limits).toEqual([]);
    expect(await db.selectFrom("formRateLimits").selectAll().execute()).toEqual([]);
  });

  it("goes down and up again", async () => {
    const { db } = site.services;
    await migrateTo(db, "0028-downloads");
    expect(await migrateToLatest(db)).toContain("0029-numbers");
    await db.insertInto("dailyCounts").values({ day: "2026-11-28", metric: "view", subject: "/", count: 1 }).execute();
    expect(await db.selectFrom("dailyCounts").select("count").execute()).toEqual([{ count: 1 }]);
  });
});
