import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Browser tests are Playwright's (tests/e2e/*.spec.ts); Vitest runs *.test.ts(x) only.
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "db/**/*.test.ts"],
    environment: "node",
    // One more file at a time than there are cores (Vitest's default is one fewer): most files
    // wait on PostgreSQL, the S3 server or a child process for much of their time.
    maxWorkers: availableParallelism() + 1,
    // A real S3-compatible server for the "scale" stack's storage (tests/support/test-site.ts).
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    reporters: process.env.CI ? ["default", ["json", { outputFile: ".tmp/reports/vitest.json" }]] : ["default"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
