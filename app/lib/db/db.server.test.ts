import { getMigrations } from "better-auth/db/migration";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as delay } from "node:timers/promises";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import type { Insertable } from "kysely";
import pg from "pg";
import type { SongsTable } from "./db-schema.ts";
import { migrations } from "#db/migrations/index.ts";
import { migrateToLatest, openDatabase } from "./db.server.ts";

describe.each(testStacks)("database on %s", (kind) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());

  /** Songs stored as tracks of one release, as the app stores them (app/domain/song-rows.server.ts). */
  const insertSingles = async (
    db: TestSite["services"]["db"],
    songs: (Pick<Insertable<SongsTable>, "id" | "title" | "createdAt"> & Partial<Insertable<SongsTable>>)[],
  ) => {
    for (const song of songs) {
      const releaseId = `release-${song.id}`;
      const times = { createdAt: song.createdAt, updatedAt: song.createdAt };
      await db
        .insertInto("releases")
        .values({ id: releaseId, slug: releaseId, title: song.title, kind: "single", ...times })
        .execute();
      await db
        .insertInto("songs")
        .values({
          artist: "Juniper Vale",
          audioKey: "music/1_a.mp3",
          coverKey: "covers/1_a.png",
          updatedAt: song.createdAt,
          ...song,
          releaseId,
          slug: "t",
        })
        .execute();
    }
  };

  const song = (id: string, isLatest: number, createdAt: number) => ({
    id,
    title: `Song ${id}`,
    artist: "Juniper Vale",
    audioKey: `music/${createdAt}_a.mp3`,
    coverKey: `covers/${createdAt}_a.png`,
    isLatest,
    createdAt,
    updatedAt: createdAt,
  });

  it("applies migrations idempotently", async () => {
    await expect(migrateToLatest(site.services.db)).resolves.toEqual([]);
  });

  it("migrates a fresh site while another site's tables exist beside it (another PostgreSQL schema)", async () => {
    const neighbour = await createTestSite(kind);
    try {
      expect(await neighbour.services.db.selectFrom("songs").select("id").execute()).toEqual([]);
      await expect(migrateToLatest(neighbour.services.db)).resolves.toEqual([]);
    } finally {
      await neighbour.cleanup();
    }
  });

  it("matches the schema better-auth expects, with nothing left to create or add", async () => {
    const { toBeCreated, toBeAdded } = await getMigrations(site.services.auth.options);
    expect(toBeCreated.map((t) => t.table)).toEqual([]);
    expect(toBeAdded.map((t) => `${t.table}: ${Object.keys(t.fields).join(",")}`)).toEqual([]);
  });

  it("gives songs the spec's defaults and returns timestamps as numbers", async () => {
    const { db } = site.services;
    const createdAt = Date.now();
    await insertSingles(db, [
      { id: "d1", title: "T", artist: "A", audioKey: "music/1_a.mp3", coverKey: "covers/1_a.png", createdAt, updatedAt: createdAt },
    ]);
    const row = await db.selectFrom("songs").selectAll().where("id", "=", "d1").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ isLatest: 0, spotifyUrl: "", appleUrl: "", amazonUrl: "", youtubeUrl: "", createdAt });
    expect(typeof row.createdAt).toBe("number");
  });

  it("lets the database itself refuse a second latest song", async () => {
    const { db } = site.services;
    await insertSingles(db, [song("l1", 1, 1_700_000_000_001)]);
    await expect(insertSingles(db, [song("l2", 1, 1_700_000_000_002)])).rejects.toThrow();
    await insertSingles(db, [song("l3", 0, 1_700_000_000_003)]);
    await expect(db.updateTable("songs").set({ isLatest: 1 }).where("id", "=", "l3").execute()).rejects.toThrow();
    const latest = await db.selectFrom("songs").select("id").where("isLatest", "=", 1).execute();
    expect(latest).toEqual([{ id: "l1" }]);
  });

  it("moves the latest flag in one transaction", async () => {
    const { db } = site.services;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("songs").set({ isLatest: 0 }).where("isLatest", "=", 1).execute();
      await trx.updateTable("songs").set({ isLatest: 1 }).where("id", "=", "l3").execute();
    });
    const latest = await db.selectFrom("songs").select("id").where("isLatest", "=", 1).execute();
    expect(latest).toEqual([{ id: "l3" }]);
  });

  it("stores contact messages unread from the website by default", async () => {
    const { db } = site.services;
    await db.insertInto("contacts").values({ id: "c1", name: null, email: null, message: "Hi", timestamp: 1 }).execute();
    const row = await db.selectFrom("contacts").selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ id: "c1", name: null, email: null, message: "Hi", timestamp: 1, source: "website", status: "unread" });
    await expect(
      db
        .updateTable("contacts")
        .set({ status: "archived" as "read" })
        .where("id", "=", "c1")
        .execute(),
    ).rejects.toThrow();
  });

  it("keeps one subscriber per e-mail, subscribed from the website by default", async () => {
    const { db } = site.services;
    await db.insertInto("subscribers").values({ id: "s1", email: "fan@example.com", timestamp: 1 }).execute();
    const row = await db.selectFrom("subscribers").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: "fan@example.com", subscribed: 1, source: "website" });
    await expect(db.insertInto("subscribers").values({ id: "s2", email: "fan@example.com", timestamp: 2 }).execute()).rejects.toThrow();
  });
});

