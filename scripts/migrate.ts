// npm run migrate: brings the database (DATABASE_URL, or the SQLite file in
// DATA_DIR) up to date and exits. Run it once per deploy, before new app
// processes start; every process also migrates on start, so forgetting it is
// harmless, and concurrent runs are serialised by the migrator's lock.
import { existsSync } from "node:fs";
import { migrateToLatest, openDatabase, sqliteFileIn } from "#app/lib/db/db.server.ts";
import { loadEnv } from "#app/lib/platform/env.server.ts";

if (existsSync(".env")) process.loadEnvFile(".env");
const env = loadEnv();
const { db, dialect } = openDatabase({ databaseUrl: env.databaseUrl, sqliteFile: sqliteFileIn(env.dataDir) });
const where = dialect === "postgres" ? "PostgreSQL (DATABASE_URL)" : sqliteFileIn(env.dataDir);
try {
  const applied = await migrateToLatest(db);
  if (applied.length === 0) console.log(`${where}: already up to date.`);
  else console.log(`${where}: applied ${applied.join(", ")}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
