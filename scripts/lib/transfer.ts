import { createHash } from "node:crypto";
import { ensurePrivateFile, PRIVATE_FILE_MODE } from "#app/lib/platform/private-files.server.ts";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { migrateToLatest, openDatabase, sqliteFileIn, type Db, type DbHandle } from "#app/lib/db/db.server.ts";
import type { Env } from "#app/lib/platform/env.server.ts";
import { openStorage } from "#app/lib/platform/services.server.ts";
import { storageFolders, type Storage } from "#app/lib/storage/storage.server.ts";
import { NOT_KEPT } from "./backup.ts";
import { hashStream, hashingTap, sqliteSnapshot, type Hashed } from "./snapshot.ts";

/*
 * npm run transfer: copies a whole site (every table, every stored object)
 * from one stack to another, SQLite or PostgreSQL, disk or S3, in either
 * direction. Why it works the way it does: docs/decisions/017-transfer.md.
 */

/** A transfer the command will not start as asked (the target is the source, or holds a site): nothing was written. */
export class TransferRefused extends Error {}

export type TableShape = { name: string; columns: string[]; primaryKey: string[]; references: string[] };

/**
 * Every table the migrations create (ours and better-auth's), parents before
 * the tables that reference them. Read from a fresh in-memory database migrated
 * to the latest version, so a table added by a new migration is moved without
 * anyone updating a list. What a backup leaves out (backup.ts's NOT_KEPT: the
 * visitor counts' salts) is not moved either: the target makes its own.
 */
async function siteTables(): Promise<TableShape[]> {
  const { db } = openDatabase({ sqliteFile: ":memory:" });
  try {
    await migrateToLatest(db);
    const names = (
      await sql<{ name: string }>`select name from sqlite_master
        where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name`.execute(db)
    ).rows
      .map((row) => row.name)
      .filter((name) => !NOT_KEPT.some((table) => table === name));
    const shapes: TableShape[] = [];
    for (const name of names) {
      const columns = (await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${name}) order by cid`.execute(db))
        .rows;
      const references = (await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(db)).rows;
      shapes.push({
        name,
        columns: columns.map((column) => column.name),
        primaryKey: columns
          .filter((column) => column.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((column) => column.name),
        references: [...new Set(references.map((reference) => reference.table).filter((table) => table !== name))],
      });
    }
    return parentsFirst(shapes);
  } finally {
    await db.destroy();
  }
}

function parentsFirst(tables: TableShape[]): TableShape[] {
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const pending = [...tables];
  while (pending.length > 0) {
    const next = pending.findIndex((table) => table.references.every((parent) => placed.has(parent)));
    if (next < 0) throw new Error(`Foreign keys form a cycle among ${pending.map((table) => table.name).join(", ")}`);
    const [table] = pending.splice(next, 1);
    if (!table) break;
    ordered.push(table);
    placed.add(table.name);
  }
  return ordered;
}

/** Tables a site that nobody has set up yet fills by itself (a set-up link, rate-limit counters, form tokens taken). */
const SELF_FILLED = new Set(["setupTokens", "formRateLimits", "rateLimit", "formTokenUses"]);

/** The target's note that a transfer into it began and has not been verified yet. Not part of the site: dropped at the end. */
const MARKER = "siteTransfer";

type ColumnKind = "boolean" | "time" | "other";
type Kinds = Map<string, Map<string, ColumnKind>>;
type Row = Record<string, unknown>;

/** What each column holds on this database: booleans and timestamps are stored differently by the two dialects. */
async function columnKinds(handle: DbHandle): Promise<Kinds> {
  const rows =
    handle.dialect === "postgres"
      ? (
          await sql<{
            table: string;
            column: string;
            type: string;
          }>`select table_name as "table", column_name as "column", data_type as "type"
            from information_schema.columns where table_schema = current_schema()`.execute(handle.db)
        ).rows
      : (
          await sql<{ table: string; column: string; type: string }>`select m.name as "table", p.name as "column", lower(p.type) as "type"
            from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table'`.execute(handle.db)
        ).rows;
  const kinds: Kinds = new Map();
  for (const row of rows) {
    const table = kinds.get(row.table) ?? new Map<string, ColumnKind>();
    const type = row.type.toLowerCase();
    table.set(row.column, type === "boolean" ? "boolean" : type.startsWith("timestamp") || type === "date" ? "time" : "other");
    kinds.set(row.table, table);
  }
  return kinds;
}

/** A value as the target's column stores it (better-auth's booleans and dates differ between SQLite and PostgreSQL). */
function toTarget(value: unknown, kind: ColumnKind, dialect: DbHandle["dialect"]): unknown {
  if (value === null || value === undefined) return null;
  if (dialect === "postgres") {
    if (kind === "boolean") return typeof value === "boolean" ? value : Boolean(Number(value));
    if (kind === "time") return value instanceof Date ? value : new Date(value as string | number);
    return value;
  }
  // better-auth writes dates into SQLite as ISO strings and booleans as 0/1.
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (kind === "time" && typeof value === "number") return new Date(value).toISOString();
  return value;
}

/** A value in one form whichever dialect it came from, for comparing the two sides. */
function canonical(value: unknown, kind: ColumnKind): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (kind === "time") return new Date(value as string | number).toISOString();
  if (typeof value === "bigint") return Number(value);
  return value;
}

