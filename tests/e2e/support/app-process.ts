// More app processes on their own ports, sharing the e2e site's backing
// services (one SQLite file and uploads folder, or one PostgreSQL, S3 server
// and Redis), as a load balancer's pool would.
import { spawn, type ChildProcess } from "node:child_process";
import { e2eAppEnv } from "./server-env.ts";

const processes: ChildProcess[] = [];
const outputs = new WeakMap<ChildProcess, () => string>();

/** What a process started here has printed so far (stdout and stderr), for a failing test to show. */
export const outputOf = (child: ChildProcess): string => outputs.get(child)?.() ?? "";

const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    (response) => response.ok,
    () => false,
  );

/**
 * Starts an app process on `port` (with `env` on top of the e2e stack's) and resolves once it
 * answers. The port must be free first: a process left running by an earlier attempt (a test that
 * timed out before it could stop its own) would answer in the new one's place, and a test would
 * then prove things of the wrong process.
 */
export async function startAppProcess(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  if (await answers(port)) throw new Error(`Something already answers on port ${port}: a process a test did not stop?`);
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: { ...process.env, ...e2eAppEnv(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  processes.push(child);
  outputs.set(child, () => output);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`App process on ${port} exited:\n${output}`);
    if (await answers(port)) return child;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`App process on ${port} did not become healthy:\n${output}`);
}

/** SIGKILL: the process ends mid-work, as a crash or an out-of-memory kill would end it. */
export function killAppProcess(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

/** SIGTERM: the process finishes what it is doing and exits; resolves once it has. */
export function stopAppProcess(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Stops every process this file started, waiting for each to exit. */
export async function stopAppProcesses(): Promise<void> {
  await Promise.all(processes.splice(0).map(stopAppProcess));
}

/** Kills every process this file started that is still running: after a test that ended mid-way. */
export async function killAppProcesses(): Promise<void> {
  await Promise.all(processes.splice(0).map(killAppProcess));
}
