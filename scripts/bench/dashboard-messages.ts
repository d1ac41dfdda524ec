// Dashboard benchmark: a fresh site with 100,000 contact messages and 10,000
// songs, served by the production build, signed in as an admin; times the
// dashboard page against a static file, request after request.
//
//   npx node scripts/bench/dashboard-messages.ts [--messages N] [--songs N] [--requests N] [--warmup N]
//
// Runs on the embedded SQLite in a temporary DATA_DIR, which it removes at the end.
// Builds first when the build is missing or older than the sources (as `npm start` does). Exits 1 when the
// dashboard's median is 300 ms or more.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Transaction } from "kysely";
import { createAdmin } from "#app/features/auth/admins.server.ts";
import { ensureBuild, freePort, startServer, stopChild, waitUntilHealthy } from "#scripts/lib/demo-site.ts";
import type { Database } from "#app/lib/db/db-schema.ts";
import { loadEnv } from "#app/lib/platform/env.server.ts";
import { createServices } from "#app/services.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { dashboardPath, siteConfig } from "#app/domain/site/site-config.server.ts";
import { insertSingles } from "#app/domain/song-rows.server.ts";

const TARGET_P50_MS = 300;
const STATIC_PATH = "/favicon.svg";

const { values: args } = parseArgs({
  options: {
    messages: { type: "string", default: "100000" },
    songs: { type: "string", default: "10000" },
    requests: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    // For `npm run bench`: the figures as JSON in this file.
    "json-out": { type: "string" },
  },
});
function count(name: keyof typeof args, min: number): number {
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min}`);
    process.exit(2);
  }
  return n;
}
const options = {
  messages: count("messages", 0),
  songs: count("songs", 0),
  requests: count("requests", 1),
  warmup: count("warmup", 0),
};

// ---- helpers ---------------------------------------------------------------

const fmt = (n: number) => n.toLocaleString("en-US");
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: samples.reduce((sum, v) => sum + v, 0) / samples.length,
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  };
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

// ---- seeding ---------------------------------------------------------------

const WORDS =
  "hello love your music saw you live last night booking inquiry for our festival next summer would you play a wedding " +
  "collaboration idea podcast interview the new single made my week lyrics meant so much thank you from far away";
const words = WORDS.split(" ");

function sentence(i: number): string {
  const length = 12 + (i % 60);
  const out: string[] = [];
  for (let w = 0; w < length; w++) out.push(words[(i * 7 + w * 13) % words.length] ?? "la");
  return out.join(" ");
}

async function insertInBatches<T>(
  services: Services,
  total: number,
  rowsPerStatement: number,
  make: (i: number) => T,
  insert: (trx: Transaction<Database>, rows: T[]) => Promise<unknown>,
) {
  const rowsPerTransaction = 20_000;
  for (let start = 0; start < total; start += rowsPerTransaction) {
    const end = Math.min(total, start + rowsPerTransaction);
    await services.db.transaction().execute(async (trx) => {
      for (let i = start; i < end; i += rowsPerStatement) {
        const rows: T[] = [];
        for (let j = i; j < Math.min(end, i + rowsPerStatement); j++) rows.push(make(j));
        await insert(trx, rows);
      }
    });
  }
}

async function seed(services: Services, now: number) {
  // Three messages a minute, going back in time: equal timestamps on purpose, as the keyset must handle them.
  await insertInBatches(
    services,
    options.messages,
    1000,
    (i) => ({
      id: randomUUID(),
      name: i % 5 === 0 ? null : `Visitor ${i}`,
      email: i % 4 === 0 ? null : `visitor${i}@example.com`,
      message: `${sentence(i)}${i % 9 === 0 ? `\n\n${sentence(i + 1)}` : ""}`,
      timestamp: now - Math.floor(i / 3) * 60_000,
      source: "website",
      status: i % 10 === 0 ? ("unread" as const) : ("read" as const),
    }),
    (trx, rows) => trx.insertInto("contacts").values(rows).execute(),
  );
  const stamp = String(now - 86_400_000);
  await insertInBatches(
    services,
    options.songs,
    1000,
    (i) => ({
      id: randomUUID(),
      title: `Bench Song ${i + 1}`,
      artist: siteConfig.artist.name,
      // Keys the storage layer accepts; the files need not exist for the page to render.
      audioKey: `music/${stamp}_bench-song-${i + 1}.mp3`,
      coverKey: `covers/${stamp}_bench-song-${i + 1}.jpg`,
      isLatest: i === 0 ? 1 : 0,
      durationMs: 120_000 + (i % 120) * 1000,
      createdAt: now - i * 60_000,
      updatedAt: now - i * 60_000,
    }),
    (trx, rows) => insertSingles(trx, rows),
  );
}

// ---- the server --------------------------------------------------------------

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.text();
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${body}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error("Sign-in gave no session cookie");
  return cookie;
}

async function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(url, { headers, redirect: "manual" });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

// ---- run ---------------------------------------------------------------------

const tmp = mkdtempSync(path.join(tmpdir(), "artist-bench-"));
const dataDir = path.join(tmp, "data");
let server: ReturnType<typeof startServer> | null = null;
let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  if (server) await stopChild(server.child);
  rmSync(tmp, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

try {
  // As `npm start` does: a build older than the sources would run old code (or old migrations).
  ensureBuild();

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const authSecret = randomBytes(32).toString("base64url");
  const siteEnv = {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    // The embedded SQLite, whatever the shell has configured.
    DATABASE_URL: "",
    AUTH_SECRET: authSecret,
    TRUST_PROXY: "false",
  } as const;

  const admin = { email: "bench-admin@example.com", password: randomBytes(18).toString("base64url"), name: "Bench Admin" };
  const [, seedMs] = await timed(async () => {
    const services = await createServices(loadEnv(siteEnv));
    try {
      await seed(services, Date.now());
      await createAdmin(services, admin);
    } finally {
      await services.close();
    }
  });
  console.log(`Seeded ${fmt(options.messages)} messages and ${fmt(options.songs)} songs in ${(seedMs / 1000).toFixed(1)} s (${dataDir})`);

  server = startServer({ ...process.env, ...siteEnv });
  await waitUntilHealthy(baseUrl, server.child, server.output);
  const cookie = await signIn(baseUrl, admin.email, admin.password);

  const dashboardUrl = `${baseUrl}${dashboardPath}`;
  const staticUrl = `${baseUrl}${STATIC_PATH}`;
  // What a browser sends; compression is part of the cost of a page.
  const headers = { Cookie: cookie, "Accept-Encoding": "gzip, deflate, br" };

  const first = await get(dashboardUrl, headers);
  if (first.status !== 200) {
    throw new Error(`${dashboardPath} answered ${first.status}, not 200: is the admin signed in?\n${server.output()}`);
  }
  const html = first.body.toString("utf8");
  const rendersPanel = html.includes("Contact Messages");
  const staticFirst = await get(staticUrl, headers);
  if (staticFirst.status !== 200) throw new Error(`${STATIC_PATH} answered ${staticFirst.status}`);

  const samples = { dashboard: [] as number[], static: [] as number[] };
  let dashboardBytes = 0;
  let staticBytes = 0;
  // Alternating, so both see the same machine conditions.
  for (let i = 0; i < options.warmup + options.requests; i++) {
    const [page, pageMs] = await timed(() => get(dashboardUrl, headers));
    const [file, fileMs] = await timed(() => get(staticUrl, headers));
    if (page.status !== 200 || file.status !== 200) throw new Error(`Request ${i + 1}: ${page.status} / ${file.status}`);
    if (i < options.warmup) continue;
    samples.dashboard.push(pageMs);
    samples.static.push(fileMs);
    dashboardBytes = page.body.length;
    staticBytes = file.body.length;
  }

  const d = summarise(samples.dashboard);
  const s = summarise(samples.static);
  const rows: [string, ReturnType<typeof summarise>, number][] = [
    [dashboardPath, d, dashboardBytes],
    [STATIC_PATH, s, staticBytes],
  ];
  const col = (text: string, width: number) => text.padStart(width);
  const nameWidth = Math.max(28, dashboardPath.length + 2);
  console.log(
    `\n${fmt(options.requests)} sequential requests each (after ${fmt(options.warmup)} warm-up), time to last byte, ` +
      `SQLite, ${fmt(options.messages)} messages, ${fmt(options.songs)} songs, Node ${process.versions.node}\n`,
  );
  console.log(
    `${"".padEnd(nameWidth)}${col("p50", 11)}${col("p99", 11)}${col("mean", 11)}${col("min", 11)}${col("max", 11)}${col("bytes", 13)}`,
  );
  for (const [name, stats, bytes] of rows) {
    console.log(
      `${name.padEnd(nameWidth)}${col(ms(stats.p50), 11)}${col(ms(stats.p99), 11)}${col(ms(stats.mean), 11)}${col(ms(stats.min), 11)}${col(ms(stats.max), 11)}${col(fmt(bytes), 13)}`,
    );
  }
  const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;
  console.log(
    `${"ratio (dashboard / static)".padEnd(nameWidth)}${col(ratio(d.p50, s.p50), 11)}${col(ratio(d.p99, s.p99), 11)}${col(ratio(d.mean, s.mean), 11)}`,
  );
  const jsonOut = args["json-out"];
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ dashboard: d, static: s, messages: options.messages, songs: options.songs }));
  const pass = d.p50 < TARGET_P50_MS;
  console.log(`\nDashboard p50 < ${TARGET_P50_MS} ms: ${pass ? "yes" : "NO"} (${ms(d.p50)})`);
  console.log(`Dashboard renders the Contact Messages panel: ${rendersPanel ? "yes" : "no (not wired in yet)"}`);
  if (!pass) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
