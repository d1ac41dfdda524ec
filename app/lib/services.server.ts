import path from "node:path";
import type { SqlDialect } from "#db/migrations/dialect.ts";
import { createAuth, type Auth } from "./auth.server.ts";
import { migrateToLatest, openDatabase, sqliteFileIn, type Db } from "./db.server.ts";
import { loadEnv, type Env } from "./env.server.ts";
import { createLocalStorage } from "./storage-local.server.ts";
import type { Storage } from "./storage.server.ts";

/** Everything a request needs, made once per process. Holds no per-user state. */
export type Services = {
  env: Env;
  db: Db;
  dialect: SqlDialect;
  auth: Auth;
  storage: Storage;
  close(): Promise<void>;
};

export async function createServices(env: Env = loadEnv()): Promise<Services> {
  const { db, dialect } = openDatabase({
    databaseUrl: env.databaseUrl,
    sqliteFile: sqliteFileIn(env.dataDir),
  });
  await migrateToLatest(db);
  return {
    env,
    db,
    dialect,
    auth: createAuth({ db: db as never, dialect, env }),
    storage: createLocalStorage(path.join(env.dataDir, "uploads")),
    close: () => db.destroy(),
  };
}
