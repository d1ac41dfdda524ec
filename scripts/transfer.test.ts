import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { parseEnv } from "node:util";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAdmin } from "#app/features/auth/admins.server.ts";
import { openDatabase, sqliteFileIn, type DbHandle } from "#app/lib/db/db.server.ts";
import { loadEnv } from "#app/lib/platform/env.server.ts";
import { formStartedToken } from "#app/lib/http/form-guard.server.ts";
import { FORM_STARTED_FIELD, HONEYPOT_FIELD } from "#app/lib/http/form-guard.ts";
import { openStorage } from "#app/lib/platform/services.server.ts";
import { createServices } from "#app/services.server.ts";
import { createLink } from "#app/features/listening-links/listening-links.server.ts";
import { linkToken } from "#app/features/listening-links/link-secrets.server.ts";
import { createGrant, grantPath, recordDownload } from "#app/features/downloads/grants.server.ts";
import { makeCodeBatch, redeemCode } from "#app/features/downloads/codes.server.ts";
import { saveSiteSection } from "#app/domain/site/site-settings.server.ts";
import { siteSectionSchemas } from "#app/domain/site/site-config-schema.ts";
import { storageFolders } from "#app/lib/storage/storage.server.ts";
import siteConfig from "#site-config";
import { hashStream } from "#scripts/lib/snapshot.ts";
import { ensureBuild, freePort, startServer, stopChild, waitUntilHealthy } from "#scripts/lib/demo-site.ts";
import { S3_TEST_CREDENTIALS, createTestBucket } from "#tests/support/s3-server.ts";
import { startTcpProxy, type TcpProxy } from "#tests/support/tcp-proxy.ts";

// What an operator runs: npm run transfer between real stacks (SQLite files,
// local disk, PostgreSQL, the loopback S3 server), then the production server
// on the target, signed into with the passwords the accounts had before.

const ADMIN = { email: "admin@example.com", password: "Tidal-Lantern-Orchard-42", name: "Ada Admin" };
const FAN = { email: "fan@example.com", password: "Velvet-Compass-Harbor-77", name: "Fran Fan" };
const MESSAGE = "Loved the Riverside Hymn show, thank you!";
const LATE_MESSAGE = "Written while the site was being moved";
// Blank values override whatever the shell or CI sets: each site says what it runs on.
const BLANK = {
  DATABASE_URL: "",
  REDIS_URL: "",
  S3_BUCKET: "",
  S3_ENDPOINT: "",
  S3_ACCESS_KEY_ID: "",
  S3_SECRET_ACCESS_KEY: "",
  AUTH_SECRET: "",
};

const work = mkdtempSync(path.join(tmpdir(), "transfer-cli-"));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

type Vars = Record<string, string>;

const diskSite = (name: string): Vars => ({ DATA_DIR: path.join(work, name) });

function writeEnvFile(name: string, vars: Vars): string {
  const file = path.join(work, `${name}.env`);
  writeFileSync(
    file,
    Object.entries(vars)
      .map(([key, value]) => `${key}=${value}\n`)
      .join(""),
  );
  return file;
}

function transfer(source: Vars, args: string[]) {
  return spawnSync(process.execPath, ["scripts/transfer.ts", ...args], {
    env: { ...process.env, ...BLANK, ...source },
    encoding: "utf8",
  });
}

