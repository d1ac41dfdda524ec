import { spawn } from "node:child_process";
import { createReadStream, createWriteStream, existsSync, readdirSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { backup as sqliteBackup, DatabaseSync } from "node:sqlite";
import { pipeline } from "node:stream/promises";
import { sql } from "kysely";
import { z } from "zod";
import { currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { migrateToLatest, sqliteFileIn } from "#app/lib/db/db.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { assertValidKey, storageFolders } from "#app/lib/storage/storage.server.ts";
import { hashStream, hashingTap, sqliteSnapshot } from "./snapshot.ts";
import { ensurePrivateDir, ensurePrivateFile, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "#app/lib/platform/private-files.server.ts";

/*
 * A backup is a folder: the database (a SQLite copy made with VACUUM INTO, or
 * a pg_dump archive of the site's schema), every stored object under objects/,
 * and manifest.json with each object's size and SHA-256 and what the database
 * held. The database is copied first, then the objects, so every file a song
 * in the copy points at is there unless it was deleted during the backup
 * (listed as `missing`). Why and how: docs/reliability.md.
 */

const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  dialect: z.enum(["sqlite", "postgres"]),
  database: z.string(),
  schema: z.string().nullable(),
  counts: z.record(z.string(), z.number()),
  objects: z.array(z.object({ key: z.string(), size: z.number(), sha256: z.string() })),
  missing: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

const COUNTED = ["releases", "songs", "contacts", "subscribers", "user"] as const;

/**
 * Tables whose rows a backup leaves out (the table itself is kept, empty): the
 * visitor counts' salts (decision 029), which must not outlive their day: with
 * a day's salt and its visitor hashes, an address and browser could be tried
 * against them. A restored site makes a new salt for the day.
 */
export const NOT_KEPT = ["visitorSalts"] as const;

/** Empties NOT_KEPT in a SQLite copy, its deleted pages overwritten (secure_delete) so no byte of them stays in the file. */
function leaveOutOfCopy(file: string): void {
  const copy = new DatabaseSync(file);
  try {
    copy.exec("pragma secure_delete = on");
    for (const table of NOT_KEPT) copy.exec(`delete from "${table}"`);
  } finally {
    copy.close();
  }
}

const LABELS: Record<string, string> = {
  releases: "releases",
  songs: "songs",
  contacts: "messages",
  subscribers: "subscribers",
  user: "accounts",
};

/** "2 songs, 14 messages, 120 subscribers, 1 accounts", for the CLI's report. */
export function describeCounts(counted: Record<string, number>): string {
  return Object.entries(counted)
    .map(([table, n]) => `${n} ${LABELS[table] ?? table}`)
    .join(", ");
}

async function counts(services: Services): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of COUNTED) {
    const row = await services.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}

async function currentSchema(services: Services): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(services.db);
  return rows[0]?.schema ?? "public";
}

/** libpq reads "+" in a URL's query literally, where URL serialisers mean a space (options=-c+search_path=…). */
function libpqUrl(url: string | undefined): string {
  return (url ?? "").replace(/\?.*$/, (query) => query.replaceAll("+", "%20"));
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.on("error", (error) => reject(new Error(`${command} could not start (${error.message}); is the PostgreSQL client installed?`)));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${errors.trim()}`))));
  });
}

/** Writes a consistent backup of the site into `dir` (which must not exist or be empty). */
export async function createBackup(services: Services, dir: string): Promise<BackupManifest> {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} is not empty`);
  // Owner only, as the site's own data is (issue #30): a backup holds every account and subscriber.
  ensurePrivateDir(dir);
  ensurePrivateDir(path.join(dir, "objects"));

  // 1. The database, as one consistent snapshot while the site keeps running.
  let database: string;
  let schema: string | null = null;
  const databaseCounts = await counts(services);
  if (services.dialect === "sqlite") {
    database = "database.sqlite";
    // Made owner only before the copy fills it.
    ensurePrivateFile(path.resolve(dir, database), { create: true });
    await sqliteSnapshot(services.db, path.resolve(dir, database));
    leaveOutOfCopy(path.resolve(dir, database));
  } else {
    database = "database.pgdump";
    schema = await currentSchema(services);
    const url = libpqUrl(services.env.databaseUrl);
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--schema=${schema}`,
      ...NOT_KEPT.map((table) => `--exclude-table-data=${schema}."${table}"`),
      `--file=${path.resolve(dir, database)}`,
      `--dbname=${url}`,
    ]);
    ensurePrivateFile(path.resolve(dir, database));
  }

  // 2. Every stored object, hashed as it is copied.
  const objects: BackupManifest["objects"] = [];
  for (const folder of storageFolders) {
    for await (const key of services.storage.keys(folder)) {
      const body = await services.storage.read(key);
      if (!body) continue; // deleted since it was listed
      const target = path.join(dir, "objects", key);
      await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
      const { tap, result } = hashingTap();
      await pipeline(body, tap, createWriteStream(target, { mode: PRIVATE_FILE_MODE }));
      objects.push({ key, ...result() });
    }
  }

  // 3. What a song in the copy points at but the copy of the files lacks.
  const copied = new Set(objects.map((object) => object.key));
  const missing = await songFilesMissingFrom(dir, database, services, copied);

  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    dialect: services.dialect,
    database,
    schema,
    counts: databaseCounts,
    objects,
    missing,
  };
  await writeFile(path.join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
  return manifest;
}

async function songFilesMissingFrom(dir: string, database: string, services: Services, copied: Set<string>): Promise<string[]> {
  let keys: string[];
  if (services.dialect === "sqlite") {
    const copy = new DatabaseSync(path.join(dir, database), { readOnly: true });
    try {
      keys = (copy.prepare("select audioKey, coverKey from songs").all() as { audioKey: string; coverKey: string }[]).flatMap((row) => [
        row.audioKey,
        row.coverKey,
      ]);
    } finally {
      copy.close();
    }
  } else {
    // The dump holds what the live database held when it began; songs deleted since then had their files removed too.
    keys = (await services.db.selectFrom("songs").select(["audioKey", "coverKey"]).execute()).flatMap((row) => [
      row.audioKey,
      row.coverKey,
    ]);
  }
  return keys.filter((key) => !copied.has(key));
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const parsed = manifestSchema.safeParse(JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")));
  if (!parsed.success) throw new Error(`${dir}/manifest.json is not a backup manifest: ${parsed.error.issues[0]?.message ?? ""}`);
  return parsed.data;
}

async function sha256Of(file: string): Promise<string> {
  return (await hashStream(createReadStream(file))).sha256;
}

/**
 * Restores a backup into this site's database and storage. Every object is
 * checked against the manifest first, so a damaged backup changes nothing. A
 * site that already holds songs, messages, subscribers or accounts is refused
 * unless `force`.
 */
export async function restoreBackup(services: Services, dir: string, options: { force?: boolean } = {}): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  if (manifest.dialect !== services.dialect) {
    throw new Error(`This backup is of a ${manifest.dialect} database; the site runs on ${services.dialect}`);
  }
  for (const object of manifest.objects) {
    assertValidKey(object.key);
    const file = path.join(dir, "objects", object.key);
    if (!existsSync(file) || (await sha256Of(file)) !== object.sha256)
      throw new Error(`The backup's copy of ${object.key} is missing or damaged`);
  }
  const present = await counts(services);
  const versionBefore = await currentContentVersion(services.db);
  const holding = Object.entries(present).filter(([, n]) => n > 0);
  if (holding.length > 0 && !options.force) {
    throw new Error(
      `The site already holds data (${holding.map(([table, n]) => `${n} ${table}`).join(", ")}); restore with --force to replace it`,
    );
  }

  const database = path.join(dir, manifest.database);
  if (services.dialect === "sqlite") {
    // SQLite's backup API writes through a connection of its own, with the
    // usual locks, so a running site's connections see the restored pages.
    const source = new DatabaseSync(database, { readOnly: true });
    try {
      ensurePrivateFile(sqliteFileIn(services.env.dataDir), { create: true });
      await sqliteBackup(source, sqliteFileIn(services.env.dataDir));
    } finally {
      source.close();
    }
  } else {
    await run("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      `--dbname=${libpqUrl(services.env.databaseUrl)}`,
      database,
    ]);
  }

  // A backup from an older version of the site gets this version's schema.
  await migrateToLatest(services.db);

  for (const object of manifest.objects) {
    await services.storage.write(object.key, createReadStream(path.join(dir, "objects", object.key)));
  }
  // Pages cached before the restore show the old catalogue: move the version
  // past both the old and the restored one, so no cache can take it for its own.
  const restored = await currentContentVersion(services.db);
  await services.db
    .updateTable("contentVersion")
    .set({ version: Math.max(restored, versionBefore) + 1 })
    .where("id", "=", 1)
    .execute();
  return manifest;
}
