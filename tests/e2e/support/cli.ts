import { execFileSync } from "node:child_process";
import { E2E_DATA_DIR, E2E_URL } from "./server-env.ts";

/** Runs the real admin CLI against the e2e server's data directory. */
export function adminCli(...args: string[]): string {
  return execFileSync(process.execPath, ["scripts/admin.ts", ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PUBLIC_URL: E2E_URL, DATABASE_URL: "" },
    encoding: "utf8",
  });
}

let counter = 0;
/** A fresh e-mail address per call, so tests never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${++counter}@example.com`;
}

/** Runs `npm run demo` (scripts/demo.ts) against the e2e server's data directory. */
export function demoCli(): string {
  return execFileSync(process.execPath, ["scripts/demo.ts"], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PUBLIC_URL: E2E_URL, DATABASE_URL: "" },
    encoding: "utf8",
  });
}
