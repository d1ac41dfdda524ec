import { DatabaseSync } from "node:sqlite";
import { sqliteFileIn } from "#app/lib/db/db.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";

// The content version (app/lib/db/content-version.server.ts) as the page cache reads it.

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
