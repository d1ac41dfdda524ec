import { openDatabase, sqliteFileIn, type Db } from "#app/lib/db/db.server.ts";
import { E2E_DATA_DIR, E2E_STACK, e2ePostgres } from "./server-env.ts";
import path from "node:path";

/**
 * Opens the e2e server's own database (the SQLite file, or PostgreSQL on the
 * scale stack), runs `work`, then closes it. The server sees changes on its
 * next query.
 */
export async function withE2eDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const { db } = openDatabase(
    E2E_STACK === "scale" ? { databaseUrl: e2ePostgres().databaseUrl } : { sqliteFile: sqliteFileIn(path.resolve(E2E_DATA_DIR)) },
  );
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}
