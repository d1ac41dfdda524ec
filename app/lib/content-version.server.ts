import { DatabaseSync } from "node:sqlite";
import { sql, type Kysely } from "kysely";
import { sqliteFileIn } from "./db.server.ts";
import type { Database } from "./db-schema.ts";
import type { Services } from "./services.server.ts";

/*
 * A number that moves on whenever what anonymous visitors see changes (a song
 * added or deleted, a new latest release), in the same transaction as the
 * change. Page caches compare it on every request, so a change made through any
 * process shows on the very next page from every process. It lives in the
 * database, with Redis or without: one indexed read per cached page, and no
 * second source of truth that could disagree with the songs it describes.
 */

export async function currentContentVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("contentVersion").select("version").where("id", "=", 1).executeTakeFirst();
  return row?.version ?? 0;
}

/** Call inside the transaction that changes public content. */
export async function bumpContentVersion(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable("contentVersion")
    .set({ version: sql<number>`${sql.ref("version")} + 1` })
    .where("id", "=", 1)
    .execute();
}

/**
 * The page cache's reader, called on every cached page, so it skips the query
 * builder: on SQLite a prepared statement on a read-only connection of its own
 * (microseconds, and it sees every commit, WAL), on PostgreSQL a query compiled once.
 */
export function contentVersionReader(services: Services): { read(): Promise<number>; close(): void } {
  if (services.dialect === "sqlite") {
    const connection = new DatabaseSync(sqliteFileIn(services.env.dataDir), { readOnly: true });
    connection.exec("PRAGMA busy_timeout = 5000;");
    const statement = connection.prepare("select version from contentVersion where id = 1");
    return {
      read: async () => Number((statement.get() as { version?: number | bigint } | undefined)?.version ?? 0),
      close: () => connection.close(),
    };
  }
  const compiled = services.db.selectFrom("contentVersion").select("version").where("id", "=", 1).compile();
  return {
    read: async () => Number((await services.db.executeQuery(compiled)).rows[0]?.version ?? 0),
    close: () => {},
  };
}
