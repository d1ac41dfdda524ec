// Several serving processes on one machine, sharing the port through Node's
// cluster module: one per core uses every core on the embedded default
// (SQLite in WAL mode takes readers from every process and one writer at a
// time). Everything a request or a background job touches is already shared
// through the database, as on the scale path: the content version, sessions,
// rate limits, the outbox's leases, releases, notices. Why: docs/decisions/018-workers.md.
import cluster, { type Worker } from "node:cluster";

const INDEX_VARIABLE = "ARTIST_SITE_WORKER_INDEX";

/** Whether this process is the site's first worker, or serves alone: the one that says the start-up lines. */
export function isFirstWorker(): boolean {
  return (process.env[INDEX_VARIABLE] ?? "0") === "0";
}

/**
 * Starts `count` workers, the first alone (it applies any pending migration
 * before the rest open the database), and starts a worker again in the place
 * of one that dies. SIGTERM or SIGINT stops them all the way a single process
 * stops: in-flight requests finish first.
 */
export function superviseWorkers(count: number): void {
  let stopping = false;
  const fork = (index: number): Worker => {
    const worker = cluster.fork({ [INDEX_VARIABLE]: String(index) });
    // One that dies before it listens is failing to start (a bad setting, a database it cannot open):
    // starting it again would only loop.
    let served = false;
    worker.once("listening", () => {
      served = true;
      // Until it says so it takes no connections: killed before then, the others still starting, the port refuses.
      console.log(`Worker ${index} serving (pid ${worker.process.pid})`);
    });
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      if (!served) {
        console.error(`Worker ${index} could not start (exit ${signal ?? code}); stopping.`);
        stop(1);
        return;
      }
      console.error(`Worker ${index} ended (${signal ?? `exit ${code}`}); starting another.`);
      fork(index);
    });
    return worker;
  };
  const stop = (code: number) => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    for (const worker of workers) worker.process.kill("SIGTERM");
    let left = workers.length;
    if (left === 0) process.exit(code);
    for (const worker of workers) worker.once("exit", () => --left === 0 && process.exit(code));
    setTimeout(() => process.exit(code || 1), 12_000).unref();
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => stop(0));

  console.log(`Starting ${count} workers`);
  fork(0).once("listening", () => {
    for (let index = 1; index < count; index++) fork(index);
  });
}
