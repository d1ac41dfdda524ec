// Starts one S3-compatible server for the whole Vitest run; each test site
// makes a bucket of its own in it (tests/support/test-site.ts). On PostgreSQL,
// each test site's schema is named under this run's prefix and dropped when the
// run ends, not by the test that made it: Kysely's migrator reads every
// schema's privileges by name, so a schema dropped while another test site
// migrates makes that migration fail ("schema … does not exist").
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startS3Server } from "./s3-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    s3Endpoint: string;
    /** The start of every PostgreSQL schema this run makes (test_<pid>_<time>). */
    pgSchemaPrefix: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startS3Server({ directory: path.join(tmpdir(), `artist-site-s3-${process.pid}`) });
  const schemaPrefix = `test_${process.pid}_${Date.now().toString(36)}`;
  project.provide("s3Endpoint", server.endpoint);
  project.provide("pgSchemaPrefix", schemaPrefix);
  return async () => {
    await server.close();
    await dropSchemasOfThisRun(schemaPrefix);
  };
}

async function dropSchemasOfThisRun(prefix: string): Promise<void> {
  const connectionString = process.env.TEST_DATABASE_URL;
  if (!connectionString) return;
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>("select nspname as name from pg_namespace where starts_with(nspname, $1)", [
      `${prefix}_`,
    ]);
    for (const { name } of rows) await client.query(`drop schema "${name}" cascade`);
  } finally {
    await client.end();
  }
}
