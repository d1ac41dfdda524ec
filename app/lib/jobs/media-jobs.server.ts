import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { dialectOf } from "#db/migrations/dialect.ts";
import type { Db } from "#app/lib/db/db.server.ts";
import type { MediaJobsTable } from "#app/lib/db/db-schema.ts";
import { startWorkerLoop, type WorkerLoop } from "#app/lib/platform/worker-loop.server.ts";

// Background work on stored media, claimed through the database as the mail
// outbox is (issue #34): every process that runs jobs takes one at a time
// under a lease, so a job is done once, survives SIGKILL and restarts (its
// lease runs out and another process takes it), is retried with backoff, and
// a failure is kept with its reason for the artist to read.

export type MediaJobKind = MediaJobsTable["kind"];

/**
 * A job's work; throwing PermanentJobError fails it at once (a file that will
 * never read), anything else is retried. It may tell how far it has come
 * (0 to 1), which the library shows.
 */
export type MediaJobHandler = (key: string, progress?: (fraction: number) => void) => Promise<void>;

export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

/** How long a process holds a job before another may take it, renewed while the work goes on. */
const LEASE_MS = 2 * 60_000;
const RENEW_EVERY_MS = 30_000;
/** How often a job's progress is written at most: the library looks every few seconds. */
const PROGRESS_EVERY_MS = 1_500;
export const MAX_JOB_ATTEMPTS = 5;
/** 30 s after the first failure, then 1, 2, 4 minutes. */
const retryDelayMs = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);

const jobId = (kind: MediaJobKind, key: string) => `${kind}:${key}`;

