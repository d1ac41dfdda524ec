import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { e2eAppEnv } from "./server-env.ts";

/**
 * Runs a script of ours with the e2e server's configuration (same database and storage), without
 * blocking the test: a test that waits synchronously for a long script (the demo's songs take
 * seconds) holds keep-alive connections the server closes meanwhile, and its next fetch is sent
 * on one of them ("fetch failed: other side closed").
 */
async function runScript(script: string, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [script, ...args], {
    env: { ...process.env, ...e2eAppEnv() },
    encoding: "utf8",
  });
  return stdout;
}

/** Runs the real admin CLI against the e2e site. */
export function adminCli(...args: string[]): Promise<string> {
  return runScript("scripts/admin.ts", args);
}

let counter = 0;
/** A fresh e-mail address per call, so tests never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${++counter}@example.com`;
}

/**
 * Runs `npm run demo` (scripts/demo.ts) against the e2e site: its songs only,
 * each with its renditions and measures made (a few seconds; see DEMO_CLI_TIMEOUT_MS).
 * The specs that use it are about songs, and the others expect a site without
 * photos (the default share image); photos.spec.ts makes its own.
 */
export function demoCli(): Promise<string> {
  return runScript("scripts/demo.ts", ["--songs-only"]);
}

/** How long a hook that runs the demo may take: it transcodes and measures each song (decision 026). */
export const DEMO_CLI_TIMEOUT_MS = 90_000;