function canonicalRow(table: TableShape, row: Row, kinds: Kinds): string {
  const columnKinds = kinds.get(table.name);
  return JSON.stringify(table.columns.map((column) => canonical(row[column], columnKinds?.get(column) ?? "other")));
}

export type TableSummary = { rows: number; sha256: string };

class TableDigest {
  private lines: string[] = [];
  add(line: string) {
    this.lines.push(line);
  }
  summary(): TableSummary {
    // Sorted, so rows read in any order give the same digest.
    const hash = createHash("sha256");
    for (const line of this.lines.sort()) hash.update(`${line}\n`);
    return { rows: this.lines.length, sha256: hash.digest("hex") };
  }
}

const PAGE = 1000;

/** Every row of `table`, a page at a time, in primary-key order (stable within one snapshot). */
async function* rowsOf(db: Db, table: TableShape): AsyncGenerator<Row[]> {
  const order = (table.primaryKey.length > 0 ? table.primaryKey : table.columns).map((column) => sql.ref(column));
  for (let offset = 0; ; offset += PAGE) {
    const { rows } =
      await sql<Row>`select * from ${sql.table(table.name)} order by ${sql.join(order)} limit ${PAGE} offset ${offset}`.execute(db);
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
  }
}

/** Summaries of every table on one side, for the comparison at the end. */
async function summarize(db: Db, tables: TableShape[], kinds: Kinds): Promise<Record<string, TableSummary>> {
  const result: Record<string, TableSummary> = {};
  for (const table of tables) {
    const digest = new TableDigest();
    for await (const page of rowsOf(db, table)) for (const row of page) digest.add(canonicalRow(table, row, kinds));
    result[table.name] = digest.summary();
  }
  return result;
}

