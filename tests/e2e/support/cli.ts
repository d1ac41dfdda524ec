import { execFileSync } from "node:child_process";
import { e2eAppEnv } from "./server-env.ts";

/** Runs a script of ours with the e2e server's configuration (same database and storage). */
function runScript(script: string, args: string[]): string {
  return execFileSync(process.execPath, [script, ...args], { env: { ...process.env, ...e2eAppEnv() }, encoding: "utf8" });
}

/** Runs the real admin CLI against the e2e site. */
export function adminCli(...args: string[]): string {
  return runScript("scripts/admin.ts", args);
}

let counter = 0;
/** A fresh e-mail address per call, so tests never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${++counter}@example.com`;
}

/**
 * Runs `npm run demo` (scripts/demo.ts) against the e2e site: its songs only.
 * The specs that use it are about songs, and the others expect a site without
 * photos (the default share image); photos.spec.ts makes its own.
 */
export function demoCli(): string {
  return runScript("scripts/demo.ts", ["--songs-only"]);
}