/** Asks for `kind` to be done on `key`; a job already asked for (or done) stays as it is. */
export async function enqueueMediaJob(db: Db, kind: MediaJobKind, key: string, now = Date.now()): Promise<void> {
  await db
    .insertInto("mediaJobs")
    .values({ id: jobId(kind, key), kind, key, status: "queued", attempts: 0, nextAttemptAt: now, createdAt: now })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

type Claimed = { id: string; kind: MediaJobKind; key: string; attempts: number };

/** Takes the next due job of `kinds` for `owner`; on PostgreSQL, one another process is taking is skipped, not waited for. */
async function claimOne(db: Db, owner: string, now: number, kinds: readonly MediaJobKind[]): Promise<Claimed | null> {
  // Looked for first: an idle process must not take SQLite's one write lock every few seconds.
  const due = await db
    .selectFrom("mediaJobs")
    .select("id")
    .where("status", "=", "queued")
    .where("kind", "in", kinds)
    .where("nextAttemptAt", "<=", now)
    .where((eb) => eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<", now)]))
    .limit(1)
    .executeTakeFirst();
  if (!due) return null;
  const lock = dialectOf(db as never) === "postgres" ? sql`for update skip locked` : sql``;
  const result = await sql<Claimed>`
    update "mediaJobs" set "leaseOwner" = ${owner}, "leaseUntil" = ${now + LEASE_MS}, attempts = attempts + 1, progress = null
    where id in (
      select id from "mediaJobs"
      where status = 'queued' and kind in (${sql.join(kinds)}) and "nextAttemptAt" <= ${now} and ("leaseUntil" is null or "leaseUntil" < ${now})
      order by "nextAttemptAt", kind = 'renditions' desc
      limit 1
      ${lock}
    )
    returning id, kind, key, attempts`.execute(db);
  const row = result.rows[0];
  return row ? { ...row, attempts: Number(row.attempts) } : null;
}

export type MediaJobsOptions = {
  db: Db;
  /** The work of each kind this loop does; jobs of other kinds are left for a loop that does them. */
  handlers: Partial<Record<MediaJobKind, MediaJobHandler>>;
  /** Run before each look for work: asks for what is missing (every track measured, say). */
  beforeLook?: (db: Db) => Promise<void>;
  /** How long to wait when nothing is due. */
  idleMs?: number;
  now?: () => number;
  /**
   * Run, by kind, in the transaction that fails a job for good: what must show
   * the failure at once elsewhere (a release's cached page leaving out a file
   * that could not be made, say).
   */
  onGiveUp?: Partial<Record<MediaJobKind, (trx: Db, key: string) => Promise<void>>>;
  /** Told about each attempt (tests, logs). */
  onAttempt?: (event: { id: string; result: "done" | "retry" | "failed"; error?: string }) => void;
};

/** `wake` looks for work at once; `stop` finishes the job in hand and takes no more. */
export type MediaJobs = WorkerLoop;

/** Runs due jobs one at a time, until stopped. */
export function startMediaJobs(options: MediaJobsOptions): MediaJobs {
  const { db } = options;
  const now = options.now ?? Date.now;
  const owner = randomUUID();
  const idleMs = options.idleMs ?? 2_000;
  const kinds = Object.keys(options.handlers) as MediaJobKind[];

  async function runOne(job: Claimed): Promise<void> {
    const renew = setInterval(() => {
      db.updateTable("mediaJobs")
        .set({ leaseUntil: now() + LEASE_MS })
        .where("id", "=", job.id)
        .where("leaseOwner", "=", owner)
        .execute()
        .catch((error: unknown) => console.error("Media jobs: renewing a lease failed", error));
    }, RENEW_EVERY_MS);
    const mine = (on: Db = db) => on.updateTable("mediaJobs").where("id", "=", job.id).where("leaseOwner", "=", owner);
    let written = { percent: -1, at: 0 };
    const progress = (fraction: number) => {
      const percent = Math.floor(Math.min(1, Math.max(0, fraction)) * 100);
      if (percent <= written.percent || now() - written.at < PROGRESS_EVERY_MS) return;
      written = { percent, at: now() };
      mine()
        .set({ progress: percent })
        .execute()
        .catch((error: unknown) => console.error("Media jobs: writing progress failed", error));
    };
    try {
      const handler = options.handlers[job.kind];
      if (!handler) throw new PermanentJobError(`No work of kind ${job.kind} here`);
      await handler(job.key, progress);
      await mine().set({ status: "done", doneAt: now(), leaseOwner: null, leaseUntil: null, lastError: null, progress: null }).execute();
      options.onAttempt?.({ id: job.id, result: "done" });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = error instanceof PermanentJobError || job.attempts >= MAX_JOB_ATTEMPTS;
      const afterGivingUp = giveUp ? options.onGiveUp?.[job.kind] : undefined;
      if (afterGivingUp) {
        await db.transaction().execute(async (trx) => {
          // The write first: on SQLite a transaction that reads before it writes cannot wait for another writer.
          const failed = await mine(trx)
            .set({ status: "failed", leaseOwner: null, leaseUntil: null, lastError: message, progress: null })
            .executeTakeFirst();
          if (Number(failed.numUpdatedRows) > 0) await afterGivingUp(trx, job.key);
        });
      } else {
        await mine()
          .set(
            giveUp
              ? { status: "failed", leaseOwner: null, leaseUntil: null, lastError: message, progress: null }
              : {
                  nextAttemptAt: now() + retryDelayMs(job.attempts),
                  leaseOwner: null,
                  leaseUntil: null,
                  lastError: message,
                  progress: null,
                },
          )
          .execute();
      }
      if (giveUp) console.error(`Media jobs: ${job.id} failed: ${message}`);
      options.onAttempt?.({ id: job.id, result: giveUp ? "failed" : "retry", error: message });
    } finally {
      clearInterval(renew);
    }
  }

  /** One look: true when there was a job. */
  async function runDue(): Promise<boolean> {
    try {
      await options.beforeLook?.(db);
      const job = await claimOne(db, owner, now(), kinds);
      if (!job) return false;
      await runOne(job);
      return true;
    } catch (error) {
      // The database went away: leases run out and the work waits; look again shortly.
      console.error("Media jobs: paused after an error", error);
      return false;
    }
  }

  return startWorkerLoop(runDue, idleMs);
}