/** npm run transfer in the background, for doing something to it (or beside it) half-way. */
function startTransfer(source: Vars, args: string[]) {
  const child = spawn(process.execPath, ["scripts/transfer.ts", ...args], {
    env: { ...process.env, ...BLANK, ...source },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const watchers = new Set<() => void>();
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const watch of watchers) watch();
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  // "close", not "exit": by then all of its output has been read.
  const ended = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  return {
    child,
    ended,
    output: () => ({ stdout, stderr }),
    /** Resolves once `n` files have been copied: the database is in, the files part-way. */
    copied: (n: number) =>
      new Promise<void>((resolve, reject) => {
        const watch = () => {
          if ((stdout.match(/ copied /g) ?? []).length < n) return;
          watchers.delete(watch);
          resolve();
        };
        watchers.add(watch);
        watch();
        void ended.then(() => reject(new Error(`The transfer ended before ${n} files were copied:\n${stdout}${stderr}`)));
      }),
  };
}

async function withPg<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const siteId = (name: string) => `${name}_${process.pid}_${randomBytes(3).toString("hex")}`.toLowerCase();

/** SQLite in a DATA_DIR of its own, with its files in an S3 bucket of their own. */
async function bucketSite(name: string): Promise<Vars> {
  const bucket = siteId(name).replaceAll("_", "-").slice(0, 63);
  const endpoint = inject("s3Endpoint");
  await createTestBucket(endpoint, bucket);
  return {
    DATA_DIR: path.join(work, name),
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
  };
}

/** A PostgreSQL schema and an S3 bucket of their own, as a Compose stack would have. */
async function scaleSite(name: string): Promise<Vars> {
  // Dropped when the run ends (tests/support/vitest-global-setup.ts), never while another site migrates.
  const id = `${inject("pgSchemaPrefix")}_${siteId(name)}`;
  await withPg((client) => client.query(`create schema "${id}"`));
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.searchParams.set("options", `-c search_path=${id}`);
  return { ...(await bucketSite(name)), DATABASE_URL: url.toString() };
}

/** The same site reached through a relay the test can cut: its S3 server, and its PostgreSQL when it has one. */
async function behindRelays(site: Vars): Promise<{ site: Vars; relays: TcpProxy[] }> {
  const relays: TcpProxy[] = [];
  const relayed = { ...site };
  for (const variable of ["S3_ENDPOINT", "DATABASE_URL"] as const) {
    if (!site[variable]) continue;
    const url = new URL(site[variable]);
    const relay = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    cleanups.push(() => relay.close());
    relays.push(relay);
    url.port = String(relay.port);
    relayed[variable] = url.toString().replace(/\/$/, "");
  }
  return { site: relayed, relays };
}

type Dump = { tables: Record<string, string[]>; objects: Record<string, string> };

/**
 * Every row of every table the database holds (found by asking the database,
 * not from the transfer's own list), in one form whichever dialect it came
 * from, and every stored object's size and SHA-256.
 */
async function dumpSite(vars: Vars): Promise<Dump> {
  const env = loadEnv({ ...BLANK, ...vars, AUTH_SECRET: "x".repeat(32) });
  const handle: DbHandle = openDatabase({ databaseUrl: env.databaseUrl, sqliteFile: sqliteFileIn(env.dataDir) });
  const storage = await openStorage(env);
  try {
    const names =
      handle.dialect === "postgres"
        ? (
            await sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(handle.db)
          ).rows
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(handle.db))
            .rows;
    const tables: Dump["tables"] = {};
    for (const { name } of names) {
      // The day's visitor salt is never moved (scripts/lib/backup.ts's NOT_KEPT): compared on its own.
      if (name.startsWith("kysely_") || name === "visitorSalts") continue;
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(handle.db);
      tables[name] = rows
        .map((row) =>
          JSON.stringify(
            Object.keys(row)
              .sort()
              .map((column) => {
                const value = row[column];
                if (typeof value === "boolean") return value ? 1 : 0;
                if (value instanceof Date) return value.toISOString();
                return value;
              }),
          ),
        )
        .sort();
    }
    const objects: Dump["objects"] = {};
    for (const folder of storageFolders) {
      for await (const key of storage.keys(folder)) {
        const body = await storage.read(key);
        if (body) {
          const { size, sha256 } = await hashStream(body);
          objects[key] = `${size}:${sha256}`;
        }
      }
    }
    return { tables, objects };
  } finally {
    storage.close?.();
    await handle.db.destroy();
  }
}

/** A site's visitor salts, which the transfer leaves behind. */
async function saltsOf(vars: Vars): Promise<unknown[]> {
  const env = loadEnv({ ...BLANK, ...vars, AUTH_SECRET: "x".repeat(32) });
  const handle = openDatabase({ databaseUrl: env.databaseUrl, sqliteFile: sqliteFileIn(env.dataDir) });
  try {
    return await handle.db.selectFrom("visitorSalts").selectAll().execute();
  } finally {
    await handle.db.destroy();
  }
}

