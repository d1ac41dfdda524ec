import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_S3_PORT, E2E_STACK, E2E_URL, E2E_WORKERS, e2eAppEnv, e2eSite } from "./tests/e2e/support/server-env.ts";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const workerIndexes = Array.from({ length: E2E_WORKERS }, (_, worker) => worker);

/**
 * Specs about what the browser makes of a page: the theme and layout, which
 * stylesheet styles what, forms' names and errors and focus, the way back to
 * sign-in, taps before the app has started. The stack under the server (SQLite
 * or PostgreSQL, disk or S3, Redis or none) gives them the same answers, so they
 * run on the embedded stack only; every spec that stores, serves or shares
 * something runs on both.
 */
const BROWSER_ONLY_SPECS = ["theme-layout", "stylesheets", "forms-a11y", "accessibility", "sign-in-way-back", "early-taps"].map(
  (name) => `**/${name}.spec.ts`,
);

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: `test-results/${E2E_STACK}`,
  testIgnore: E2E_STACK === "scale" ? BROWSER_ONLY_SPECS : [],
  // Spec files run in parallel, one worker each at a time against a site of its own
  // (tests/e2e/support/server-env.ts); the tests of one file run in order.
  fullyParallel: false,
  workers: E2E_WORKERS,
  forbidOnly: !!process.env.CI,
  // A failing test runs once more, recording a trace this time (tracing every run costs a good part
  // of the suite's time: docs/performance.md); one that passes only on its second run is flaky and
  // fails the run all the same, so a retry never hides a flake.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: `.tmp/reports/playwright-${E2E_STACK}.json` }]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: E2E_URL,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's Chromium (`npx playwright install` cannot download browsers here): its headless
      // shell when installed (.ci/run installs it), which does less work per page than the full
      // browser run headless; the full one otherwise.
      executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    // The scale stack's object store comes up first (see tests/e2e/support/server-env.ts).
    ...(E2E_STACK === "scale"
      ? [{ command: "node tests/e2e/support/s3-server-main.ts", port: E2E_S3_PORT, reuseExistingServer: false, timeout: 30_000 }]
      : []),
    // The production build (the e2e script builds first), one empty site per worker.
    ...workerIndexes.map((worker) => {
      const site = e2eSite(worker);
      return {
        command: "node tests/e2e/support/reset-stack.ts && node server/index.ts",
        url: `${site.url}/healthz`,
        reuseExistingServer: false,
        timeout: 60_000,
        stdout: "pipe" as const,
        env: { ...e2eAppEnv(site.port, site), E2E_WORKER: String(worker) },
      };
    }),
  ],
});
