// `npm run test:e2e`: builds once (unless the build is newer than every source), then runs the browser suite on each stack
// (tests/e2e/support/server-env.ts): the embedded one (SQLite, local disk), and
// when TEST_DATABASE_URL is set the scale one (PostgreSQL, S3, Redis) too.
// Arguments go to Playwright, e.g. `npm run test:e2e -- tests/e2e/music.spec.ts`.
import { spawnSync } from "node:child_process";
import { e2eStacksToRun } from "#tests/e2e/support/server-env.ts";
import { ensureBuild } from "./lib/demo-site.ts";

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(command, args, { stdio: "inherit", env }).status ?? 1;

ensureBuild();

let status = 0;
for (const stack of e2eStacksToRun()) {
  console.log(`\n--- browser tests on the ${stack} stack`);
  const code = run("npx", ["playwright", "test", ...process.argv.slice(2)], { ...process.env, E2E_STACK: stack });
  if (code !== 0) status = code;
}
process.exit(status);