// A database shared with other apps, or with parallel tests: their schemas come
// and go while the site starts. Kysely's PostgreSQL introspection, which the
// migrator used to find its own tables, read every schema's tables and resolved
// each by name: a neighbour's table dropped during that query stopped the
// site's start-up with "relation … does not exist".
describe.runIf(process.env.TEST_DATABASE_URL)("database on PostgreSQL shared with schemas that come and go", () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? "";
  const id = `${process.pid}_${Date.now()}`;
  const own = `site_own_${id}`;
  const withAdmin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  beforeAll(() => withAdmin((client) => client.query(`create schema "${own}"`)));
  afterAll(() => withAdmin((client) => client.query(`drop schema if exists "${own}" cascade`)));

  it("starts while a neighbour creates and drops its tables", async () => {
    const url = new URL(adminUrl);
    url.searchParams.set("options", `-c search_path=${own}`);
    const { db } = openDatabase({ databaseUrl: url.toString() });
    let churning = true;
    const churn = withAdmin(async (client) => {
      for (let round = 0; churning; round++) {
        const neighbour = `other_app_${id}_${round}`;
        const tables = Array.from({ length: 20 }, (_, n) => `create table "${neighbour}".t${n} (id serial primary key, note text);`);
        await client.query(`create schema "${neighbour}"; ${tables.join(" ")}`);
        await client.query(`drop schema "${neighbour}" cascade`);
      }
    });
    try {
      await expect(migrateToLatest(db)).resolves.toEqual(Object.keys(migrations));
      for (let start = 0; start < 40; start++) await expect(migrateToLatest(db)).resolves.toEqual([]);
    } finally {
      churning = false;
      await churn;
      await db.destroy();
    }
  });
});

describe("the SQLite file beside another process (the admin CLI, a second server process)", () => {
  /** Another process: it opens the file as the app does, and writes one row when told to. */
  const OTHER_PROCESS = `
    const { DatabaseSync } = require("node:sqlite");
    const db = new DatabaseSync(process.argv[1]);
    db.exec("PRAGMA busy_timeout = 5000");
    process.stdin.once("data", () => {
      db.prepare("insert into notes (text) values ('theirs')").run();
      process.stdout.write("written\\n");
      process.exit(0);
    });
    process.stdout.write("ready\\n");
  `;

  it("a transaction that reads and then writes waits for the other's write, instead of failing with 'database is locked'", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sqlite-beside-"));
    const file = path.join(dir, "site.db");
    const { db } = openDatabase({ sqliteFile: file });
    try {
      await sql`create table notes (id integer primary key, text text not null)`.execute(db);
      const other = spawn(process.execPath, ["-e", OTHER_PROCESS, file], { stdio: ["pipe", "pipe", "inherit"] });
      const exited = once(other, "exit");
      const lines = createInterface({ input: other.stdout });
      const said = (line: string) => new Promise<void>((resolve) => lines.on("line", (read) => read === line && resolve()));
      const written = said("written");
      await said("ready");
      await db.transaction().execute(async (trx) => {
        await sql`select count(*) from notes`.execute(trx);
        other.stdin.write("go\n");
        // Had the other process not had to wait for this transaction, its write would be done well within this.
        await Promise.race([written, delay(1000)]);
        await sql`insert into notes (text) values ('ours')`.execute(trx);
      });
      expect((await exited)[0]).toBe(0);
      const rows = await sql<{ text: string }>`select text from notes order by id`.execute(db);
      expect(rows.rows.map((row) => row.text)).toEqual(["ours", "theirs"]);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
