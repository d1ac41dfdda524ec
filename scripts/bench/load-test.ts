// npm run bench:load: issue #8's load test. The production build on a fresh
// demo site takes a minute of mixed traffic at a fixed arrival rate on
// loopback, and must answer every request right:
//
//   npm run bench:load [-- --seconds 60] [-- --rate 300] [-- --skip-reference] [-- --json-out file] [-- --trace-out file]
//
// - page views of /, /music, /bio, /contact and the songs' share pages, mostly
//   anonymous (served by the page cache), some with a tracking query or a stale
//   session cookie (rendered fresh), some client-side navigations (.data);
// - 64 KB ranges of the songs' audio at random offsets (206, the exact bytes);
// - contact messages, each simulated fan under the per-address limit (the site
//   trusts X-Forwarded-For, as behind a reverse proxy), every one answered 200
//   and then found in the database.
// The mix is in load-mix.ts.
//
// An error is a connection error, no whole answer within 10 s, an unexpected
// status, a short or wrong body, or an answered message missing from the
// database. Then the same schedule of pages and ranges goes to nginx serving
// the same bytes: the machine is shared, and latencies only mean something next
// to a reference. Exits 1 on any error, or when less than 90% of the target
// rate was answered. --trace-out writes the run second by second (answers,
// worst latency, the server's CPU and its wait for one), for finding stalls.
import http from "node:http";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadEnv } from "#app/lib/platform/env.server.ts";
import { createServices } from "#app/services.server.ts";
import { freePort, startDemoSite, type DemoSite } from "#scripts/lib/demo-site.ts";
import { runOpenLoad, send, type LoadResult } from "./load-generator.ts";
import { selectSongs } from "#app/domain/song-rows.server.ts";
import { trackPath } from "#app/domain/public-paths.ts";
import { checkPage, MESSAGE_TAG_PATTERN, mixOf, PAGE_HEADERS, TIMEOUT_MS, type MixContext, type Song } from "./load-mix.ts";
import { buildReport, printReport, secondBySecond } from "./load-report.ts";
import { memoryOf, watchProcess } from "./process-watch.ts";
import { ensureReferenceTools, startNginx } from "./reference-tools.ts";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    rate: { type: "string", default: "300" },
    seed: { type: "string", default: "8" },
    "skip-reference": { type: "boolean", default: false },
    // For `npm run bench`: the figures as JSON in this file.
    "json-out": { type: "string" },
    "trace-out": { type: "string" },
  },
});
function positive(name: "seconds" | "rate" | "seed"): number {
  const n = Number(args[name]);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`--${name} must be a positive number`);
    process.exit(2);
  }
  return n;
}
const SECONDS = positive("seconds");
const RATE = positive("rate");
const SEED = positive("seed");
const log = (line: string) => console.error(line);

const progress = (sent: number, open: number) => {
  // About every ten seconds.
  if (sent % Math.round(RATE * 10) < RATE) log(`  ${sent} requests sent, ${open} open`);
};

async function songsOf(site: DemoSite): Promise<Song[]> {
  const services = await createServices(loadEnv(site.env));
  try {
    const rows = await selectSongs(services.db).orderBy("createdAt").execute();
    return rows.map((row) => ({
      id: row.id,
      page: row.releaseSlug ? trackPath(row.releaseSlug, row.slug) : `/music/${row.id}`,
      url: `/media/${row.audioKey}`,
      bytes: readFileSync(path.join(site.dataDir, "uploads", row.audioKey)),
    }));
  } finally {
    await services.close();
  }
}

/** The numbers of this run's messages in the site's database, read through the app's own driver. */
async function storedMessages(site: DemoSite, runId: string): Promise<number[]> {
  const services = await createServices(loadEnv(site.env));
  try {
    const rows = await services.db.selectFrom("contacts").select("message").where("message", "like", `%[load ${runId} #%`).execute();
    return rows.map((row) => Number(MESSAGE_TAG_PATTERN.exec(row.message)?.[1] ?? -1));
  } finally {
    await services.close();
  }
}

