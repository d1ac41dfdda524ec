import { defineConfig, devices } from "@playwright/test";
import { E2E_DATA_DIR, E2E_PORT, E2E_URL } from "./tests/e2e/support/server-env.ts";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: ".tmp/reports/playwright.json" }]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: E2E_URL,
    trace: "retain-on-failure",
    launchOptions: {
      // Debian's Chromium: `npx playwright install` cannot download browsers here.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // The production build on a fresh data directory (the e2e script builds first).
    command: `rm -rf ${E2E_DATA_DIR} && node server/index.ts`,
    url: `${E2E_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: E2E_URL,
      DATABASE_URL: "",
      // Tests pose as different clients through X-Forwarded-For (tests/e2e/support/fixtures.ts).
      TRUST_PROXY: "true",
    },
  },
});
