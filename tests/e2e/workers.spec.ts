// WORKERS=2: two serving processes share the port under one supervisor, on
// the e2e site's stack. Both serve, a killed one is replaced while the site
// keeps answering, and SIGTERM stops them all.
import { execFileSync } from "node:child_process";
import { outputOf, startAppProcess, stopAppProcesses } from "./support/app-process.ts";
import { expect, test } from "./support/fixtures.ts";
import { E2E_EXTRA_PORTS, E2E_STACK } from "./support/server-env.ts";

const port = E2E_EXTRA_PORTS.workers;
const base = `http://127.0.0.1:${port}`;

/** The supervisor's children: the workers (ps exits 1 when there are none). */
function workersOf(pid: number): number[] {
  try {
    return execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0);
  } catch {
    return [];
  }
}

test.afterAll(() => stopAppProcesses());

test(`WORKERS=2 on the ${E2E_STACK} stack: two processes serve one port, a killed one is replaced, SIGTERM stops all`, async () => {
  test.setTimeout(90_000);
  const supervisor = await startAppProcess(port, { WORKERS: "2" });
  const pid = supervisor.pid ?? 0;
  await expect.poll(() => workersOf(pid).length, { timeout: 20_000 }).toBe(2);
  const [first, second] = workersOf(pid);
  // Both listening, not only started: with one still starting, killing the other would leave none.
  for (const worker of [first, second]) await expect.poll(() => outputOf(supervisor), { timeout: 20_000 }).toContain(`(pid ${worker})`);

  // Every page and API answer the same from either process (new connections land on either).
  for (let i = 0; i < 20; i++) {
    const response = await fetch(`${base}/music`, { headers: { connection: "close" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Stay in the Loop");
  }

  // A worker killed mid-service: the other answers meanwhile, and a new one takes its place.
  process.kill(first ?? 0, "SIGKILL");
  const answers: string[] = [];
  const deadline = Date.now() + 3_000;
  while (Date.now() < deadline) {
    const answer = fetch(`${base}/healthz`, { headers: { connection: "close" }, signal: AbortSignal.timeout(1_000) });
    answers.push(
      await answer.then(
        (r) => String(r.status),
        (error: unknown) => String((error instanceof Error && error.cause instanceof Error ? error.cause : error) ?? "error"),
      ),
    );
  }
  const tally = Object.entries(Object.groupBy(answers, (answer) => answer)).map(([answer, all]) => `${all?.length ?? 0} × ${answer}`);
  expect(
    answers.filter((answer) => answer === "200").length,
    `answers while one worker was gone: ${tally.join(", ")}\n${outputOf(supervisor)}`,
  ).toBeGreaterThan(answers.length - 3);
  await expect.poll(() => workersOf(pid).length, { timeout: 20_000 }).toBe(2);
  expect(workersOf(pid)).toContain(second);
  expect(workersOf(pid)).not.toContain(first);

  // SIGTERM to the supervisor ends every worker, then itself, with success.
  const exited = new Promise<number | null>((resolve) => supervisor.once("exit", (code) => resolve(code)));
  const workers = workersOf(pid);
  supervisor.kill("SIGTERM");
  expect(await exited).toBe(0);
  for (const worker of workers) expect(() => process.kill(worker, 0)).toThrow();
});
