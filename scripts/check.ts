// `npm run check`: what `npm run typecheck` and `npm run lint` do, at once.
// Route types are generated first (both read them); then tsc, eslint, prettier
// and knip run side by side, each one's output held and printed whole when it
// ends, so a failure reads as it would alone. Exits non-zero if any failed.
import { spawn, spawnSync } from "node:child_process";

const checks: Array<{ name: string; command: string[] }> = [
  { name: "tsc", command: ["tsc"] },
  { name: "eslint", command: ["eslint", "."] },
  { name: "prettier", command: ["prettier", "--check", "."] },
  { name: "knip", command: ["knip"] },
];

if (spawnSync("npx", ["react-router", "typegen"], { stdio: "inherit" }).status !== 0) process.exit(1);

function run({ name, command }: (typeof checks)[number]): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npx", command, { stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("error", (error) => {
      console.error(`--- ${name}: could not start: ${error.message}`);
      resolve(false);
    });
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`--- ${name} ${code === 0 ? "passed" : "FAILED"} (${seconds} s)`);
      const text = Buffer.concat(output).toString("utf8").trim();
      if (text) console.log(text);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(checks.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
