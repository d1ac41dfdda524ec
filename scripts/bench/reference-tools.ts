// The reference side of `npm run bench`: nginx (Debian's package) serving the
// same bytes from disk with sendfile, and wrk generating load on loopback.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, stopChild } from "#scripts/lib/demo-site.ts";
import { onCpus } from "#scripts/lib/cpu-pinning.ts";

const PACKAGES = { nginx: "nginx-light", wrk: "wrk" } as const;

const which = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`], { encoding: "utf8" }).stdout.trim();

/** nginx and wrk, installed from Debian's packages when missing and we may (root); otherwise says how. */
export function ensureReferenceTools(log: (line: string) => void): { nginx: string; wrk: string } {
  const missing = (Object.keys(PACKAGES) as (keyof typeof PACKAGES)[]).filter((command) => !which(command) && !existsSbin(command));
  if (missing.length > 0) {
    const packages = missing.map((command) => PACKAGES[command]);
    if (process.getuid?.() !== 0)
      throw new Error(`The benchmark needs ${missing.join(" and ")}: sudo apt-get install -y ${packages.join(" ")}`);
    log(`Installing ${packages.join(", ")} from Debian's packages...`);
    const install = spawnSync(
      "sh",
      ["-c", `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(" ")}`],
      {
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    if (install.status !== 0) throw new Error(`Could not install ${packages.join(", ")}`);
  }
  return { nginx: which("nginx") || "/usr/sbin/nginx", wrk: which("wrk") || "/usr/bin/wrk" };
}

const existsSbin = (command: string) => spawnSync("test", ["-x", `/usr/sbin/${command}`]).status === 0;

export type Nginx = { baseUrl: string; root: string; stop(): Promise<void> };

/**
 * nginx with one worker (our server is one process), sendfile on, no access
 * log, serving `files` (URL path → bytes) from a temporary folder; on `cpu`
 * (taskset) when given, as the server it stands beside.
 */
export async function startNginx(
  binary: string,
  port: number,
  files: Map<string, Buffer>,
  options: { workers?: number | "auto"; cpu?: string | null } = {},
): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-nginx-"));
  const root = path.join(dir, "www");
  for (const [urlPath, bytes] of files) {
    const file = path.join(root, urlPath.endsWith("/") ? `${urlPath}index.html` : urlPath);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }
  // nginx's worker runs as an unprivileged user when started as root: it must be able to read the tree.
  spawnSync("chmod", ["-R", "a+rX", dir]);
  chmodSync(dir, 0o755);
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes ${options.workers ?? 1};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { text/html html; audio/wav wav; audio/mpeg mp3; image/webp webp; image/avif avif; image/jpeg jpg; }
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri $uri/index.html =404; }
    # A page's brotli bytes, as a site with precompressed pages would serve them.
    location /br/ { add_header Content-Encoding br; try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const [program = binary, ...rest] = onCpus(options.cpu, [binary, "-c", conf, "-p", dir]);
  const child: ChildProcess = spawn(program, rest, { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    if (
      await fetch(`${baseUrl}/`).then(
        (r) => r.arrayBuffer().then(() => true),
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    baseUrl,
    root,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type WrkResult = { requestsPerSecond: number; bytesPerSecond: number; p50Ms: number; p99Ms: number; errors: number };

export type WrkOptions = {
  seconds: number;
  headers?: Record<string, string>;
  connections?: number;
  /** A Lua script making the requests (`wrk -s`): a POST, say. */
  script?: string;
  /** The CPUs wrk runs on (taskset), away from the server's. */
  cpu?: string | null;
};

/**
 * wrk with one thread (the other core is the server's) and 16 connections.
 * Non-2xx answers count as errors, so a benchmark of 404s cannot pass for fast.
 */
export function runWrk(binary: string, url: string, options: WrkOptions): WrkResult {
  const args = ["-t1", `-c${options.connections ?? 16}`, `-d${options.seconds}s`, "--latency"];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push("-H", `${name}: ${value}`);
  if (options.script) args.push("-s", options.script);
  const [program = binary, ...rest] = onCpus(options.cpu, [binary, ...args, url]);
  const run = spawnSync(program, rest, { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  const out = run.stdout;
  const number = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? Number.NaN);
  const size = (text: string | undefined) => {
    const match = /([\d.]+)([KMG]?B)/.exec(text ?? "");
    if (!match) return Number.NaN;
    const unit = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[match[2] as "B" | "KB" | "MB" | "GB"];
    return Number(match[1]) * unit;
  };
  const latency = (percent: string) => {
    const match = new RegExp(`^\\s+${percent}%\\s+([\\d.]+)(us|ms|s)`, "m").exec(out);
    if (!match) return Number.NaN;
    return Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2] as "us" | "ms" | "s"];
  };
  const non2xx = number(/Non-2xx or 3xx responses: (\d+)/) || 0;
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    bytesPerSecond: size(/Transfer\/sec:\s+(\S+)/.exec(out)?.[1]),
    p50Ms: latency("50"),
    p99Ms: latency("99"),
    errors: non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

/**
 * Our server and a reference, alternately and twice each (after a warm-up of
 * each), so both see the same machine; each side's figure is the mean of its
 * two runs. What an outside observer does by hand: docs/performance.md.
 */
export function compareWrk(wrk: string, oursUrl: string, referenceUrl: string, options: WrkOptions) {
  runWrk(wrk, oursUrl, { ...options, seconds: 2 });
  runWrk(wrk, referenceUrl, { ...options, seconds: 2 });
  const runs: { ours: WrkResult; reference: WrkResult }[] = [];
  for (let round = 0; round < 2; round++) {
    runs.push({ ours: runWrk(wrk, oursUrl, options), reference: runWrk(wrk, referenceUrl, options) });
  }
  return { ours: meanOfRuns(runs.map((run) => run.ours)), reference: meanOfRuns(runs.map((run) => run.reference)) };
}

/** Runs of one side as one figure: the mean of each rate, the worst p99, every error. */
export function meanOfRuns(results: WrkResult[]): WrkResult {
  const avg = (f: (r: WrkResult) => number) => results.reduce((sum, r) => sum + f(r), 0) / results.length;
  return {
    requestsPerSecond: avg((r) => r.requestsPerSecond),
    bytesPerSecond: avg((r) => r.bytesPerSecond),
    p50Ms: avg((r) => r.p50Ms),
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
}

/**
 * A bare Node HTTP server, in a process of its own (wrk runs synchronously
 * here), on the Node this runs on: how far Node alone gets. `listener` is the
 * source of its request listener `(q, s) => ...`, after `preamble`; on `cpu`
 * (taskset) when given.
 */
export async function startBareNode(listener: string, options: { preamble?: string; cpu?: string | null } = {}) {
  const port = await freePort();
  const script = `${options.preamble ?? ""}
require("node:http").createServer(${listener}).listen(${port}, "127.0.0.1");`;
  const [program = process.execPath, ...rest] = onCpus(options.cpu, [process.execPath, "-e", script]);
  const child = spawn(program, rest, { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/`;
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await new Promise((resolve) => setTimeout(resolve, 50));
  return { url, pid: child.pid ?? 0, stop: () => stopChild(child) };
}
