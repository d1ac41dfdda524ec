// npm run bench: the performance figures of issue #7, each against a reference
// measured in the same run on the same machine (machines differ; ratios travel).
//
//   npm run bench [-- --seconds 8] [-- --skip-dashboard] [-- --skip-load] [-- --load-seconds 60] [-- --load-rate 300]
//                 [-- --skip-audio] [-- --audio-master-mb 2048]
//
// - anonymous pages / and /music: requests per second against nginx serving the same HTML bytes;
// - audio: whole-file downloads and 64 KB range requests against nginx with sendfile;
// - a 50 MB upload: the server's peak RSS growth, and its time against a plain streamed copy;
// - cold start of the embedded default to the first 200 on /, against a bare Node HTTP server;
// - a minute of mixed traffic at 300 req/s with zero errors, against nginx on the same schedule (scripts/bench/load-test.ts);
// - the dashboard with 10,000 songs and 100,000 messages (scripts/bench/dashboard-messages.ts);
// - JavaScript loaded by a first visit (scripts/bench/js-weight.ts);
// - tap to sound: a slow phone taps Play the moment it shows, against a bare page playing the same file from nginx
//   (scripts/bench/tap-to-sound.ts);
// - streaming renditions (issue #34): transcode speed on one core against ffmpeg decoding the same master to
//   nothing, the bytes a fan downloads per minute against the WAV master, and the peak memory of the process
//   and of ffmpeg while a 2 GB upload is transcoded (scripts/bench/audio-renditions.ts; needs that much free in
//   the temporary folder).
//
// Progress goes to stderr, the table to stdout. Results are in docs/performance.md.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import http from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { freePort, projectRoot, startDemoSite, startServer, stopChild, waitUntilHealthy, type DemoSite } from "#scripts/lib/demo-site.ts";
import { benchAudioRenditions } from "./audio-renditions.ts";
import { measureJavaScript } from "./js-weight.ts";
import { bareTapPage, measureTapToSound, SLOW_PHONE } from "./tap-to-sound.ts";
import { printTable, type Row } from "./table.ts";
import type { LoadReport } from "./load-report.ts";
import { compareWrk, ensureReferenceTools, startBareNode, startNginx, type WrkResult } from "./reference-tools.ts";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "8" },
    "skip-dashboard": { type: "boolean", default: false },
    "skip-load": { type: "boolean", default: false },
    "skip-audio": { type: "boolean", default: false },
    // The large upload whose transcoding's memory is measured; issue #34 asks for 2 GB.
    "audio-master-mb": { type: "string", default: "2048" },
    // The load test's own length and rate: issue #8 asks for a minute at a few hundred requests per second.
    "load-seconds": { type: "string", default: "60" },
    "load-rate": { type: "string", default: "300" },
  },
});
const SECONDS = Math.max(2, Number(args.seconds) || 8);
const log = (line: string) => console.error(line);