const source = diskSite("source");
let sourceDump: Dump;
/** The demo's songs, with the renditions fans hear (the demo makes them: decision 026). */
let songs: { id: string; title: string; audioKey: string; opusKey: string; fallbackKey: string }[];
/** The address of a private listening link made on the source. */
let listenPath = "";
let downloadPath = "";
let downloadTitle = "";
/** Codes printed before the move, one for each site it lands on (a site moved on from another has the codes that one used up). */
let unredeemedCodes: string[] = [];

beforeAll(async () => {
  ensureBuild(() => {});
  const demo = spawnSync(process.execPath, ["scripts/demo.ts"], { env: { ...process.env, ...BLANK, ...source }, encoding: "utf8" });
  expect(demo.status, demo.stderr).toBe(0);
  // Everything else a living site has: accounts, a session, messages, fans and their consent, settings, a mailing.
  const services = await createServices(loadEnv({ ...BLANK, ...source }));
  try {
    await createAdmin(services, ADMIN);
    await services.auth.api.signUpEmail({ body: FAN });
    await services.auth.api.signInEmail({ body: { email: FAN.email, password: FAN.password } });
    const now = Date.now();
    await services.db
      .insertInto("contacts")
      .values([
        { id: "m1", name: "Sam", email: "sam@example.com", message: MESSAGE, timestamp: now - 1000, source: "contact", status: "unread" },
        { id: "m2", name: null, email: null, message: "Anonymous hello", timestamp: now, source: "contact", status: "read" },
      ])
      .execute();
    await services.db
      .insertInto("subscribers")
      .values([
        { id: "s1", email: "one@example.com", timestamp: now, subscribed: 1, source: "footer", confirmedAt: now },
        { id: "s2", email: "two@example.com", timestamp: now, subscribed: 0, source: "import", confirmedAt: null },
      ])
      .execute();
    await services.db
      .insertInto("consents")
      .values([
        { id: "c1", email: "one@example.com", event: "signed-up", at: now, words: "Get news", form: "footer", page: "/" },
        { id: "c2", email: "one@example.com", event: "confirmed", at: now, words: null, form: null, page: null },
      ])
      .execute();
    await services.db
      .insertInto("heldSubmissions")
      .values({ id: "h1", kind: "contact", payload: JSON.stringify({ message: "spam?" }), reason: "too-fast", receivedAt: now })
      .execute();
    await saveSiteSection(
      services.db,
      "artist",
      siteSectionSchemas.artist.parse({ ...siteConfig.artist, name: "Juniper Moved" }),
      0,
      ADMIN.name,
    );
    await services.db
      .insertInto("mailContents")
      .values({ id: "mc1", subject: "News", text: "Hi {{unsubscribeUrl}}", html: null, listUnsubscribe: 1, createdAt: now })
      .execute();
    await services.db
      .insertInto("mailings")
      .values({
        id: "ml1",
        subject: "News",
        body: "Hi",
        songId: null,
        status: "sent",
        contentId: "mc1",
        recipients: 1,
        createdAt: now,
        updatedAt: now,
        updatedBy: ADMIN.name,
        sentAt: now,
      })
      .execute();
    await services.db
      .insertInto("outbox")
      .values({
        id: "o1",
        contentId: "mc1",
        recipient: "one@example.com",
        status: "sent",
        attempts: 1,
        nextAttemptAt: now,
        leaseOwner: null,
        leaseUntil: null,
        lastError: null,
        createdAt: now,
        sentAt: now,
      })
      .execute();
    // The mailing's link behind /go/, the Numbers' counts, and a visitor today (whose day's salt stays behind).
    await services.db
      .insertInto("mailingLinks")
      .values({ id: "abcdefghijklmnop", mailingId: "ml1", position: 0, url: "https://shop.example/lp" })
      .execute();
    services.numbers.count("click", "abcdefghijklmnop", 2);
    services.numbers.visitor("203.0.113.9 Firefox");
    await services.numbers.flush();
    // The day's salt is made as the first visitor is seen, then the hash written.
    for (let tries = 0; (await services.db.selectFrom("visitorSalts").select("day").execute()).length === 0 && tries < 50; tries++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await services.numbers.flush();
    // Addresses the artist changed: the old ones must keep leading there after a move.
    const track = await services.db.selectFrom("songs").select(["id", "releaseId"]).executeTakeFirstOrThrow();
    await services.db.insertInto("releaseSlugRedirects").values({ slug: "old-name", releaseId: track.releaseId, createdAt: now }).execute();
    await services.db
      .insertInto("trackSlugRedirects")
      .values({ releaseSlug: "old-name", slug: "old-track", songId: track.id, createdAt: now })
      .execute();
    songs = await services.db
      .selectFrom("songs")
      .innerJoin("audioRenditions", "audioRenditions.audioKey", "songs.audioKey")
      .select(["songs.id", "songs.title", "songs.audioKey", "audioRenditions.opusKey", "audioRenditions.fallbackKey"])
      .execute();
    expect(songs).toHaveLength(4);
    // A private listening link the artist sent: its address must keep opening after the move.
    const link = await createLink(services, track.releaseId, { recipient: "Jane, Rolling Stone" });
    if (!link.ok || !link.id) throw new Error("no listening link");
    listenPath = `/listen/${linkToken(services.env.authSecret, link.id)}`;
    // A fan's download (decision 028): its page must keep opening after the move, counted as it was.
    await services.db.updateTable("releases").set({ downloadAccess: "free" }).where("id", "=", track.releaseId).execute();
    const grant = await createGrant(services.db, services.env.authSecret, { releaseId: track.releaseId, via: "free", open: true });
    await recordDownload(services.db, { id: grant.id, releaseId: track.releaseId }, "mp3-320");
    downloadPath = grantPath(grant.token);
    // Download codes printed before the move: one redeemed there, the others for each site it moves to.
    const batch = await makeCodeBatch(services.db, { releaseId: track.releaseId, count: "4", uses: "1" });
    if (!batch.ok) throw new Error(batch.error);
    const [spent, ...kept] = batch.batch.codes;
    if (!(await redeemCode(services.db, services.env.authSecret, spent ?? "")).ok) throw new Error("the code did not redeem");
    unredeemedCodes = kept;
    downloadTitle = (await services.db.selectFrom("releases").select("title").where("id", "=", track.releaseId).executeTakeFirstOrThrow())
      .title;
  } finally {
    await services.close();
  }
  sourceDump = await dumpSite(source);
  for (const table of [
    "songs",
    "releases",
    "releaseSlugRedirects",
    "trackSlugRedirects",
    "photos",
    "shows",
    "contacts",
    "subscribers",
    "consents",
    "user",
    "account",
    "session",
    "siteSettings",
    "siteSettingVersions",
    "mailings",
    "outbox",
    "heldSubmissions",
    "listeningLinks",
    "mailingLinks",
    "dailyCounts",
    "pressFiles",
    "downloadGrants",
    "downloadEvents",
    "codeBatches",
    "downloadCodes",
    "codeRedemptions",
  ]) {
    expect(sourceDump.tables[table]?.length, `the source site has ${table}`).toBeGreaterThan(0);
  }
  // The demo's press kit: its words among the settings, its rider among the files.
  expect(JSON.stringify(sourceDump.tables.siteSettings)).toContain("shortBio");
  expect(Object.keys(sourceDump.objects).filter((key) => key.startsWith("press/"))).toHaveLength(1);
  expect(Object.keys(sourceDump.objects).length).toBeGreaterThan(20);
}, 180_000);

/** The production server on a site, as `npm start` runs it. */
async function serve(vars: Vars) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { child, output } = startServer({
    ...process.env,
    ...BLANK,
    ...vars,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    TRUST_PROXY: "false",
  });
  await waitUntilHealthy(baseUrl, child, output);
  return { baseUrl, output, stop: () => stopChild(child) };
}