async function countRows(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Runs `read` against one consistent state of the source while the site keeps
 * serving: a VACUUM INTO copy of SQLite (as npm run backup takes), or a
 * repeatable-read, read-only transaction on PostgreSQL.
 */
async function withSnapshot<T>(source: DbHandle, read: (snapshot: Db) => Promise<T>): Promise<T> {
  if (source.dialect === "postgres") {
    return source.db
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        return read(trx);
      });
  }
  const dir = mkdtempSync(path.join(tmpdir(), "site-transfer-"));
  try {
    const file = path.join(dir, "snapshot.sqlite");
    await sqliteSnapshot(source.db, file);
    const snapshot = openDatabase({ sqliteFile: file });
    try {
      return await read(snapshot.db);
    } finally {
      await snapshot.db.destroy();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Replaces every table of the target with the snapshot's rows in one
 * transaction: interrupted, it leaves the target as it was, and run again it
 * cannot duplicate anything.
 */
async function copyDatabase(
  snapshot: Db,
  sourceKinds: Kinds,
  target: DbHandle,
  tables: TableShape[],
  log: (line: string) => void,
): Promise<Record<string, TableSummary>> {
  const targetKinds = await columnKinds(target);
  const summaries: Record<string, TableSummary> = {};
  await target.db.transaction().execute(async (trx) => {
    for (const table of [...tables].reverse()) await sql`delete from ${sql.table(table.name)}`.execute(trx);
    for (const table of tables) {
      const digest = new TableDigest();
      const kinds = targetKinds.get(table.name);
      // Under both dialects' limits on bound parameters per statement.
      const perInsert = Math.max(1, Math.min(500, Math.floor(30_000 / table.columns.length)));
      for await (const page of rowsOf(snapshot, table)) {
        for (const row of page) digest.add(canonicalRow(table, row, sourceKinds));
        for (let start = 0; start < page.length; start += perInsert) {
          const values = page
            .slice(start, start + perInsert)
            .map(
              (row) =>
                sql`(${sql.join(table.columns.map((column) => toTarget(row[column], kinds?.get(column) ?? "other", target.dialect)))})`,
            );
          await sql`insert into ${sql.table(table.name)} (${sql.join(table.columns.map((column) => sql.ref(column)))}) values ${sql.join(values)}`.execute(
            trx,
          );
        }
      }
      summaries[table.name] = digest.summary();
      log(`  ${table.name}: ${summaries[table.name]?.rows ?? 0} rows`);
    }
  });
  return summaries;
}

export type ObjectSummary = { key: string } & Hashed;

async function listKeys(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for (const folder of storageFolders) for await (const key of storage.keys(folder)) keys.push(key);
  return keys.sort();
}

async function hashObject(storage: Storage, key: string): Promise<Hashed | null> {
  const body = await storage.read(key);
  return body ? hashStream(body) : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Copies every object the source holds; one the target already has with the
 * same size and SHA-256 is left alone, so a second run only does what the
 * first did not. Objects on the target the source does not hold are removed.
 */
async function copyObjects(
  from: Storage,
  to: Storage,
  options: { delayMs: number; log: (line: string) => void },
): Promise<{ objects: ObjectSummary[]; copied: number; kept: number; removed: number; vanished: string[] }> {
  const objects: ObjectSummary[] = [];
  const vanished: string[] = [];
  let copied = 0;
  let kept = 0;
  for (const key of await listKeys(from)) {
    const there = await to.stat(key);
    const here = await from.stat(key);
    if (!here) {
      vanished.push(key); // deleted on the running site since it was listed
      continue;
    }
    if (there && there.size === here.size) {
      const [a, b] = await Promise.all([hashObject(from, key), hashObject(to, key)]);
      if (a && b && a.sha256 === b.sha256) {
        objects.push({ key, ...a });
        kept++;
        continue;
      }
    }
    const body = await from.read(key);
    if (!body) {
      vanished.push(key);
      continue;
    }
    const { tap, result } = hashingTap();
    body.on("error", (error) => tap.destroy(error));
    await to.write(key, body.pipe(tap));
    const hashed = result();
    objects.push({ key, ...hashed });
    copied++;
    options.log(`  copied ${key} (${hashed.size} bytes)`);
    if (options.delayMs > 0) await sleep(options.delayMs);
  }
  const wanted = new Set(objects.map((object) => object.key));
  const extra = (await listKeys(to)).filter((key) => !wanted.has(key));
  for (const key of extra) await to.delete(key);
  return { objects, copied, kept, removed: extra.length, vanished };
}

/** "postgres://artist@db:5432/artist" or "sqlite:/srv/site/data/site.db": where a site's rows live, without its password. */
function databaseLabel(env: Env): string {
  if (!env.databaseUrl) return `sqlite:${sqliteFileIn(env.dataDir)}`;
  const url = new URL(env.databaseUrl);
  url.password = "";
  return url.toString();
}

function storageLabel(env: Env): string {
  return env.s3 ? `s3:${env.s3.endpoint ?? "aws"}/${env.s3.bucket}` : `disk:${path.join(env.dataDir, "uploads")}`;
}

/** What the target holds that makes it a site of its own, e.g. ["3 songs", "41 stored files"]. */
async function holdings(target: DbHandle | undefined, storage: Storage, tables: TableShape[], kinds: Kinds): Promise<string[]> {
  const held: string[] = [];
  if (target) {
    const seeded = await seededTables();
    for (const table of tables) {
      if (!kinds.has(table.name) || SELF_FILLED.has(table.name) || seeded.has(table.name)) continue;
      const n = await countRows(target.db, table.name);
      if (n > 0) held.push(`${n} ${table.name}`);
    }
  }
  const keys = await listKeys(storage);
  if (keys.length > 0) held.push(`${keys.length} stored files`);
  return held;
}

/** Tables the migrations themselves put rows in (the content version, for one). */
async function seededTables(): Promise<Set<string>> {
  const { db } = openDatabase({ sqliteFile: ":memory:" });
  try {
    await migrateToLatest(db);
    const seeded = new Set<string>();
    for (const table of await siteTables()) if ((await countRows(db, table.name)) > 0) seeded.add(table.name);
    return seeded;
  } finally {
    await db.destroy();
  }
}

async function readMarker(target: DbHandle, kinds: Kinds): Promise<string | null> {
  if (!kinds.has(MARKER)) return null;
  const { rows } = await sql<{ source: string }>`select source from ${sql.table(MARKER)}`.execute(target.db);
  return rows[0]?.source ?? null;
}

async function writeMarker(target: DbHandle, source: string): Promise<void> {
  await sql`create table if not exists ${sql.table(MARKER)} (source text not null, "startedAt" bigint not null)`.execute(target.db);
  await target.db.transaction().execute(async (trx) => {
    await sql`delete from ${sql.table(MARKER)}`.execute(trx);
    await sql`insert into ${sql.table(MARKER)} (source, "startedAt") values (${source}, ${Date.now()})`.execute(trx);
  });
}

export type Secret = {
  /** Whether the target will sign with the source's secret. */
  same: boolean;
  /** Where the target's secret is read from: its env file's AUTH_SECRET, or DATA_DIR/auth-secret. */
  where: "env-file" | "data-dir";
  /** The file that would hold the carried secret. */
  file: string;
};

/** How the target finds its secret, as app/lib/platform/env.server.ts does: AUTH_SECRET, else DATA_DIR/auth-secret. */
function targetSecret(source: Env, target: TransferTarget): Secret {
  const fromFile = target.variables.AUTH_SECRET?.trim();
  // Without DATA_DIR in the file, "./data" would be wherever this runs (often the source's own
  // folder), not where the target's processes look: the secret then belongs in the file.
  if (fromFile || !target.variables.DATA_DIR?.trim()) return { same: fromFile === source.authSecret, where: "env-file", file: target.file };
  const file = path.join(target.env.dataDir, "auth-secret");
  const stored = existsSync(file) ? readFileSync(file, "utf8").trim() : undefined;
  return { same: stored === source.authSecret, where: "data-dir", file };
}

function carrySecret(source: Env, secret: Secret): void {
  if (secret.where === "env-file") {
    const text = readFileSync(secret.file, "utf8");
    const line = /^(\s*(?:export\s+)?AUTH_SECRET\s*=).*$/m;
    writeFileSync(
      secret.file,
      line.test(text) ? text.replace(line, `$1${source.authSecret}`) : `${text.replace(/\n?$/, "\n")}AUTH_SECRET=${source.authSecret}\n`,
    );
  } else {
    writeFileSync(secret.file, `${source.authSecret}\n`, { mode: PRIVATE_FILE_MODE });
  }
  // A file holding the secret is its owner's alone, also one that was readable by others before (issue #30).
  ensurePrivateFile(secret.file);
}

export type TransferTarget = {
  /** The target's environment file and the variables it sets. */
  file: string;
  variables: Record<string, string>;
  env: Env;
};

export type TransferOptions = {
  force?: boolean;
  dryRun?: boolean;
  carrySecret?: boolean;
  /** A pause after each copied object, so a test can interrupt a transfer half-way. */
  objectDelayMs?: number;
  log?: (line: string) => void;
};

export type TransferResult = {
  dryRun: boolean;
  tables: { name: string; source: TableSummary; target: TableSummary | undefined }[];
  objects: { source: number; target: number; bytes: number; mismatched: string[] };
  secret: Secret & { carried: boolean };
  verified: boolean;
  /**
   * What the source site wrote after the snapshot, while the transfer ran (a
   * message, a sign-up, a mail sent): not on the target. Empty when the source
   * was still, e.g. stopped for the final run.
   */
  changedSince: { tables: { name: string; before: number; after: number }[]; vanished: string[] };
};

export async function transferSite(source: Env, target: TransferTarget, options: TransferOptions = {}): Promise<TransferResult> {
  const log = options.log ?? console.log;
  const from = `${databaseLabel(source)} + ${storageLabel(source)}`;
  const to = `${databaseLabel(target.env)} + ${storageLabel(target.env)}`;
  if (databaseLabel(source) === databaseLabel(target.env))
    throw new TransferRefused(`The source and the target are the same database (${databaseLabel(source)})`);
  if (storageLabel(source) === storageLabel(target.env))
    throw new TransferRefused(`The source and the target share their storage (${storageLabel(source)})`);
  log(`From ${from}`);
  log(`To   ${to}`);

  const tables = await siteTables();
  const sourceDb = openDatabase({ databaseUrl: source.databaseUrl, sqliteFile: sqliteFileIn(source.dataDir) });
  await migrateToLatest(sourceDb.db);
  // A dry run creates nothing on the target, not even an empty SQLite file.
  const targetExists = target.env.databaseUrl !== undefined || existsSync(sqliteFileIn(target.env.dataDir));
  const targetDb =
    options.dryRun && !targetExists
      ? undefined
      : openDatabase({ databaseUrl: target.env.databaseUrl, sqliteFile: sqliteFileIn(target.env.dataDir) });
  const sourceStorage = await openStorage(source);
  const targetStorage = await openStorage(target.env);
  try {
    if (targetDb && !options.dryRun) await migrateToLatest(targetDb.db);
    const targetKinds = targetDb ? await columnKinds(targetDb) : new Map<string, Map<string, ColumnKind>>();
    const marker = targetDb ? await readMarker(targetDb, targetKinds) : null;
    const resuming = marker === from;
    const held = await holdings(targetDb, targetStorage, tables, targetKinds);
    if (!options.force && !resuming) {
      if (marker !== null)
        throw new TransferRefused(
          `The target holds an unfinished transfer from ${marker}; run that one again, or use --force to replace it`,
        );
      if (held.length > 0) throw new TransferRefused(`The target already holds a site (${held.join(", ")}); use --force to replace it`);
    }
    if (resuming) log("Finishing an earlier, interrupted transfer from this source.");
    else if (held.length > 0) log(`Replacing what the target holds (${held.join(", ")}).`);
    const secret = targetSecret(source, target);

    if (options.dryRun) {
      const tableRows = [];
      for (const table of tables)
        tableRows.push({ name: table.name, source: { rows: await countRows(sourceDb.db, table.name), sha256: "" }, target: undefined });
      const keys = await listKeys(sourceStorage);
      let bytes = 0;
      for (const key of keys) bytes += (await sourceStorage.stat(key))?.size ?? 0;
      return {
        dryRun: true,
        tables: tableRows,
        objects: { source: keys.length, target: 0, bytes, mismatched: [] },
        secret: { ...secret, carried: false },
        verified: false,
        changedSince: { tables: [], vanished: [] },
      };
    }

    if (!targetDb) throw new Error("No target database");
    await writeMarker(targetDb, from);
    log("Copying the database (one consistent snapshot of the source):");
    const sourceKinds = await columnKinds(sourceDb);
    const copied = await withSnapshot(sourceDb, (snapshot) => copyDatabase(snapshot, sourceKinds, targetDb, tables, log));
    log("Copying the stored files:");
    const files = await copyObjects(sourceStorage, targetStorage, { delayMs: options.objectDelayMs ?? 0, log });
    log(`  ${files.copied} copied, ${files.kept} already there, ${files.removed} removed from the target`);
    if (files.vanished.length > 0) log(`  deleted on the source while the transfer ran: ${files.vanished.join(", ")}`);

    // Verification reads everything back from the target.
    const landed = await summarize(targetDb.db, tables, await columnKinds(targetDb));
    const mismatched: string[] = [];
    for (const object of files.objects) {
      const there = await hashObject(targetStorage, object.key);
      if (!there || there.size !== object.size || there.sha256 !== object.sha256) mismatched.push(object.key);
    }
    const targetKeys = await listKeys(targetStorage);
    const tableResults = tables.map((table) => ({
      name: table.name,
      source: copied[table.name] ?? { rows: 0, sha256: "" },
      target: landed[table.name],
    }));
    const verified =
      mismatched.length === 0 &&
      targetKeys.length === files.objects.length &&
      tableResults.every((table) => table.target?.rows === table.source.rows && table.target.sha256 === table.source.sha256);

    // Read again outside the snapshot: whatever differs arrived while this ran.
    const now = await summarize(sourceDb.db, tables, sourceKinds);
    const changedTables = tables
      .filter((table) => now[table.name]?.sha256 !== copied[table.name]?.sha256)
      .map((table) => ({ name: table.name, before: copied[table.name]?.rows ?? 0, after: now[table.name]?.rows ?? 0 }));

    let carried = false;
    if (options.carrySecret && !secret.same) {
      carrySecret(source, secret);
      carried = true;
    }
    if (verified) await sql`drop table if exists ${sql.table(MARKER)}`.execute(targetDb.db);
    return {
      dryRun: false,
      tables: tableResults,
      objects: {
        source: files.objects.length,
        target: targetKeys.length,
        bytes: files.objects.reduce((sum, object) => sum + object.size, 0),
        mismatched,
      },
      secret: { ...secret, carried },
      verified,
      changedSince: { tables: changedTables, vanished: files.vanished },
    };
  } finally {
    sourceStorage.close?.();
    targetStorage.close?.();
    await sourceDb.db.destroy();
    await targetDb?.db.destroy();
  }
}
