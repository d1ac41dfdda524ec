// The public forms' fill-time check, as production keeps it. The e2e site's
// processes run with FORM_MIN_FILL_MS=0 (server-env.ts), so tests about
// something else post at once; a spec about the bot checks opens its pages on
// one more process of the same site that keeps the default two seconds.
import { type ChildProcess } from "node:child_process";
import { DEFAULT_FORM_MIN_FILL_MS } from "#app/lib/platform/env.server.ts";
import { startAppProcess, stopAppProcess } from "./app-process.ts";
import { E2E_EXTRA_PORTS } from "./server-env.ts";

export const BOT_CHECKED_URL = `http://localhost:${E2E_EXTRA_PORTS.botChecked}`;

let running: ChildProcess | null = null;

/** Starts the process (once per worker); `test.use({ baseURL: BOT_CHECKED_URL })` sends a spec's pages there. */
export async function startBotCheckedProcess(): Promise<void> {
  running ??= await startAppProcess(E2E_EXTRA_PORTS.botChecked, { FORM_MIN_FILL_MS: String(DEFAULT_FORM_MIN_FILL_MS) });
}

/** Stops it when the spec is done. */
export async function stopBotCheckedProcess(): Promise<void> {
  const child = running;
  running = null;
  if (child) await stopAppProcess(child);
}
