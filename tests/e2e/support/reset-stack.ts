// Run before the e2e server starts: an empty site on the chosen stack.
// (The S3 bucket starts empty with its server: tests/e2e/support/s3-server-main.ts.)
import { rmSync } from "node:fs";
import pg from "pg";
import { createClient } from "redis";
import { E2E_DATA_DIR, E2E_REDIS_PREFIX, E2E_STACK, e2ePostgres, e2eRedisUrl } from "./server-env.ts";

rmSync(E2E_DATA_DIR, { recursive: true, force: true });

if (E2E_STACK === "scale") {
  const { adminUrl, database } = e2ePostgres();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.query(`create database "${database}"`);
  } finally {
    await admin.end();
  }

  const redis = createClient({ url: e2eRedisUrl() });
  await redis.connect();
  try {
    for await (const keys of redis.scanIterator({ MATCH: `${E2E_REDIS_PREFIX}*`, COUNT: 500 })) {
      if (keys.length > 0) await redis.del(keys);
    }
  } finally {
    await redis.close();
  }
}
