// Where the browser tests' servers run, on which stack; shared by
// playwright.config.ts, the specs, the CLI helpers and the reset script.
//
// E2E_STACK=embedded (default): SQLite file and uploads under E2E_DATA_DIR.
// E2E_STACK=scale: PostgreSQL (database artist_site_e2e next to TEST_DATABASE_URL's),
// an S3 bucket on a loopback s3rver, and Redis (TEST_REDIS_URL) under the e2e: prefix.
export type E2eStack = "embedded" | "scale";
export const E2E_STACK: E2eStack = process.env.E2E_STACK === "scale" ? "scale" : "embedded";

// E2E_INSTANCE=N (0 when unset) moves every port by 100·N and gives the data
// folders, database and Redis keys names of their own, so two runs on one
// machine (even in one checkout, sharing its build) do not meet.
const INSTANCE = Number.parseInt(process.env.E2E_INSTANCE ?? "0", 10) || 0;
const port = (base: number) => base + 100 * INSTANCE;
const suffix = INSTANCE === 0 ? "" : `_${INSTANCE}`;

export const E2E_PORT = port(3107);
export const E2E_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = `.tmp/e2e-data${suffix}`;
/** Extra app processes some specs start beside the main one (setup, multi-process, crash). */
export const E2E_EXTRA_PORTS = {
  setup: port(3108),
  processA: port(3108),
  processB: port(3109),
  crash: port(3111),
  mailA: port(3112),
  mailB: port(3113),
  workers: port(3114),
} as const;
/** The SMTP server the mail specs start, which their app processes send to. */
export const E2E_SMTP_PORT = port(3125);

export const E2E_S3_PORT = port(3190);
export const E2E_S3_DIR = `.tmp/e2e-s3${suffix}`;
export const E2E_BUCKET = "e2e-media";
export const E2E_REDIS_PREFIX = `e2e${suffix}:`;
const E2E_DATABASE = `artist_site_e2e${suffix}`;

/** The PostgreSQL server the scale stack uses, and the e2e database on it. */
export function e2ePostgres(): { adminUrl: string; databaseUrl: string; database: string } {
  const adminUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
  const url = new URL(adminUrl);
  url.pathname = `/${E2E_DATABASE}`;
  url.searchParams.delete("options");
  return { adminUrl, databaseUrl: url.toString(), database: E2E_DATABASE };
}

export const e2eRedisUrl = () => process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379/15";

/**
 * The environment of an app process (the e2e server, a second or third one,
 * the admin CLI) on the e2e stack. Every process gets the same secret, as a
 * real multi-process deployment must.
 */
export function e2eAppEnv(port = E2E_PORT): Record<string, string> {
  const common = {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: E2E_DATA_DIR,
    PUBLIC_URL: E2E_URL,
    AUTH_SECRET: "e2e-secret-shared-by-every-process-of-the-site",
    // Tests pose as different clients through X-Forwarded-For (tests/e2e/support/fixtures.ts).
    TRUST_PROXY: "true",
  };
  if (E2E_STACK === "embedded") {
    return { ...common, DATABASE_URL: "", S3_BUCKET: "", REDIS_URL: "" };
  }
  return {
    ...common,
    DATABASE_URL: e2ePostgres().databaseUrl,
    S3_ENDPOINT: `http://127.0.0.1:${E2E_S3_PORT}`,
    S3_BUCKET: E2E_BUCKET,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    REDIS_URL: e2eRedisUrl(),
    REDIS_KEY_PREFIX: E2E_REDIS_PREFIX,
  };
}

/** The stacks `npm run test:e2e` runs: one if E2E_STACK names it, else both when PostgreSQL is at hand. */
export function e2eStacksToRun(env: NodeJS.ProcessEnv = process.env): E2eStack[] {
  if (env.E2E_STACK === "embedded" || env.E2E_STACK === "scale") return [env.E2E_STACK];
  return env.TEST_DATABASE_URL ? ["embedded", "scale"] : ["embedded"];
}