async function main() {
  const tools = args["skip-reference"] ? null : ensureReferenceTools(log);
  const site = await startDemoSite(log, { trustProxy: true });
  // Node's agent shortens its idle timeout to the server's Keep-Alive hint less a second, as a browser
  // drops a connection before the server does, but only when it has one of its own to shorten
  // (without one, idle connections are kept until the server closes them, and a request sent as it
  // does fails with ECONNRESET). Longer than the per-request limit, so it never cuts a request short.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 30_000 });
  try {
    const songs = await songsOf(site);
    if (songs.length === 0) throw new Error("The demo site has no songs");
    const pages = ["/", "/music", "/bio", "/contact", ...songs.map((song) => song.page)];
    const navigations = ["/music.data", "/bio.data", "/contact.data"];

    // Every page once, to check it and warm the cache; these are also the bytes nginx serves.
    const files = new Map<string, Buffer>();
    for (const page of [...pages, ...navigations]) {
      const reply = await send(new URL(page, site.baseUrl), {
        agent,
        headers: { ...PAGE_HEADERS, "accept-encoding": "identity" },
        timeoutMs: TIMEOUT_MS,
      });
      checkPage(reply, page);
      // /music is also the folder of the share pages, so its own page is its index.
      files.set(page === "/music" ? "/music/" : page, reply.body);
    }
    for (const song of songs) files.set(song.url, song.bytes);

    const runId = randomBytes(6).toString("hex");
    const answered = new Set<number>();
    const plan = (target: MixContext["target"]) =>
      mixOf({ target, agent, seed: SEED, songs, pages, navigations, runId, authSecret: String(site.env.AUTH_SECRET), answered });

    log(`Load: ${SECONDS} s at ${RATE} req/s against our server (fresh demo site, TRUST_PROXY=true)...`);
    const watch = watchProcess(site.pid);
    const ours = await runOpenLoad({ rate: RATE, seconds: SECONDS, job: plan({ baseUrl: site.baseUrl, ours: true }), progress }).catch(
      (error: unknown) => {
        watch.stop();
        throw error;
      },
    );
    const samples = watch.stop();
    const peakRss = memoryOf(site.pid, "VmHWM");

    // Every message answered 200 must be in the database, once.
    const stored = await storedMessages(site, runId);
    const storedSet = new Set(stored);
    const missing = [...answered].filter((n) => !storedSet.has(n)).length;
    const duplicates = stored.length - storedSet.size;
    const contactStats = ours.kinds.get("contact post");
    if (contactStats) contactStats.errors += missing + duplicates;
    if (missing > 0) ours.errors.set("contact post: answered 200 but not in the database", missing);
    if (duplicates > 0) ours.errors.set("contact post: stored more than once", duplicates);

    let reference: LoadResult | null = null;
    if (tools) {
      const nginx = await startNginx(tools.nginx, await freePort(), files);
      try {
        log(`Reference: the same schedule of pages and ranges (no contact posts) against nginx, ${SECONDS} s...`);
        reference = await runOpenLoad({ rate: RATE, seconds: SECONDS, job: plan({ baseUrl: nginx.baseUrl, ours: false }), progress });
      } finally {
        await nginx.stop();
      }
    }

    const report = buildReport({
      seconds: SECONDS,
      rate: RATE,
      ours,
      reference,
      samples,
      peakRss,
      contacts: { answered: answered.size, stored: stored.length, missing, duplicates },
    });
    printReport(report);
    if (args["json-out"]) writeFileSync(args["json-out"], JSON.stringify(report, null, 2));
    if (args["trace-out"]) writeFileSync(args["trace-out"], JSON.stringify(secondBySecond(ours, samples), null, 1));
    if (!report.pass) {
      const said = site
        .output()
        .split("\n")
        .filter((line) => /error|fail|dropped|warn/i.test(line));
      if (said.length > 0) log(`The server said (its last such lines):\n${said.slice(-20).join("\n")}`);
      process.exitCode = 1;
    }
  } finally {
    agent.destroy();
    await site.stop();
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
