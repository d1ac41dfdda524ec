// Real backing services for integration tests, as two stacks:
// - "embedded": a fresh SQLite file, uploads on local disk, limits counted in the database;
// - "scale": PostgreSQL (a schema of its own), an S3 bucket of its own on the
//   loopback S3 server (tests/support/vitest-global-setup.ts) and, when
//   TEST_REDIS_URL is set, Redis under a key prefix of its own.
// The scale stack runs whenever TEST_DATABASE_URL is set.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createClient } from "redis";
import { inject } from "vitest";
import { loadEnv } from "#app/lib/platform/env.server.ts";
import { createServices } from "#app/services.server.ts";
import type { ServiceOptions, Services } from "#app/lib/platform/services.server.ts";
import { S3_TEST_CREDENTIALS, createTestBucket } from "./s3-server.ts";

export type TestStack = "embedded" | "scale";

export const testStacks: TestStack[] = process.env.TEST_DATABASE_URL ? ["embedded", "scale"] : ["embedded"];

export type TestSite = { stack: TestStack; services: Services; dataDir: string; cleanup(): Promise<void> };

const TEST_AUTH_SECRET = "test-secret-that-is-long-enough-for-better-auth";

/** A fully migrated site (database, auth, storage, limits) on throwaway services of the given stack. */
/** A site on `stack` for one test file; `extra`: more environment variables (mail, say); `options`: what its services run (the media work, say). */
export async function createTestSite(
  stack: TestStack,
  extra: Record<string, string> = {},
  options: ServiceOptions = {},
): Promise<TestSite> {
  // A dotted folder on the way, as in many real deployments (~/.local, /srv/.sites).
  const dataDir = mkdtempSync(path.join(mkdtempSync(path.join(tmpdir(), ".artist-site-")), "data-"));
  const id = `${process.pid}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const variables: Record<string, string> = {
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3999",
    AUTH_SECRET: TEST_AUTH_SECRET,
  };
  let dropRedisKeys = async () => {};
  if (stack === "scale") {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error("TEST_DATABASE_URL is not set");
    // Dropped when the run ends (tests/support/vitest-global-setup.ts); other tests drop schemas of their
    // own meanwhile (scripts/transfer.test.ts), which a site's migration must not trip over.
    const schema = `${inject("pgSchemaPrefix")}_${id}`;
    await withPgClient(baseUrl, (client) => client.query(`create schema "${schema}"`));
    const url = new URL(baseUrl);
    url.searchParams.set("options", `-c search_path=${schema}`);
    variables.DATABASE_URL = url.toString();

    const bucket = `test-${id.replaceAll("_", "-")}`.toLowerCase().slice(0, 63);
    const endpoint = inject("s3Endpoint");
    await createTestBucket(endpoint, bucket);
    Object.assign(variables, {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    });
    if (process.env.TEST_REDIS_URL) {
      variables.REDIS_URL = process.env.TEST_REDIS_URL;
      variables.REDIS_KEY_PREFIX = `test:${id}:`;
      dropRedisKeys = () => deleteRedisKeys(process.env.TEST_REDIS_URL ?? "", `test:${id}:`);
    }
  }
  const services = await createServices(loadEnv({ ...variables, ...extra }), options);
  return {
    stack,
    services,
    dataDir,
    async cleanup() {
      await services.close();
      await dropRedisKeys();
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    },
  };
}

async function withPgClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const client = createClient({ url });
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length > 0) await client.del(keys);
  } finally {
    client.destroy();
  }
}
