import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { ensurePrivateFile } from "#app/lib/platform/private-files.server.ts";
import { CompiledQuery, Kysely, PostgresDialect, sql, type DatabaseIntrospector, type Dialect, type Driver } from "kysely";
import { Migrator, type MigrationProvider, type MigrationResultSet } from "kysely/migration";
import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import pg from "pg";
import { migrations } from "#db/migrations/index.ts";
import { dialectOf, type SqlDialect } from "#db/migrations/dialect.ts";
import type { Database } from "./db-schema.ts";

export type Db = Kysely<Database>;
export type DbHandle = { db: Db; dialect: SqlDialect };

const PG_INT8 = 20;

/**
 * Opens the database: PostgreSQL when a URL is given, else the embedded SQLite
 * file DATA_DIR/site.db (or ":memory:").
 */
export function openDatabase(options: {
  databaseUrl?: string;
  sqliteFile?: string;
  /** PostgreSQL: let a process that is done (a test worker) exit with idle connections still open. */
  allowExitOnIdle?: boolean;
}): DbHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      allowExitOnIdle: options.allowExitOnIdle ?? false,
      // Epoch-ms timestamps are bigint columns; they fit a JS number exactly.
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") =>
          oid === PG_INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection dropped by the network or a database restart is an
    // 'error' event on the pool; unheard, it would end the process. The pool
    // replaces the connection on the next query, and that query reports its own failure.
    pool.on("error", (error) => console.error(`PostgreSQL: an idle connection failed (${error.message}); the next query opens a new one.`));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: "postgres" };
  }
  const file = options.sqliteFile ?? ":memory:";
  if (file !== ":memory:") {
    // Owner only, before SQLite opens it: its WAL and shared-memory files take the database file's permissions.
    ensurePrivateFile(file, { create: true });
    for (const companion of [`${file}-wal`, `${file}-shm`]) ensurePrivateFile(companion);
  }
  const database = new DatabaseSync(file);
  // WAL lets readers run beside the writer; FULL makes an acknowledged write
  // survive power loss; busy_timeout waits for the CLI or a second process.
  database.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;");
  return { db: new Kysely<Database>({ dialect: immediateTransactions(new NodeSqliteDialect({ database })) }), dialect: "sqlite" };
}

/**
 * SQLite's dialect with its write transactions begun IMMEDIATE: they take the
 * write lock at their start, waiting for it as busy_timeout says. A plain
 * BEGIN reads first and asks for the lock at its first write; if another
 * process (the admin CLI, a second server process) wrote in between, SQLite
 * cannot wait its way out and fails at once with "database is locked".
 */
function immediateTransactions(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      return {
        init: (options) => driver.init(options),
        acquireConnection: (options) => driver.acquireConnection(options),
        beginTransaction: async (connection, settings) => {
          await connection.executeQuery(CompiledQuery.raw(settings.accessMode === "read only" ? "begin" : "begin immediate"));
        },
        commitTransaction: (connection) => driver.commitTransaction(connection),
        rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
        releaseConnection: (connection, options) => driver.releaseConnection(connection, options),
        destroy: (options) => driver.destroy(options),
      };
    },
  };
}

export function sqliteFileIn(dataDir: string): string {
  return path.join(dataDir, "site.db");
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; returns the names of the migrations it applied. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/**
 * Brings the schema to just after migration `name`, down or up: for tests of a
 * migration, which start from a database as the version before it left it.
 */
export async function migrateTo(db: Db, name: string): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: Db, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  // Kysely's migrator takes a lock (an advisory lock on PostgreSQL), so several
  // processes starting at once apply each migration exactly once. On PostgreSQL
  // its bookkeeping tables must be looked for in our own schema: unqualified, it
  // finds another schema's (another app's, or a parallel test's) and skips
  // creating ours.
  const migrationTableSchema =
    dialectOf(db as never) === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: migrationTableSchema ? withOwnSchemaIntrospection(db, migrationTableSchema) : db,
    provider,
    migrationTableSchema,
  });
  const { error, results } = await run(migrator);
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}

/**
 * The migrator asks `db.introspection` whether its tables exist, and Kysely's
 * PostgreSQL introspector answers by reading every schema's tables and resolving
 * each one by name. In a database shared with others that fails the start-up:
 * a schema we may not read ("permission denied for schema"), or a table another
 * app or a parallel test drops during the query ("relation … does not exist").
 * The migrator only needs its own schema, so that is all this view lists.
 */
function withOwnSchemaIntrospection(db: Db, schema: string): Db {
  const introspection: DatabaseIntrospector = {
    getSchemas: async () => [{ name: schema }],
    getTables: async () => {
      const { rows } = await sql<{ name: string; isView: boolean }>`
        select table_name as name, table_type = 'VIEW' as "isView"
        from information_schema.tables where table_schema = ${schema}`.execute(db);
      return rows.map((row) => ({ name: row.name, schema, isView: row.isView, isForeign: false, columns: [] }));
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === "introspection") return introspection;
      // The receiver stays the real Kysely instance: its methods read private fields.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
