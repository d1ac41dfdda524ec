// npm run bench:beacon: issue #37's "counting never slows a page or a play",
// measured. The production build (WORKERS=1) on a fresh demo site, pinned to one
// CPU with taskset, the load generators (wrk, and an open-model generator in a
// child process) on the others:
//
//   npm run bench:beacon [-- --seconds 20] [-- --rate 2000] [-- --wrk-seconds 8] [-- --cpu-prof DIR]
//
// - the most beacons per second the endpoint answers (wrk POSTing view beacons
//   as a page sends them), against a bare Node http server on the same CPU
//   reading a body of the same size and answering 204: the runtime's ceiling;
// - 2,000 beacons per second for --seconds on a fixed schedule (arrivals do not
//   wait for answers): errors, latency, the server's CPU share from /proc, and
//   every beacon answered 204 found in the database once the counter has
//   written (the sum of the "view" counts in DATA_DIR's site.db); the same
//   schedule against the bare Node server for the latencies' reference;
// - the pages / and /music per second (wrk, as `npm run bench`) alone against
//   nginx serving the same bytes on the same CPU, then again while 2,000
//   beacons per second arrive.
//
// The site trusts X-Forwarded-For (TRUST_PROXY=true, as behind a reverse
// proxy), and the beacons come from many addresses to a mix of pages, referrers
// and campaigns, so visitor hashing and every counted metric do their work.
// --cpu-prof writes the measured server's CPU profile (node --cpu-prof) into DIR
// when it stops, for finding where a beacon's time goes.
// Progress goes to stderr, the table to stdout. Results are in docs/performance.md.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { BEACON_PATH, METRIC } from "#app/domain/counted.ts";
import { VISITOR_METRIC } from "#app/lib/numbers/daily-counter.server.ts";
import { allowedCpus, onCpus } from "#scripts/lib/cpu-pinning.ts";
import { freePort, projectRoot, startDemoSite, startServer, stopChild, waitUntilHealthy } from "#scripts/lib/demo-site.ts";
import { percentile, runOpenLoad, send } from "./load-generator.ts";
import { connect, type Socket } from "node:net";
import { sampleProcess, type ProcessSample } from "./process-watch.ts";
import { compareWrk, ensureReferenceTools, meanOfRuns, runWrk, startBareNode, startNginx, type WrkResult } from "./reference-tools.ts";
import { printTable, type Row } from "./table.ts";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "20" },
    rate: { type: "string", default: "2000" },
    "wrk-seconds": { type: "string", default: "8" },
    "cpu-prof": { type: "string" },
    // Internal: this file as the open-model generator, in a process of its own (wrk blocks the parent).
    generate: { type: "string" },
  },
});
const log = (line: string) => console.error(line);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** A browser's, which isbot lets through: the beacon counts only for one. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PAGES = ["/", "/music", "/bio", "/shows", "/music/paper-boats", "/music/night-drive/paper-boats"];
const REFERRERS = ["", "https://blog.example/a-review", "https://www.instagram.com/", "", "https://news.example.org/list?id=3"];
const CAMPAIGNS = ["", "utm_source=zine&utm_medium=print", "", "ref=newsletter"];

/** Beacon `i` of the mix, as a page sends it (sendBeacon: text/plain, the page's Origin), from fan `i % fans`. */
function viewBeacon(i: number, origin: string, fans: number): { body: string; headers: Record<string, string> } {
  const referrer = REFERRERS[i % REFERRERS.length];
  const campaign = CAMPAIGNS[i % CAMPAIGNS.length];
  const body = JSON.stringify({
    e: "view",
    p: PAGES[i % PAGES.length],
    ...(referrer ? { r: referrer } : {}),
    ...(campaign ? { q: campaign } : {}),
  });
  const fan = i % fans;
  return {
    body,
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      origin,
      "sec-fetch-site": "same-origin",
      "user-agent": BROWSER,
      "x-forwarded-for": `10.${(fan >> 16) & 255}.${(fan >> 8) & 255}.${fan & 255}`,
    },
  };
}

