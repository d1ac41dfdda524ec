// Prints one closing line for CI from the JSON reports Vitest and Playwright
// write when CI=true: "tests: N passed, N failed". Playwright runs once per
// stack (embedded, then scale), each with a report of its own.
import { existsSync, readFileSync } from "node:fs";
import { e2eStacksToRun } from "#tests/e2e/support/server-env.ts";

type VitestReport = { numPassedTests: number; numFailedTests: number };
type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number } };

const read = <T>(file: string): T | null => (existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : null);

const expectedStacks = e2eStacksToRun();
const vitest = read<VitestReport>(".tmp/reports/vitest.json");
let passed = 0;
let failed = 0;
let missing = !vitest;
if (vitest) {
  console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
for (const stack of expectedStacks) {
  const playwright = read<PlaywrightReport>(`.tmp/reports/playwright-${stack}.json`);
  if (!playwright) {
    missing = true;
    continue;
  }
  const { expected, unexpected, flaky } = playwright.stats;
  console.log(`playwright (${stack}): ${expected} passed, ${unexpected + flaky} failed`);
  passed += expected;
  failed += unexpected + flaky;
}
if (missing) console.log("A test report is missing: a suite did not run to the end.");
console.log(`tests: ${passed} passed, ${failed} failed`);
