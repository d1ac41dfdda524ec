// `npm test`: the checks (npm run check), the build, Vitest, then the browser
// suite on each stack (npm run test:e2e), stopping at the first that fails.
// The build comes before Vitest: the tests that serve a built site (transfer,
// the demo) would otherwise each wait for it inside their own setup, beside
// the other test files, on a machine of two cores.
//
// Every Node process under it keeps its compiled modules (our TypeScript with
// its types stripped, and the packages) in one compile cache, NODE_COMPILE_CACHE:
// the suite starts hundreds of processes (the admin CLI, app servers, servers
// killed and started again), and after the first each starts with less work.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ensureBuild } from "./lib/demo-site.ts";

const env = { ...process.env, NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.resolve(".tmp/node-compile-cache") };

const run = (script: string) => {
  const status = spawnSync("npm", ["run", "--silent", script], { stdio: "inherit", env }).status ?? 1;
  if (status !== 0) process.exit(status);
};
run("check");
ensureBuild();
run("test:unit");
run("test:e2e");
