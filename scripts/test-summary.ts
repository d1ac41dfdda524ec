// Prints one closing line for CI from the JSON reports Vitest and Playwright
// write when CI=true: "tests: N passed, N failed".
import { existsSync, readFileSync } from "node:fs";

type VitestReport = { numPassedTests: number; numFailedTests: number };
type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number } };

const read = <T>(file: string): T | null => (existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : null);

const vitest = read<VitestReport>(".tmp/reports/vitest.json");
const playwright = read<PlaywrightReport>(".tmp/reports/playwright.json");
let passed = 0;
let failed = 0;
if (vitest) {
  console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
if (playwright) {
  const { expected, unexpected, flaky } = playwright.stats;
  console.log(`playwright: ${expected} passed, ${unexpected + flaky} failed`);
  passed += expected;
  failed += unexpected + flaky;
}
if (!vitest || !playwright) console.log("A test report is missing: a suite did not run to the end.");
console.log(`tests: ${passed} passed, ${failed} failed`);
