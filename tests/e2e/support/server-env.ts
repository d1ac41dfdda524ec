// Where the browser tests' servers run, on which stack; shared by
// playwright.config.ts, the specs, the CLI helpers and the reset script.
//
// E2E_STACK=embedded (default): SQLite file and uploads under E2E_DATA_DIR.
// E2E_STACK=scale: PostgreSQL (database artist_site_e2e next to TEST_DATABASE_URL's),
// an S3 bucket on a loopback s3rver, and Redis (TEST_REDIS_URL) under the e2e: prefix.
export type E2eStack = "embedded" | "scale";
export const E2E_STACK: E2eStack = process.env.E2E_STACK === "scale" ? "scale" : "embedded";

// E2E_INSTANCE=N (0 when unset) moves every port by 1000·N and gives the data
// folders, database and Redis keys names of their own, so two runs on one
// machine (even in one checkout, sharing its build) do not meet.
const INSTANCE = Number.parseInt(process.env.E2E_INSTANCE ?? "0", 10) || 0;

/**
 * Playwright's workers run in parallel, each against a site of its own (port,
 * data folder, database, bucket, Redis prefix), so no test meets another's
 * data or load. E2E_WORKERS sets how many (2 on CI, else 1).
 */
export const E2E_WORKERS = Number.parseInt(process.env.E2E_WORKERS ?? "", 10) || (process.env.CI ? 2 : 1);
/**
 * The worker this process belongs to: Playwright's parallel index in a worker,
 * E2E_WORKER for a server started for one, 0 elsewhere.
 */
const WORKER = Number.parseInt(process.env.E2E_WORKER ?? process.env.TEST_PARALLEL_INDEX ?? "0", 10) || 0;

/** Where one worker's site lives. */
export function e2eSite(worker: number) {
  const port = (base: number) => base + 1000 * INSTANCE + 100 * worker;
  const suffix = (INSTANCE === 0 ? "" : `_${INSTANCE}`) + (worker === 0 ? "" : `_w${worker}`);
  return {
    port: port(3107),
    url: `http://localhost:${port(3107)}`,
    dataDir: `.tmp/e2e-data${suffix}`,
    /** Extra app processes some specs start beside the main one (setup, multi-process, crash). */
    extraPorts: {
      setup: port(3108),
      processA: port(3108),
      processB: port(3109),
      crash: port(3111),
      mailA: port(3112),
      mailB: port(3113),
      workers: port(3114),
      botChecked: port(3115),
      publicBucket: port(3116),
    },
    /** The SMTP server the mail specs start, which their app processes send to. */
    smtpPort: port(3125),
    bucket: `e2e-media${suffix.replaceAll("_", "-")}`,
    redisPrefix: `e2e${suffix}:`,
    database: `artist_site_e2e${suffix}`,
  };
}

const SITE = e2eSite(WORKER);
export const E2E_PORT = SITE.port;
export const E2E_URL = SITE.url;
export const E2E_DATA_DIR = SITE.dataDir;
export const E2E_EXTRA_PORTS = SITE.extraPorts;
export const E2E_SMTP_PORT = SITE.smtpPort;
export const E2E_REDIS_PREFIX = SITE.redisPrefix;

/** The scale stack's one S3-compatible server, holding every worker's bucket. */
export const E2E_S3_PORT = 3190 + 1000 * INSTANCE;
export const E2E_S3_DIR = `.tmp/e2e-s3${INSTANCE === 0 ? "" : `_${INSTANCE}`}`;

/** The PostgreSQL server the scale stack uses, and the e2e database on it. */
export function e2ePostgres(database = SITE.database): { adminUrl: string; databaseUrl: string; database: string } {
  const adminUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  url.searchParams.delete("options");
  return { adminUrl, databaseUrl: url.toString(), database };
}

export const e2eRedisUrl = () => process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379/15";

/**
 * The environment of an app process (the e2e server, a second or third one,
 * the admin CLI) on the e2e stack. Every process gets the same secret, as a
 * real multi-process deployment must.
 */
export function e2eAppEnv(port = E2E_PORT, site = SITE): Record<string, string> {
  const common = {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: site.dataDir,
    PUBLIC_URL: site.url,
    AUTH_SECRET: "e2e-secret-shared-by-every-process-of-the-site",
    // Tests pose as different clients through X-Forwarded-For (tests/e2e/support/fixtures.ts).
    TRUST_PROXY: "true",
    // A test that is not about the bot checks need not sit out a person's time to fill a form; the
    // ones that are use a process that keeps it (tests/e2e/support/bot-checked.ts).
    FORM_MIN_FILL_MS: "0",
  };
  if (E2E_STACK === "embedded") {
    return { ...common, DATABASE_URL: "", S3_BUCKET: "", REDIS_URL: "" };
  }
  return {
    ...common,
    DATABASE_URL: e2ePostgres(site.database).databaseUrl,
    S3_ENDPOINT: `http://127.0.0.1:${E2E_S3_PORT}`,
    S3_BUCKET: site.bucket,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    REDIS_URL: e2eRedisUrl(),
    REDIS_KEY_PREFIX: site.redisPrefix,
  };
}

/** The stacks `npm run test:e2e` runs: one if E2E_STACK names it, else both when PostgreSQL is at hand. */
export function e2eStacksToRun(env: NodeJS.ProcessEnv = process.env): E2eStack[] {
  if (env.E2E_STACK === "embedded" || env.E2E_STACK === "scale") return [env.E2E_STACK];
  return env.TEST_DATABASE_URL ? ["embedded", "scale"] : ["embedded"];
}