/** A wrk script sending `count` beacons of the mix in turn (made once, so wrk spends nothing per request). */
function wrkScript(origin: string, count: number): string {
  const requests = Array.from({ length: count }, (_, i) => {
    const { body, headers } = viewBeacon(i, origin, count);
    const fields = Object.entries(headers).map(([name, value]) => `[${JSON.stringify(name)}] = ${JSON.stringify(value)}`);
    return `  wrk.format("POST", ${JSON.stringify(BEACON_PATH)}, { ${fields.join(", ")} }, ${JSON.stringify(body)}),`;
  });
  return `local requests
local n = 0
init = function(args)
  requests = {
${requests.join("\n")}
  }
end
request = function()
  n = n % #requests + 1
  return requests[n]
end
`;
}

type Generated = {
  sent: number;
  answered: number;
  errors: number;
  errorKinds: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  lagP99Ms: number;
  cpuPercent: number;
  elapsedMs: number;
};

/**
 * Keep-alive connections to `target`, one request at a time each, for answers
 * without a body (a beacon's 204): a fraction of what Node's http client costs
 * a request, so the generator leaves the load CPU to wrk. Resolves with the
 * status; rejects on a connection error, on no answer within `timeoutMs`, and
 * on an answer with a body (then the connection is not reused).
 */
const MAX_CONNECTIONS = 256;