const rows: Row[] = [];
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MB`;
const kb = (bytes: number) => `${fmt(bytes / 1000, 1)} kB`;

function throughputRow(measure: string, ours: WrkResult, nginx: WrkResult, target: number, unit: "req/s" | "MB/s") {
  const value = (r: WrkResult) => (unit === "req/s" ? r.requestsPerSecond : r.bytesPerSecond / 1024 / 1024);
  const ratio = value(ours) / value(nginx);
  const errors = ours.errors + nginx.errors;
  rows.push({
    measure,
    ours: `${fmt(value(ours), unit === "MB/s" ? 1 : 0)} ${unit} (p99 ${fmt(ours.p99Ms, 1)} ms)`,
    reference: `nginx ${fmt(value(nginx), unit === "MB/s" ? 1 : 0)} ${unit}`,
    ratio: `${fmt(ratio, 2)}${errors ? ` (${errors} errors!)` : ""}`,
    target: `≥ ${target}`,
    met: errors === 0 && ratio >= target,
  });
}

/** Our server and a reference, alternately and twice each, for SECONDS each (compareWrk). */
function compare(oursUrl: string, referenceUrl: string, wrk: string, headers?: Record<string, string>) {
  const { ours, reference } = compareWrk(wrk, oursUrl, referenceUrl, { seconds: SECONDS, headers });
  return { ours, nginx: reference };
}

/** The first stored variant of `folder` with `suffix` (a cover or photo variant the demo made). */
function storedVariant(site: DemoSite, folder: string, suffix: string): string | undefined {
  const names = readdirSync(path.join(site.dataDir, "uploads", folder)).filter((name) => name.endsWith(suffix));
  return names[0] ? `${folder}/${names[0]}` : undefined;
}

async function benchServing(site: DemoSite, tools: { nginx: string; wrk: string }) {
  const files = new Map<string, Buffer>();
  const pages = ["/", "/music", "/shows"];
  const nginxPath = (page: string, br = false) => `${br ? "/br" : ""}${page === "/" ? "/" : `${page}/`}`;
  for (const page of pages) {
    for (const br of [false, true]) {
      const response = await fetch(`${site.baseUrl}${page}`, { headers: { "accept-encoding": br ? "br" : "identity" } });
      files.set(nginxPath(page, br), Buffer.from(await response.arrayBuffer()));
    }
  }
  // A song-sized file (an 8 MB WAV is about 48 s; an MP3 of that size about 5 minutes),
  // stored where the site keeps uploads, so /media serves it like any song.
  const audioName = `${Date.now()}_bench-song.wav`;
  await writeWav(path.join(site.dataDir, "uploads", "music", audioName), 8 * 1024 * 1024);
  const audioPath = `/media/music/${audioName}`;
  // A song's that is out: the media path serves audio only then (issue #30), so one of the demo's takes it.
  const database = new DatabaseSync(path.join(site.dataDir, "site.db"));
  try {
    database
      .prepare(`update songs set "audioKey" = ? where id = (select id from songs where released = 1 order by id limit 1)`)
      .run(`music/${audioName}`);
  } finally {
    database.close();
  }
  const audio = readFileSync(path.join(site.dataDir, "uploads", "music", audioName));
  files.set(audioPath, audio);
  const images = [
    ["cover variant (384 px WebP)", storedVariant(site, "covers", ".w384.webp"), "image/webp"],
    ["photo variant (960 px AVIF)", storedVariant(site, "photos", ".w960.avif"), "image/avif"],
  ] as const;
  for (const [, key] of images) if (key) files.set(`/media/${key}`, readFileSync(path.join(site.dataDir, "uploads", key)));
  const nginx = await startNginx(tools.nginx, await freePort(), files);
  try {
    for (const page of pages) {
      for (const br of [false, true]) {
        const bytes = files.get(nginxPath(page, br))?.length ?? 0;
        log(`Pages: ${page}${br ? " as brotli" : ""} (${kb(bytes)}), ${SECONDS} s × 2 each...`);
        const headers = br ? { "accept-encoding": "br" } : undefined;
        const { ours, nginx: reference } = compare(`${site.baseUrl}${page}`, `${nginx.baseUrl}${nginxPath(page, br)}`, tools.wrk, headers);
        throughputRow(`cached page ${page}${br ? ", Accept-Encoding: br" : ""} (${kb(bytes)})`, ours, reference, 0.5, "req/s");
      }
    }
    // Node's own ceiling for the same bytes, for the rows above that miss.
    const body = `const body = require("node:fs").readFileSync(${JSON.stringify(path.join(nginx.root, "index.html"))});`;
    const bare = await startBareNode(
      `(q, s) => { s.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length }); s.end(body); }`,
      { preamble: body },
    );
    try {
      log("Pages: / from a bare Node http server, for Node's ceiling...");
      const { ours, nginx: reference } = compare(bare.url, `${nginx.baseUrl}/`, tools.wrk);
      throughputRow(`(reference) bare Node http.createServer, / bytes`, ours, reference, 0, "req/s");
      rows[rows.length - 1]!.target = "";
      rows[rows.length - 1]!.met = null;
    } finally {
      await bare.stop();
    }

    log(`Audio: whole ${mb(audio.length)} file, and 64 KB ranges...`);
    const whole = compare(`${site.baseUrl}${audioPath}`, `${nginx.baseUrl}${audioPath}`, tools.wrk);
    throughputRow(`audio, whole file (${mb(audio.length)})`, whole.ours, whole.nginx, 0.8, "MB/s");
    const start = Math.floor(audio.length / 3);
    const range = { range: `bytes=${start}-${start + 65535}` };
    const ranged = compare(`${site.baseUrl}${audioPath}`, `${nginx.baseUrl}${audioPath}`, tools.wrk, range);
    throughputRow("audio, 206 range of 64 KB", ranged.ours, ranged.nginx, 0.5, "req/s");

    for (const [label, key, type] of images) {
      if (!key) continue;
      const url = `${site.baseUrl}/media/${key}`;
      // A fresh connection: one kept from minutes ago may be closing just as it is reused.
      const head = await fetch(url, { headers: { connection: "close" } });
      await head.arrayBuffer();
      const headersRight =
        head.headers.get("content-type") === type &&
        /immutable/.test(head.headers.get("cache-control") ?? "") &&
        !/accept-encoding/i.test(head.headers.get("vary") ?? "");
      log(`Images: ${label}...`);
      const image = compare(url, `${nginx.baseUrl}/media/${key}`, tools.wrk);
      throughputRow(`${label}, ${kb(files.get(`/media/${key}`)?.length ?? 0)}`, image.ours, image.nginx, 0.5, "req/s");
      const row = rows[rows.length - 1]!;
      row.target += "; type, immutable, no Vary";
      row.met = row.met === true && headersRight;
      if (!headersRight) row.ours += ` (headers wrong: ${head.headers.get("content-type")}, ${head.headers.get("cache-control")})`;
    }
  } finally {
    await nginx.stop();
  }
  await benchEveryCore(site, tools, files, audioPath);
}

/**
 * WORKERS=auto (one serving process per core) against nginx with as many
 * workers, on the same data: what one machine gives when all of it serves.
 */
async function benchEveryCore(site: DemoSite, tools: { nginx: string; wrk: string }, files: Map<string, Buffer>, audioPath: string) {
  const cores = availableParallelism();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { child, output } = startServer({ ...site.env, PORT: String(port), PUBLIC_URL: baseUrl, WORKERS: "auto" });
  const nginx = await startNginx(tools.nginx, await freePort(), files, { workers: "auto" });
  try {
    await waitUntilHealthy(baseUrl, child, output);
    log(`Every core: WORKERS=auto (${cores} processes) against nginx with ${cores} workers...`);
    const page = compare(`${baseUrl}/`, `${nginx.baseUrl}/`, tools.wrk);
    throughputRow(`every core: cached page /, ${cores} workers each`, page.ours, page.nginx, 0.5, "req/s");
    const start = Math.floor((files.get(audioPath)?.length ?? 0) / 3);
    const ranged = compare(`${baseUrl}${audioPath}`, `${nginx.baseUrl}${audioPath}`, tools.wrk, {
      range: `bytes=${start}-${start + 65535}`,
    });
    throughputRow(`every core: 64 KB ranges, ${cores} workers each`, ranged.ours, ranged.nginx, 0.5, "req/s");
  } finally {
    await nginx.stop();
    await stopChild(child);
  }
}

/** A valid WAV header over `bytes` of silence: what the upload endpoint accepts as audio. */
function writeWav(file: string, bytes: number): Promise<void> {
  const header = Buffer.alloc(44);
  const dataBytes = bytes - 44;
  header.write("RIFF", 0);
  header.writeUInt32LE(bytes - 8, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(44_100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(dataBytes, 40);
  const chunk = Buffer.alloc(1024 * 1024);
  async function* body() {
    yield header;
    for (let left = dataBytes; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
  }
  return pipeline(body, createWriteStream(file));
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;

async function benchUpload(site: DemoSite) {
  const work = mkdtempSync(path.join(tmpdir(), "bench-upload-"));
  try {
    const size = 50 * 1024 * 1024;
    const file = path.join(work, "fifty.wav");
    await writeWav(file, size);
    const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
    const created = spawnSync(
      process.execPath,
      ["scripts/admin.ts", "create", "--email", email, "--password", "bench-password-1", "--name", "Bench"],
      {
        cwd: projectRoot,
        env: site.env,
        encoding: "utf8",
      },
    );
    if (created.status !== 0) throw new Error(`Could not create the benchmark admin: ${created.stderr}`);
    const signIn = await fetch(`${site.baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.baseUrl },
      body: JSON.stringify({ email, password: "bench-password-1" }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    if (!signIn.ok || !cookie) throw new Error(`Sign-in failed: ${signIn.status}`);

    // Three uploads; the worst counts, since garbage collection timing varies from run to run.
    let growth = 0;
    let baseline = 0;
    const times: number[] = [];
    for (let run = 1; run <= 3; run++) {
      log(`Upload ${run}/3: 50 MB through /api/uploads/audio, sampling the server's memory...`);
      const result = await uploadOnce(site, file, size, cookie);
      growth = Math.max(growth, result.growth);
      baseline = Math.max(baseline, result.baseline);
      times.push(result.ms);
    }
    const uploadMs = [...times].sort((a, b) => a - b)[1] ?? Number.NaN;

    const copyStarted = performance.now();
    const copy = path.join(work, "copy.wav");
    await pipeline(createReadStream(file), createWriteStream(copy));
    const handle = await open(copy, "r");
    await handle.sync();
    await handle.close();
    const copyMs = performance.now() - copyStarted;

    rows.push({
      measure: "50 MB upload: peak RSS growth (worst of 3)",
      ours: mb(growth),
      reference: `baseline RSS ${mb(baseline)}`,
      ratio: "",
      target: "< 64 MB",
      met: growth < 64 * 1024 * 1024,
    });
    rows.push({
      measure: "50 MB upload: time (median of 3)",
      ours: `${fmt(uploadMs)} ms`,
      reference: `streamed copy + fsync ${fmt(copyMs)} ms`,
      ratio: `${fmt(uploadMs / copyMs, 1)}× the copy`,
      target: "",
      met: null,
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function uploadOnce(site: DemoSite, file: string, size: number, cookie: string) {
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) {
    samples.push(rssOf(site.pid));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const baseline = samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(site.pid))), 5);
  const started = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const request = http.request(
      `${site.baseUrl}/api/uploads/audio?name=fifty.wav`,
      { method: "POST", headers: { cookie, origin: site.baseUrl, "content-type": "audio/wav", "content-length": String(size) } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    createReadStream(file).pipe(request);
  });
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(site.pid));
  if (status !== 201) throw new Error(`The upload answered ${status}`);
  return { baseline, growth: peak - baseline, ms };
}

