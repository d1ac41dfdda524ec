// A throwaway production site for measuring tools (Lighthouse, JavaScript weight):
// the current build (rebuilt first when older than the sources, as `npm start`
// does), a fresh DATA_DIR filled by the demo script so /music has songs, and the
// production server on a free loopback port. stop() ends the server and removes
// the data.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { onCpus } from "./cpu-pinning.ts";

export const projectRoot = path.resolve(import.meta.dirname, "../..");

const SOURCES = ["app", "db", "server", "site.config.ts", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(target: string): number {
  const info = statSync(target, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

/** Runs `npm run build` when there is no build or the sources are newer than it. */
export function ensureBuild(log: (line: string) => void = console.log): void {
  const builtAt = statSync(path.join(projectRoot, "build/server/index.js"), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sourcesAt = Math.max(...SOURCES.map((source) => newestMtime(path.join(projectRoot, source))));
  if (builtAt >= sourcesAt) return;
  log(builtAt ? "The build is older than the sources; running npm run build..." : "No build found; running npm run build...");
  // stdout would mix Vite's chunk table into a caller's report; its errors still show.
  // NODE_ENV set by a caller (vitest sets "test") would make Vite bundle React's development build.
  const build = spawnSync("npm", ["run", "build", "--silent"], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (build.status !== 0) throw new Error("npm run build failed");
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitUntilHealthy(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`The server did not become healthy within 60 s:\n${output()}`);
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The production server (server/index.ts) with `env`, keeping the last of its
 * output for error messages; with `cpu`, pinned there (taskset, which becomes
 * the server: the child's pid is the server's).
 */
export function startServer(env: NodeJS.ProcessEnv, options: { cpu?: string | null } = {}): { child: ChildProcess; output: () => string } {
  let output = "";
  // process.execPath: the Node this script runs on (24), not a bare `node` on PATH.
  const command = [process.execPath, "server/index.ts"];
  const [program = process.execPath, ...args] = onCpus(options.cpu, command);
  const child = spawn(program, args, { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, output: () => output };
}

export type DemoSite = {
  baseUrl: string;
  /** The server's process id, and the data folder and environment it runs with (for the admin CLI, say). */
  pid: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** The last 20 kB the server printed, for explaining a failure. */
  output: () => string;
  stop: () => Promise<void>;
};

export type DemoSiteOptions = {
  /**
   * Take the client address from X-Forwarded-For, as behind a reverse proxy: a
   * load test then stands for many fans, each under the per-address form limits.
   */
  trustProxy?: boolean;
};

/** Builds if needed, seeds a fresh DATA_DIR with the demo songs and serves the build on a free port. */
export async function startDemoSite(log: (line: string) => void = console.log, options: DemoSiteOptions = {}): Promise<DemoSite> {
  ensureBuild(log);
  const tmp = mkdtempSync(path.join(tmpdir(), "artist-demo-site-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATA_DIR: path.join(tmp, "data"),
    // The embedded SQLite and local disk, whatever the shell or .env configures.
    DATABASE_URL: "",
    REDIS_URL: "",
    S3_BUCKET: "",
    S3_ENDPOINT: "",
    S3_REGION: "",
    S3_ACCESS_KEY_ID: "",
    S3_SECRET_ACCESS_KEY: "",
    S3_PUBLIC_URL: "",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    TRUST_PROXY: options.trustProxy ? "true" : "false",
  };
  const removeData = () => rmSync(tmp, { recursive: true, force: true });

  // process.execPath: the Node this script runs on (24), not a bare `node` on PATH.
  const demo = spawnSync(process.execPath, ["scripts/demo.ts"], { cwd: projectRoot, env, encoding: "utf8" });
  if (demo.status !== 0) {
    removeData();
    throw new Error(`The demo script failed:\n${demo.stdout}${demo.stderr}`);
  }

  const { child, output } = startServer(env);
  const stop = async () => {
    await stopChild(child);
    removeData();
  };
  try {
    await waitUntilHealthy(baseUrl, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: child.pid ?? 0, dataDir: String(env.DATA_DIR), env, output, stop };
}
