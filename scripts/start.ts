// `npm start`: builds when the sources are newer than the build, then serves
// the production server. One command for a newcomer, no separate build step.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtEntry = path.join(root, "build/server/index.js");
const sources = ["app", "db", "server/app.ts", "site.config.ts", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(target: string): number {
  const info = statSync(target, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

const builtAt = statSync(builtEntry, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? "Sources changed since the last build; rebuilding..." : "Building the site (first start)...");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.env.NODE_ENV = "production";
process.chdir(root);
await import("../server/index.ts");
