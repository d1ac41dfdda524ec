import path from "node:path";
import type { SqlDialect } from "#db/migrations/dialect.ts";
import { createAuth, type Auth } from "./auth.server.ts";
import { migrateToLatest, openDatabase, sqliteFileIn, type Db } from "./db.server.ts";
import { loadEnv, type Env } from "./env.server.ts";
import { createDatabaseRateLimiter, createRedisRateLimiter, type RateLimiter } from "./rate-limit.server.ts";
import { createLocalStorage } from "./storage-local.server.ts";
import type { Storage } from "./storage.server.ts";

/**
 * Everything a request needs, made once per process. Holds no per-user state:
 * what several processes must share lives in the database, the object store or
 * Redis (docs/decisions/010-shared-state.md).
 */
export type Services = {
  env: Env;
  db: Db;
  dialect: SqlDialect;
  auth: Auth;
  storage: Storage;
  /** Counts requests per client for sign-in, sign-up and the public forms, shared by every process. */
  rateLimiter: RateLimiter;
  close(): Promise<void>;
};

export async function createServices(env: Env = loadEnv()): Promise<Services> {
  const { db, dialect } = openDatabase({
    databaseUrl: env.databaseUrl,
    sqliteFile: sqliteFileIn(env.dataDir),
  });
  await migrateToLatest(db);
  // The S3 SDK and the Redis client are loaded only when configured: together
  // they add a few hundred milliseconds to every start of the embedded site.
  const redis = env.redisUrl ? await (await import("./redis.server.ts")).connectRedis(env.redisUrl) : undefined;
  // While Redis cannot answer, limits are counted in the (equally shared) database
  // rather than refusing everyone or letting sign-in go unguarded.
  const rateLimiter = redis
    ? createRedisRateLimiter(redis, env.redisKeyPrefix, { fallback: createDatabaseRateLimiter(db) })
    : createDatabaseRateLimiter(db);
  const storage = env.s3
    ? (await import("./storage-s3.server.ts")).createS3Storage(env.s3)
    : createLocalStorage(path.join(env.dataDir, "uploads"));
  return {
    env,
    db,
    dialect,
    auth: createAuth({ db: db as never, dialect, env, rateLimiter }),
    storage,
    rateLimiter,
    async close() {
      storage.close?.();
      // Counters need no goodbye; a hung Redis must not hold up shutdown.
      redis?.destroy();
      await db.destroy();
    },
  };
}