function bodilessClient(target: URL, timeoutMs: number) {
  const idle: Socket[] = [];
  const open = new Set<Socket>();
  /** Requests waiting for a connection, at MAX_CONNECTIONS open (as Node's agent with maxSockets). */
  const waiting: ((socket: Socket) => void)[] = [];
  const release = (socket: Socket) => {
    const next = waiting.shift();
    if (next) return next(socket);
    // Closed by us after a second unused, well before the server's keep-alive timeout (5 s) might close it as it is
    // reused: a burst's extra connections are not kept.
    socket.setTimeout(1000);
    idle.push(socket);
  };
  const newSocket = () => {
    const socket = connect(Number(target.port), target.hostname).setNoDelay(true);
    open.add(socket);
    socket.on("timeout", () => socket.destroy());
    // A reset while idle: the socket closes, and is forgotten below (one in use hears it too).
    socket.on("error", () => {});
    socket.once("close", () => {
      open.delete(socket);
      const at = idle.indexOf(socket);
      if (at >= 0) idle.splice(at, 1);
      const next = waiting.shift();
      if (next) next(newSocket());
    });
    return socket;
  };
  return {
    request(head: string, body: string): Promise<number> {
      return new Promise((resolve, reject) => {
        let socket: Socket | undefined;
        let settled = false;
        const done = (error: Error | null, status = 0) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          socket?.off("data", onData).off("error", onError).off("close", onClose);
          if (error) {
            socket?.destroy();
            reject(error);
          } else if (socket) {
            release(socket);
            resolve(status);
          }
        };
        const send = (given: Socket) => {
          // Given after this request gave up waiting: to the next one.
          if (settled) return release(given);
          socket = given;
          // In use: not closed as idle (release).
          socket.setTimeout(0);
          socket.on("data", onData).on("error", onError).on("close", onClose);
          socket.write(`${head}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
        };
        let received = "";
        const onData = (chunk: Buffer) => {
          received += chunk.toString("latin1");
          const end = received.indexOf("\r\n\r\n");
          if (end < 0) return;
          const header = received.slice(0, end);
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(header)?.[1];
          if (received.length > end + 4 || (length !== undefined && length !== "0") || /\r\ntransfer-encoding:/i.test(header)) {
            return done(new Error(`an answer with a body: ${header.split("\r\n")[0]}`));
          }
          done(null, Number(/^HTTP\/1\.1 (\d{3})/.exec(header)?.[1] ?? 0));
        };
        const onError = (error: NodeJS.ErrnoException) => done(new Error(`connection error ${error.code ?? error.message}`));
        const onClose = () => done(new Error("connection closed before the answer"));
        const timer = setTimeout(() => done(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
        const free = idle.pop();
        if (free) send(free);
        else if (open.size < MAX_CONNECTIONS) send(newSocket());
        else waiting.push(send);
      });
    },
    close: () => open.forEach((socket) => socket.destroy()),
  };
}

/** The generator's side: `rate` beacons a second for `seconds` to `url`, the figures as JSON on stdout. */
async function generate(url: string, rate: number, seconds: number) {
  const target = new URL(BEACON_PATH, url);
  const origin = process.env.BEACON_ORIGIN ?? target.origin;
  const client = bodilessClient(target, 10_000);
  const result = await runOpenLoad({
    rate,
    seconds,
    // The load CPU is shared with wrk: not kept busy between starts half a millisecond apart.
    timersOnly: true,
    job: (i) => ({
      kind: "beacon",
      async run() {
        const { body, headers } = viewBeacon(i, origin, 5000);
        const head = `POST ${target.pathname} HTTP/1.1\r\nhost: ${target.host}\r\n${Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join("")}`;
        const status = await client.request(head, body);
        if (status !== 204) throw new Error(`status ${status}`);
      },
    }),
  });
  client.close();
  const stats = result.kinds.get("beacon");
  const latencies = [...(stats?.latenciesMs ?? [])].sort((a, b) => a - b);
  const lags = [...result.lagMs].sort((a, b) => a - b);
  const out: Generated = {
    sent: stats?.sent ?? 0,
    answered: stats?.ok ?? 0,
    errors: stats?.errors ?? 0,
    errorKinds: Object.fromEntries(result.errors),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? Number.NaN,
    lagP99Ms: percentile(lags, 99),
    cpuPercent: result.cpuPercent,
    elapsedMs: result.elapsedMs,
  };
  process.stdout.write(JSON.stringify(out));
}

if (args.generate) {
  await generate(args.generate, Number(args.rate), Number(args.seconds));
  process.exit(0);
}

const SECONDS = Math.max(2, Number(args.seconds) || 20);
const RATE = Math.max(1, Number(args.rate) || 2000);
const WRK_SECONDS = Math.max(2, Number(args["wrk-seconds"]) || 8);
const rows: Row[] = [];

/** The open-model generator in a child process on `cpu`; finished() resolves with its figures. */
function startGenerator(url: string, origin: string, seconds: number, cpu: string | null) {
  const command = [process.execPath, import.meta.filename, "--generate", url, "--rate", String(RATE), "--seconds", String(seconds)];
  const [program = process.execPath, ...rest] = onCpus(cpu, command);
  const child: ChildProcess = spawn(program, rest, {
    cwd: projectRoot,
    env: { ...process.env, BEACON_ORIGIN: origin },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  const finished = new Promise<Generated>((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0 ? resolve(JSON.parse(stdout) as Generated) : reject(new Error(`the generator exited with ${code}`)),
    ),
  );
  return { finished, stop: () => stopChild(child) };
}

/** The sum of the "view" counts and the number of visitor rows in the site's database. */
function countsIn(dataDir: string): { views: number; visitors: number } {
  const database = new DatabaseSync(path.join(dataDir, "site.db"), { readOnly: true });
  try {
    const sum = (metric: string, expression: string) =>
      Number(
        (database.prepare(`select ${expression} as n from "dailyCounts" where metric = ?`).get(metric) as { n: number | null }).n ?? 0,
      );
    return { views: sum(METRIC.view, "sum(count)"), visitors: sum(VISITOR_METRIC, "count(*)") };
  } finally {
    database.close();
  }
}

/** Waits until the views counted since `before` reach `expected` (the counter writes every 2 s), at most 10 s. */
async function countedSince(dataDir: string, before: { views: number; visitors: number }, expected: number) {
  let now = countsIn(dataDir);
  for (let waited = 0; waited < 10_000 && now.views - before.views < expected; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    now = countsIn(dataDir);
  }
  // One more flush's time: a count above what was answered would show too.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  now = countsIn(dataDir);
  return { views: now.views - before.views, visitors: now.visitors - before.visitors };
}

/** The server's CPU between two samples, in percent of one core, and how long its main thread waited for one. */
function cpuBetween(from: ProcessSample, to: ProcessSample) {
  const wall = to.at - from.at;
  return { percent: ((to.cpuMs - from.cpuMs) / wall) * 100, waitPercent: ((to.mainWaitMs - from.mainWaitMs) / wall) * 100 };
}

const cpus = allowedCpus();
// The server (and each reference) on the first CPU, the generators on the rest.
const serverCpu = cpus && cpus.length > 1 ? (cpus[0] ?? null) : null;
const loadCpus = serverCpu && cpus ? cpus.slice(1).join(",") : null;
const pinning = serverCpu ? `pinned to CPU ${serverCpu}, load on CPU ${loadCpus}` : "unpinned (no taskset, or one CPU)";

const tools = ensureReferenceTools(log);
const site = await startDemoSite(log, { trustProxy: true });
const work = mkdtempSync(path.join(tmpdir(), "bench-beacon-"));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// The demo's own server stays idle; this one, on the same data, is the one measured.
const profile = args["cpu-prof"] ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(args["cpu-prof"])}` } : {};
const server = startServer({ ...site.env, ...profile, PORT: String(port), PUBLIC_URL: baseUrl, WORKERS: "1" }, { cpu: serverCpu });
const stops: (() => Promise<unknown>)[] = [() => stopChild(server.child), () => site.stop()];
try {
  await waitUntilHealthy(baseUrl, server.child, server.output);
  const pid = server.child.pid ?? 0;
  log(`Beacons: the production server (WORKERS=1, TRUST_PROXY=true) ${pinning}.`);

  // One beacon first: answered 204 and counted, or the figures below would measure something else.
  const first = viewBeacon(0, baseUrl, 1);
  const before = countsIn(site.dataDir);
  const reply = await send(new URL(BEACON_PATH, baseUrl), { agent: new http.Agent(), method: "POST", ...first, timeoutMs: 5000 });
  if (reply.status !== 204) throw new Error(`A beacon was answered ${reply.status}, not 204`);
  if ((await countedSince(site.dataDir, before, 1)).views !== 1) throw new Error("A beacon answered 204 was not counted");

  const script = path.join(work, "beacon.lua");
  writeFileSync(script, wrkScript(baseUrl, 1000));
  const sizes = Array.from({ length: 60 }, (_, i) => Buffer.byteLength(viewBeacon(i, baseUrl, 1).body));
  const bare = await startBareNode(`(q, s) => { q.on("data", () => {}); q.on("end", () => { s.writeHead(204); s.end(); }); }`, {
    cpu: serverCpu,
  });
  stops.unshift(() => bare.stop());

  // 1. The most the endpoint answers on one core.
  log(`Beacons: as many as answered (wrk, 16 connections), ours and the bare Node server alternately, ${WRK_SECONDS} s × 2 each...`);
  const most = compareWrk(tools.wrk, `${baseUrl}${BEACON_PATH}`, `${bare.url}`.replace(/\/$/, BEACON_PATH), {
    seconds: WRK_SECONDS,
    script,
    cpu: loadCpus,
  });
  const mostRatio = most.ours.requestsPerSecond / most.reference.requestsPerSecond;
  rows.push({
    measure: `beacons answered per second at most, one core (view beacons of ${Math.min(...sizes)}-${Math.max(...sizes)} B)`,
    ours: `${fmt(most.ours.requestsPerSecond)}/s (p99 ${fmt(most.ours.p99Ms, 1)} ms)${most.ours.errors ? `, ${most.ours.errors} errors!` : ""}`,
    reference: `bare Node reading the body, 204: ${fmt(most.reference.requestsPerSecond)}/s`,
    ratio: fmt(mostRatio, 2),
    target: `≥ ${fmt(RATE)}/s, no errors`,
    met: most.ours.errors === 0 && most.ours.requestsPerSecond >= RATE,
  });

  // 2. Holding RATE a second on a fixed schedule, every beacon counted.
  log(`Beacons: ${fmt(RATE)}/s for ${SECONDS} s on a fixed schedule, then the same against the bare Node server...`);
  const counted = countsIn(site.dataDir);
  const from = sampleProcess(pid);
  const held = await startGenerator(baseUrl, baseUrl, SECONDS, loadCpus).finished;
  const to = sampleProcess(pid);
  const cpu = cpuBetween(from, to);
  log(`  answered ${held.answered} of ${held.sent}; waiting for the counter's writes...`);
  const found = await countedSince(site.dataDir, counted, held.answered);
  const bareFrom = sampleProcess(bare.pid);
  const bareHeld = await startGenerator(bare.url.replace(/\/$/, ""), baseUrl, SECONDS, loadCpus).finished;
  const bareCpu = cpuBetween(bareFrom, sampleProcess(bare.pid));
  const heldRate = held.answered / (held.elapsedMs / 1000);
  const errorsOf = (g: Generated) =>
    g.errors
      ? ` (${Object.entries(g.errorKinds)
          .map(([what, n]) => `${n}× ${what}`)
          .join("; ")})`
      : "";
  rows.push({
    measure: `hold ${fmt(RATE)} beacons/s for ${SECONDS} s (open model): answered 204, errors`,
    ours: `${fmt(held.answered)} of ${fmt(held.sent)} (${fmt(heldRate)}/s), ${held.errors} errors${errorsOf(held)}`,
    reference: `bare Node ${fmt(bareHeld.answered)} of ${fmt(bareHeld.sent)}, ${bareHeld.errors} errors`,
    ratio: "",
    target: `${fmt(RATE)}/s, 0 errors`,
    met: held.errors === 0 && held.answered === held.sent && held.sent === Math.round(RATE * SECONDS),
  });
  rows.push({
    measure: `hold: every beacon counted (sum of "view" in site.db after the counter's writes)`,
    ours: `${fmt(found.views)} counted of ${fmt(held.answered)} answered${found.views > held.answered && found.views <= held.sent ? ` (and of ${fmt(held.sent)} sent: the server counted some the generator gave up on)` : ""}; ${fmt(found.visitors)} new visitor rows`,
    reference: "",
    ratio: "",
    target: "all, exactly",
    met: found.views === held.answered,
  });
  rows.push({
    measure: "hold: beacon latency",
    ours: `p50 ${fmt(held.p50Ms, 2)} ms, p99 ${fmt(held.p99Ms, 1)} ms, max ${fmt(held.maxMs)} ms`,
    reference: `bare Node p50 ${fmt(bareHeld.p50Ms, 2)} ms, p99 ${fmt(bareHeld.p99Ms, 1)} ms`,
    ratio: `p99 ${fmt(held.p99Ms / bareHeld.p99Ms, 1)}×`,
    target: "",
    met: null,
  });
  rows.push({
    measure: "hold: the server's CPU (its share of its core)",
    ours: `${fmt(cpu.percent, 1)}% (main thread waited for the CPU ${fmt(cpu.waitPercent, 1)}% of the time)`,
    reference: `bare Node ${fmt(bareCpu.percent, 1)}%`,
    ratio: `${fmt(cpu.percent / bareCpu.percent, 1)}×`,
    target: "",
    met: null,
  });
  rows.push({
    measure: "hold: the generator (its own health)",
    ours: `start lag p99 ${fmt(held.lagP99Ms, 1)} ms, CPU ${fmt(held.cpuPercent)}%`,
    reference: `bare Node run: lag p99 ${fmt(bareHeld.lagP99Ms, 1)} ms`,
    ratio: "",
    target: "",
    met: null,
  });
  await bare.stop();

  // 3. The pages, alone against nginx on the same CPU, then under RATE beacons a second.
  const files = new Map<string, Buffer>();
  for (const page of ["/", "/music"]) {
    const response = await fetch(`${baseUrl}${page}`, { headers: { "accept-encoding": "identity" } });
    files.set(page === "/" ? "/" : `${page}/`, Buffer.from(await response.arrayBuffer()));
  }
  const nginx = await startNginx(tools.nginx, await freePort(), files, { cpu: serverCpu });
  stops.unshift(() => nginx.stop());
  for (const page of ["/", "/music"]) {
    const bytes = files.get(page === "/" ? "/" : `${page}/`)?.length ?? 0;
    log(`Pages: ${page} (${fmt(bytes / 1000, 1)} kB) alone, ours and nginx alternately, ${WRK_SECONDS} s × 2 each...`);
    const alone = compareWrk(tools.wrk, `${baseUrl}${page}`, `${nginx.baseUrl}${page === "/" ? "/" : `${page}/`}`, {
      seconds: WRK_SECONDS,
      cpu: loadCpus,
    });
    log(`Pages: ${page} while ${fmt(RATE)} beacons/s arrive, ${WRK_SECONDS} s × 2...`);
    const before = countsIn(site.dataDir);
    const generator = startGenerator(baseUrl, baseUrl, 2 + 2 * WRK_SECONDS + 3, loadCpus);
    // Beacons first, then the page's warm-up and two runs inside the generator's window.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const loadFrom = sampleProcess(pid);
    runWrk(tools.wrk, `${baseUrl}${page}`, { seconds: 2, cpu: loadCpus });
    const runs: WrkResult[] = [];
    for (let round = 0; round < 2; round++) runs.push(runWrk(tools.wrk, `${baseUrl}${page}`, { seconds: WRK_SECONDS, cpu: loadCpus }));
    const loadCpu = cpuBetween(loadFrom, sampleProcess(pid));
    const underLoad = meanOfRuns(runs);
    const beacons = await generator.finished;
    const beaconsCounted = await countedSince(site.dataDir, before, beacons.answered);
    const ratioAlone = alone.ours.requestsPerSecond / alone.reference.requestsPerSecond;
    const ratioUnder = underLoad.requestsPerSecond / alone.reference.requestsPerSecond;
    rows.push({
      measure: `page ${page} alone (${fmt(bytes / 1000, 1)} kB)`,
      ours: `${fmt(alone.ours.requestsPerSecond)} req/s (p99 ${fmt(alone.ours.p99Ms, 1)} ms)`,
      reference: `nginx ${fmt(alone.reference.requestsPerSecond)} req/s`,
      ratio: `${fmt(ratioAlone, 2)}${alone.ours.errors + alone.reference.errors ? ` (${alone.ours.errors + alone.reference.errors} errors!)` : ""}`,
      target: "≥ 0.5 (issue #7)",
      met: alone.ours.errors === 0 && ratioAlone >= 0.5,
    });
    const change = underLoad.requestsPerSecond / alone.ours.requestsPerSecond - 1;
    rows.push({
      measure: `page ${page} while ${fmt(RATE)} beacons/s arrive`,
      ours: `${fmt(underLoad.requestsPerSecond)} req/s (p99 ${fmt(underLoad.p99Ms, 1)} ms), ${change >= 0 ? "+" : ""}${fmt(change * 100, 1)}% against alone; server CPU ${fmt(loadCpu.percent)}%, waited for it ${fmt(loadCpu.waitPercent)}%`,
      reference: `nginx alone ${fmt(alone.reference.requestsPerSecond)} req/s`,
      ratio: `${fmt(ratioUnder, 2)}${underLoad.errors ? ` (${underLoad.errors} errors!)` : ""}`,
      target: "≥ 0.5 (issue #7)",
      met: underLoad.errors === 0 && ratioUnder >= 0.5,
    });
    rows.push({
      measure: `beacons while page ${page} is under wrk: answered, counted`,
      ours: `${fmt(beacons.answered)} of ${fmt(beacons.sent)}, ${beacons.errors} errors${errorsOf(beacons)}; ${fmt(beaconsCounted.views)} counted; p50 ${fmt(beacons.p50Ms, 1)} ms, p99 ${fmt(beacons.p99Ms, 1)} ms`,
      reference: "",
      ratio: "",
      target: "0 errors, all counted",
      met: beacons.errors === 0 && beacons.answered === beacons.sent && beaconsCounted.views === beacons.answered,
    });
  }
} catch (error) {
  const reason = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
  rows.push({ measure: "beacon benchmark", ours: `failed: ${reason}`, reference: "", ratio: "", target: "", met: false });
  process.exitCode = 1;
} finally {
  for (const stop of stops) await stop();
  rmSync(work, { recursive: true, force: true });
}
printTable(`npm run bench:beacon (server ${pinning})`, rows);