/** The production server on the target: pages, media, and both accounts signing in with their old passwords. */
async function expectSiteServes(vars: Vars) {
  const { baseUrl, output, stop } = await serve(vars);
  try {
    const page = async (pathname: string) => {
      const res = await fetch(baseUrl + pathname);
      expect(res.status, pathname).toBe(200);
      return res.text();
    };
    /** A stored file as fans get it, byte for byte the source's. */
    const expectMedia = async (key: string) => {
      const res = await fetch(`${baseUrl}/media/${key}`);
      expect(res.status, key).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(`${bytes.length}:${(await hashStream(Readable.from([bytes]))).sha256}`, key).toBe(sourceDump.objects[key]);
    };
    const music = await page("/music");
    for (const song of songs) {
      expect(music).toContain(song.title);
      expect(await page(`/music/${song.id}`)).toContain(song.title);
      await expectMedia(song.opusKey);
      await expectMedia(song.fallbackKey);
      // The upload itself, the master, is never served to fans.
      expect((await fetch(`${baseUrl}/media/${song.audioKey}`)).status, song.audioKey).toBe(404);
    }
    const home = await page("/");
    expect(home).toContain("Juniper Moved");
    // Every photo variant the pages show (a photo's original is never served: its EXIF stays private).
    const photos = new Set([...(home + (await page("/bio"))).matchAll(/\/media\/(photos\/[\w.-]+)/g)].map((match) => match[1] ?? ""));
    expect(photos.size).toBeGreaterThan(1);
    for (const key of photos) await expectMedia(key);
    expect(await page("/shows")).toContain("The Bluebird Room");
    expect(await page(listenPath)).toContain("Shared privately with you");
    expect(await page(downloadPath)).toContain(downloadTitle);
    // A code printed before the move still opens a download page after it.
    const redeemed = await fetch(`${baseUrl}/redeem`, {
      method: "POST",
      headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ code: unredeemedCodes.shift() ?? "" }),
      redirect: "manual",
    });
    expect(redeemed.status).toBe(303);
    expect(await page(redeemed.headers.get("location") ?? "")).toContain(downloadTitle);
    // The press kit: its words, and its rider byte for byte the source's.
    const press = await page("/press");
    expect(press).toContain("Technical rider");
    const rider = /href="(\/press\/files\/[^"]+\.pdf)"/.exec(press)?.[1] ?? "";
    const pdf = await fetch(baseUrl + rider);
    expect(pdf.status, rider).toBe(200);
    const pdfBytes = Buffer.from(await pdf.arrayBuffer());
    const [riderKey] = Object.keys(sourceDump.objects).filter((key) => key.startsWith("press/"));
    expect(`${pdfBytes.length}:${(await hashStream(Readable.from([pdfBytes]))).sha256}`).toBe(sourceDump.objects[riderKey ?? ""]);
    await page("/contact");

    const signIn = (email: string, password: string) =>
      fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl },
        body: JSON.stringify({ email, password }),
      });
    const admin = await signIn(ADMIN.email, ADMIN.password);
    expect(admin.status, await admin.clone().text()).toBe(200);
    const cookie = admin.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    const inbox = await fetch(`${baseUrl}/api/messages`, { headers: { cookie } });
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toContain(MESSAGE);
    expect((await signIn(FAN.email, FAN.password)).status).toBe(200);
    expect((await signIn(FAN.email, "not-the-password-at-all")).status).toBe(401);
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- server output:\n${output()}`, { cause: error });
  } finally {
    await stop();
  }
}

describe("npm run transfer", () => {
  it("moves hosts: SQLite and disk into another DATA_DIR, carrying the generated secret, with nothing lost", async () => {
    const target = diskSite("moved");
    const file = writeEnvFile("moved", target);

    const dry = transfer(source, ["--to-env", file, "--dry-run"]);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/songs\s+4 rows/);
    expect(dry.stdout).toContain("--carry-secret");
    expect(existsSync(sqliteFileIn(target.DATA_DIR ?? ""))).toBe(false);

    const run = transfer(source, ["--to-env", file, "--carry-secret"]);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/files: (\d+) on the source .*, \1 on the target, \1 with the same size and SHA-256/);
    expect(run.stdout).toContain("Transfer complete");
    expect(await dumpSite(target)).toEqual(sourceDump);
    expect(await saltsOf(source)).toHaveLength(1);
    expect(await saltsOf(target)).toEqual([]);
    const secretOf = (vars: Vars) => readFileSync(path.join(vars.DATA_DIR ?? "", "auth-secret"), "utf8");
    expect(secretOf(target)).toBe(secretOf(source));
    expect(statSync(path.join(target.DATA_DIR ?? "", "auth-secret")).mode & 0o777).toBe(0o600);

    const again = transfer(source, ["--to-env", file]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("Transfer refused: The target already holds a site");
    expect(again.stderr).toContain("--force");
    expect(again.stderr).not.toContain("Run the same command again");
    const forced = transfer(source, ["--to-env", file, "--force"]);
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/0 copied, \d+ already there/);

    await expectSiteServes(target);
  }, 120_000);

  it("refuses the source as its own target, and bad arguments, each with a message", () => {
    const self = transfer(source, ["--to-env", writeEnvFile("self", source)]);
    expect(self.status).toBe(1);
    expect(self.stderr).toContain("the same database");
    expect(transfer(source, []).stderr).toContain("--to-env FILE is required");
    expect(transfer(source, ["--to-env", path.join(work, "nope.env")]).stderr).toContain("does not exist");
    const bad = transfer(source, ["--to-env", writeEnvFile("bad", { DATABASE_URL: "mysql://x" })]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("DATABASE_URL");
  }, 60_000);

  it("finishes a transfer killed half-way when run again, ending identical", async () => {
    const target = process.env.TEST_DATABASE_URL ? await scaleSite("killed") : diskSite("killed");
    const file = writeEnvFile("killed", target);
    const run = startTransfer(source, ["--to-env", file, "--object-delay-ms", "150"]);
    await run.copied(3);
    run.child.kill("SIGKILL");
    await run.ended;
    expect(run.output().stdout).not.toContain("Transfer complete");
    const half = await dumpSite(target);
    expect(Object.keys(half.objects).length).toBeLessThan(Object.keys(sourceDump.objects).length);

    const resumed = transfer(source, ["--to-env", file]);
    expect(resumed.status, resumed.stdout + resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain("Finishing an earlier, interrupted transfer");
    expect(resumed.stdout).toContain("Transfer complete");
    expect(await dumpSite(target)).toEqual(sourceDump);
  }, 120_000);

  it("fails with a message when the network drops half-way, and run again ends identical", async () => {
    // PostgreSQL and S3 when the run has PostgreSQL, else SQLite and S3: every connection is cut at once.
    const direct = process.env.TEST_DATABASE_URL ? await scaleSite("dropped") : await bucketSite("dropped");
    const { site: target, relays } = await behindRelays(direct);
    const file = writeEnvFile("dropped", target);
    const run = startTransfer(source, ["--to-env", file, "--object-delay-ms", "150"]);
    await run.copied(3);
    for (const relay of relays) await relay.drop();
    expect(await run.ended).toBe(1);
    const { stdout, stderr } = run.output();
    expect(stdout).not.toContain("Transfer complete");
    expect(stderr).toContain("Transfer failed");
    expect(stderr).toContain("Run the same command again");
    const half = await dumpSite(direct);
    expect(Object.keys(half.objects).length).toBeLessThan(Object.keys(sourceDump.objects).length);

    for (const relay of relays) await relay.restore();
    // Not spawnSync: the relays live in this process, which must keep running to pass the bytes on.
    const again = startTransfer(source, ["--to-env", file]);
    const resumed = { status: await again.ended, ...again.output() };
    expect(resumed.status, resumed.stdout + resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain("Finishing an earlier, interrupted transfer");
    expect(resumed.stdout).toContain("Transfer complete");
    expect(await dumpSite(direct)).toEqual(sourceDump);
  }, 120_000);

  it("runs while the source site serves, says what arrived meanwhile, and a run with the source stopped carries it", async () => {
    const live = diskSite("live");
    cpSync(source.DATA_DIR ?? "", live.DATA_DIR ?? "", { recursive: true });
    const target = diskSite("while-serving");
    const file = writeEnvFile("while-serving", target);
    const site = await serve(live);
    let stopped = false;
    try {
      const run = startTransfer(live, ["--to-env", file, "--object-delay-ms", "100"]);
      // Fans keep listening while it runs.
      const statuses: number[] = [];
      let transferring = true;
      const listening = (async () => {
        while (transferring) {
          for (const pathname of ["/", "/music", `/media/${songs[0]?.fallbackKey}`]) {
            const res = await fetch(site.baseUrl + pathname);
            await res.arrayBuffer();
            statuses.push(res.status);
          }
        }
      })();
      // And one writes while the files are on their way.
      await run.copied(2);
      const secret = readFileSync(path.join(live.DATA_DIR ?? "", "auth-secret"), "utf8").trim();
      const posted = await fetch(`${site.baseUrl}/contact`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: site.baseUrl },
        body: new URLSearchParams({
          name: "Late Fan",
          email: "late@example.com",
          message: LATE_MESSAGE,
          [FORM_STARTED_FIELD]: formStartedToken(secret, Date.now() - 20_000),
          [HONEYPOT_FIELD]: "",
        }),
      });
      expect(posted.status).toBe(200);
      expect(await posted.text()).toContain("Message Sent");
      const code = await run.ended;
      transferring = false;
      await listening;
      const { stdout, stderr } = run.output();
      expect(code, stdout + stderr).toBe(0);
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      // Among what changed (the site's own background work, measuring tracks, goes on too): the fan's message.
      expect(stdout).toMatch(/The source site changed while this ran: [^\n]*contacts \(2 rows then, 3 now\)/);
      expect(stdout).toContain("Transfer complete: the target holds everything the source did at the snapshot.");
      expect(JSON.stringify((await dumpSite(target)).tables.contacts)).not.toContain(LATE_MESSAGE);

      // The move's last step: the source stopped, the run again carries what came in.
      await site.stop();
      stopped = true;
      const final = transfer(live, ["--to-env", file, "--force"]);
      expect(final.status, final.stdout + final.stderr).toBe(0);
      expect(final.stdout).not.toContain("changed while this ran");
      // Only files that arrived since (none here, or an image variant made for a fan) are copied again.
      expect(Number(/\d+ copied, (\d+) already there/.exec(final.stdout)?.[1])).toBeGreaterThan(20);
      expect(final.stdout).toContain("Transfer complete: the target holds everything the source did.");
      const moved = await dumpSite(target);
      expect(JSON.stringify(moved.tables.contacts)).toContain(LATE_MESSAGE);
      expect(moved).toEqual(await dumpSite(live));
    } finally {
      if (!stopped) await site.stop();
    }
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    "moves SQLite and disk into PostgreSQL and S3 and back, and the site serves after each move",
    async () => {
      const secret = readFileSync(path.join(source.DATA_DIR ?? "", "auth-secret"), "utf8").trim();
      // A stack set up with a secret of its own: --carry-secret replaces it in the stack's file.
      const scale = { ...(await scaleSite("scale")), AUTH_SECRET: "a-new-stack-secret-".repeat(3) };
      const scaleFile = writeEnvFile("scale", scale);
      const up = transfer(source, ["--to-env", scaleFile, "--carry-secret"]);
      expect(up.status, up.stdout + up.stderr).toBe(0);
      expect(up.stdout).toContain(`carried into AUTH_SECRET in ${scaleFile}`);
      expect(parseEnv(readFileSync(scaleFile, "utf8")).AUTH_SECRET).toBe(secret);
      // The file now holds the secret: its owner's alone, though it was readable by others before (issue #30).
      expect(statSync(scaleFile).mode & 0o777).toBe(0o600);
      scale.AUTH_SECRET = secret;
      expect(await dumpSite(scale)).toEqual(sourceDump);
      await expectSiteServes(scale);

      // Serving it signed two accounts in (sessions, sign-in counters): back comes the site as it is now.
      const served = await dumpSite(scale);
      const back = diskSite("back");
      const backFile = writeEnvFile("back", back);
      const down = transfer(source, ["--from-env", scaleFile, "--to-env", backFile, "--carry-secret"]);
      expect(down.status, down.stdout + down.stderr).toBe(0);
      expect(await dumpSite(back)).toEqual(served);
      await expectSiteServes(back);
    },
    180_000,
  );
});
