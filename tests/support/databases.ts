// Real databases for integration tests: a fresh SQLite file per suite, and the
// same suite on PostgreSQL (in a schema of its own) whenever TEST_DATABASE_URL is set.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { loadEnv } from "#app/lib/env.server.ts";
import { createServices, type Services } from "#app/lib/services.server.ts";

export type TestDatabaseKind = "sqlite" | "postgres";

export const testDatabaseKinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ["sqlite", "postgres"]
  : ["sqlite"];

export type TestSite = { services: Services; dataDir: string; cleanup(): Promise<void> };

/** A fully migrated site (database, auth, storage) on a throwaway database of the given kind. */
export async function createTestSite(kind: TestDatabaseKind): Promise<TestSite> {
  // A dotted folder on the way, as in many real deployments (~/.local, /srv/.sites).
  const dataDir = mkdtempSync(path.join(mkdtempSync(path.join(tmpdir(), ".artist-site-")), "data-"));
  let databaseUrl = "";
  let dropSchema = async () => {};
  if (kind === "postgres") {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error("TEST_DATABASE_URL is not set");
    const schema = `test_${process.pid}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    const url = new URL(baseUrl);
    url.searchParams.set("options", `-c search_path=${schema}`);
    databaseUrl = url.toString();
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop schema "${schema}" cascade`);
      await client.end();
    };
  }
  const env = loadEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: "http://localhost:3999",
    AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
  });
  const services = await createServices(env);
  return {
    services,
    dataDir,
    async cleanup() {
      await services.close();
      await dropSchema();
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    },
  };
}