/** Milliseconds from spawning `args` until GET `/` answers 200. */
async function timeToFirst200(args: string[], env: NodeJS.ProcessEnv, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: projectRoot, env, stdio: "ignore" });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.arrayBuffer().then(() => r.status === 200),
        () => false,
      );
      if (ok) return performance.now() - started;
      if (performance.now() - started > 30_000) throw new Error(`${args.join(" ")} did not answer within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

async function benchColdStart() {
  log("Cold start: the embedded default on an empty data folder, three times...");
  const ours: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < 3; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bench-cold-"));
    try {
      const port = await freePort();
      const env = {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        REDIS_URL: "",
        S3_BUCKET: "",
        AUTH_SECRET: "",
      };
      ours.push(await timeToFirst200(["server/index.ts"], env, port));
      const barePort = await freePort();
      bare.push(
        await timeToFirst200(
          ["-e", `require("node:http").createServer((q, s) => s.end("ok")).listen(${barePort}, "127.0.0.1")`],
          process.env,
          barePort,
        ),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? Number.NaN;
  rows.push({
    measure: "cold start to first 200 on / (median of 3)",
    ours: `${fmt(median(ours))} ms`,
    reference: `bare Node http server ${fmt(median(bare))} ms`,
    ratio: `${fmt(median(ours) / median(bare), 1)}×`,
    target: "< 1500 ms",
    met: median(ours) < 1500,
  });
}

async function benchDashboard() {
  log("Dashboard: seeding 10,000 songs and 100,000 messages (takes a minute)...");
  const out = path.join(mkdtempSync(path.join(tmpdir(), "bench-dashboard-")), "result.json");
  const child = spawn(process.execPath, ["scripts/bench/dashboard-messages.ts", "--requests", "100", "--json-out", out], {
    cwd: projectRoot,
    stdio: ["ignore", "ignore", "inherit"],
  });
  await new Promise((resolve) => child.once("exit", resolve));
  type Summary = { p50: number; p99: number };
  const result = JSON.parse(readFileSync(out, "utf8")) as { dashboard: Summary; static: Summary };
  rmSync(path.dirname(out), { recursive: true, force: true });
  rows.push({
    measure: "dashboard first render, 10k songs + 100k messages",
    ours: `p50 ${fmt(result.dashboard.p50, 1)} ms, p99 ${fmt(result.dashboard.p99, 1)} ms`,
    reference: `static file p50 ${fmt(result.static.p50, 2)} ms`,
    ratio: `${fmt(result.dashboard.p50 / result.static.p50, 1)}×`,
    target: "p50 < 300 ms",
    met: result.dashboard.p50 < 300,
  });
}

async function benchLoad() {
  const seconds = Number(args["load-seconds"]) || 60;
  const rate = Number(args["load-rate"]) || 300;
  log(`Load: ${seconds} s of mixed traffic at ${rate} req/s, then nginx on the same schedule...`);
  const out = path.join(mkdtempSync(path.join(tmpdir(), "bench-load-")), "result.json");
  try {
    const child = spawn(
      process.execPath,
      ["scripts/bench/load-test.ts", "--seconds", String(seconds), "--rate", String(rate), "--json-out", out],
      {
        cwd: projectRoot,
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    const code = await new Promise((resolve) => child.once("exit", resolve));
    if (!existsSync(out)) throw new Error(`scripts/bench/load-test.ts exited with ${code} and no figures`);
    const result = JSON.parse(readFileSync(out, "utf8")) as LoadReport;
    const total = result.total;
    const nginxOf = (kind: string) =>
      [...(result.reference?.kinds ?? []), ...(result.reference ? [result.reference.total] : [])].find((r) => r.kind === kind);
    rows.push({
      measure: `mixed load, ${fmt(seconds)} s at ${fmt(rate)} req/s: answered, errors`,
      ours: `${fmt(total.perSecond, 1)} req/s, ${fmt(result.errors)} errors`,
      reference: result.reference
        ? `nginx (pages, ranges) ${fmt(result.reference.total.perSecond, 1)} req/s, ${fmt(result.reference.errors)} errors`
        : "",
      ratio: "",
      target: `≥ ${fmt(rate * 0.9)} req/s, 0 errors`,
      met: result.pass,
    });
    for (const kind of [...result.kinds, total]) {
      const nginx = nginxOf(kind.kind);
      rows.push({
        measure: `mixed load: ${kind.kind} (${fmt(kind.perSecond, 1)}/s)`,
        ours: `p50 ${fmt(kind.p50, 1)} ms, p99 ${fmt(kind.p99, 1)} ms, max ${fmt(kind.max)} ms`,
        reference: nginx ? `nginx p50 ${fmt(nginx.p50, 2)} ms, p99 ${fmt(nginx.p99, 1)} ms` : "",
        ratio: nginx ? `p99 ${fmt(kind.p99 / nginx.p99, 1)}×` : "",
        target: "",
        met: null,
      });
    }
    rows.push({
      measure: "mixed load: contact posts answered 200 and stored",
      ours: `${fmt(result.contacts.stored)} stored of ${fmt(result.contacts.answered)} answered`,
      reference: "",
      ratio: "",
      target: "all",
      met: result.contacts.missing === 0 && result.contacts.duplicates === 0,
    });
    rows.push({
      measure: "mixed load: server peak RSS",
      ours: mb(result.rss.peak),
      reference: `before the load ${mb(result.rss.baseline)}`,
      ratio: "",
      target: "",
      met: null,
    });
    rows.push({
      measure: "mixed load: machine noise",
      ours: `server waited for a CPU ${fmt(result.serverCpu.mainThreadWaitPercent, 1)}% of the run`,
      reference: `generator start lag p99 ${fmt(result.generator.lagP99Ms, 1)} ms`,
      ratio: "",
      target: "",
      met: null,
    });
  } finally {
    rmSync(path.dirname(out), { recursive: true, force: true });
  }
}

async function benchJavaScript(site: DemoSite) {
  log("JavaScript: what a first visit loads...");
  // Issue #19: public pages no more than the 122 kB gzip they loaded before shows, embeds and photos; the embed far less.
  for (const page of await measureJavaScript({ baseUrl: site.baseUrl, pages: ["/", "/music", "/bio", "/shows", "/embed"] })) {
    const target = page.page === "/embed" ? 10_000 : 122_000;
    rows.push({
      measure: `JavaScript on first load of ${page.page} (${page.files} files)`,
      ours: `${kb(page.gzipBytes)} gzip, ${kb(page.brotliBytes)} brotli`,
      reference: `${kb(page.rawBytes)} raw`,
      ratio: "",
      target: `≤ ${kb(target)} gzip; no dashboard/login code`,
      met: page.forbidden.length === 0 && page.gzipBytes <= target,
    });
  }
}

async function benchTapToSound(site: DemoSite, tools: { nginx: string }) {
  log("Tap to sound: a slow phone taps Play as it appears, five times, against a bare page on nginx...");
  const page = "/";
  const nginx = await startNginx(tools.nginx, await freePort(), await bareTapPage(new URL(page, site.baseUrl).href));
  try {
    const [ours, bare] = await measureTapToSound([new URL(page, site.baseUrl).href, `${nginx.baseUrl}/`], 5);
    if (!ours || !bare) throw new Error("no runs");
    const ms = (value: number) => (Number.isFinite(value) ? `${fmt(value)} ms` : "never");
    const phone = `${SLOW_PHONE.downloadBitsPerSecond / 1e6} Mbit/s, ${SLOW_PHONE.latencyMs} ms, CPU ${SLOW_PHONE.cpuSlowdown}× slower`;
    rows.push({
      measure: `tap to sound on ${page}, first sight of Play (${phone}; median of 5)`,
      ours: `${ms(ours.medianMs)}; ${ours.played} of 5 first taps played, ${ours.beforeHydration} before hydration`,
      reference: `bare page on nginx ${ms(bare.medianMs)}`,
      ratio: Number.isFinite(ours.medianMs / bare.medianMs) ? `${fmt(ours.medianMs / bare.medianMs, 2)}×` : "",
      target: "< 1500 ms; every first tap plays",
      met: ours.played === ours.runs.length && ours.medianMs < 1500,
    });
  } finally {
    await nginx.stop();
  }
}

/** Runs one part; a part that fails is a row saying so, and the others still run. */
async function part(name: string, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
    rows.push({ measure: name, ours: `failed: ${reason}`, reference: "", ratio: "", target: "", met: false });
    process.exitCode = 1;
  }
}

const tools = ensureReferenceTools(log);
const site = await startDemoSite(log);
try {
  await part("pages and audio", () => benchServing(site, tools));
  await part("50 MB upload", () => benchUpload(site));
  await part("JavaScript", () => benchJavaScript(site));
  await part("tap to sound", () => benchTapToSound(site, tools));
} finally {
  await site.stop();
}
if (!args["skip-load"]) await part("mixed load", benchLoad);
await part("cold start", benchColdStart);
if (!args["skip-audio"]) {
  await part("streaming renditions", async () => {
    rows.push(...(await benchAudioRenditions({ masterMb: Number(args["audio-master-mb"]), log })));
  });
}
if (!args["skip-dashboard"]) await part("dashboard", benchDashboard);
printTable("npm run bench", rows);
