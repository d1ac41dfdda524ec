import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { E2E_DATA_DIR } from "./server-env.ts";

/**
 * Opens the e2e server's SQLite file directly (WAL mode, so the running server
 * sees the change on its next query), runs `work`, then closes it.
 */
export function withE2eDb<T>(work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(path.resolve(E2E_DATA_DIR, "site.db"));
  try {
    db.exec("PRAGMA busy_timeout = 5000;");
    return work(db);
  } finally {
    db.close();
  }
}
