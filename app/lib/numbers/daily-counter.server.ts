import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "#app/lib/db/db.server.ts";

/**
 * Counts per UTC day, for the artist's Numbers (decision 029). Counting never
 * waits for the database: each process adds its counts up in memory and writes
 * them every `flushMs` in one upsert (`count = count + excluded.count`), so
 * processes and stacks add up the same. A crash loses what was counted since
 * the last write, a few seconds; a write that fails is kept and tried again.
 *
 * Unique visitors are told apart by a hash of what the request carries (the
 * caller passes it: address and browser) with the day's random salt, which
 * every process shares through `visitorSalts` and which is deleted once its
 * day is over. The hash is kept only as the subject of a "visitor" row (count
 * 1), never beside what it was made of; two days later a day's hashes are
 * rolled up into one "visitors" row and deleted.
 */
export type DailyCounter = {
  /** Adds `n` to today's count of `metric` for `subject`. */
  count(metric: string, subject: string, n?: number): void;
  /** Someone seen today, known by what their requests carry (hashed here with the day's salt, never kept). */
  visitor(identity: string): void;
  /** Writes what is counted so far (the timer does this every `flushMs`). */
  flush(): Promise<void>;
  /** Rolls up visitor hashes of days gone and deletes old salts (every process does this now and then). */
  rollUp(): Promise<void>;
  /** Writes what is left and stops the timer: before the database closes. */
  stop(): Promise<void>;
};

/** The metric a day's visitor hashes are kept under, one row (count 1) each, until rolled up. */
export const VISITOR_METRIC = "visitor";
/** A day's unique visitors once its hashes are rolled up. */
export const VISITORS_METRIC = "visitors";
/** Where new subjects of a metric go once a process has seen this many of it in a day: junk sent on purpose cannot grow the table without end. */
export const SUBJECTS_PER_DAY = 2000;
export const OTHER_SUBJECT = "(other)";
/** Rows per statement, far below both databases' limits on parameters (4 a row). */
const ROWS_PER_STATEMENT = 2000;
const ROLL_UP_EVERY_MS = 10 * 60 * 1000;
/** Visitors this process remembers having written today; beyond, the database's key keeps them unique. */
const REMEMBERED_VISITORS = 100_000;
/** Identities waiting for the day's salt to be read: a moment at a day's turn. */
const WAITING_IDENTITIES = 10_000;

/** YYYY-MM-DD of an instant, in UTC. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 24 * 60 * 60 * 1000;

export function createDailyCounter(db: Db, options: { flushMs?: number; now?: () => number } = {}): DailyCounter {
  const now = options.now ?? Date.now;
  const flushMs = options.flushMs ?? 2000;
  /** day \t metric \t subject → count, since the last write. */
  let pending = new Map<string, number>();
  /** Subjects seen per day and metric, to cap them. */
  let subjectsDay = "";
  const subjects = new Map<string, Set<string>>();
  let salt: { day: string; value: string } | null = null;
  let saltLoading: Promise<void> | null = null;
  let waiting: string[] = [];
  let visitorsDay = "";
  let visitorsSeen = new Set<string>();
  let lastRollUp = 0;

  const add = (key: string, n: number) => pending.set(key, (pending.get(key) ?? 0) + n);

  function capped(day: string, metric: string, subject: string): string {
    if (day !== subjectsDay) {
      subjectsDay = day;
      subjects.clear();
    }
    let seen = subjects.get(metric);
    if (!seen) subjects.set(metric, (seen = new Set()));
    if (seen.has(subject)) return subject;
    if (seen.size >= SUBJECTS_PER_DAY) return OTHER_SUBJECT;
    seen.add(subject);
    return subject;
  }

  function seeVisitor(day: string, saltValue: string, identity: string) {
    if (day !== visitorsDay) {
      visitorsDay = day;
      visitorsSeen = new Set();
    }
    const hash = createHash("sha256").update(saltValue).update("\n").update(identity).digest("base64url").slice(0, 22);
    if (visitorsSeen.has(hash)) return;
    if (visitorsSeen.size < REMEMBERED_VISITORS) visitorsSeen.add(hash);
    pending.set(`${day}\t${VISITOR_METRIC}\t${hash}`, 1);
  }

  function loadSalt(day: string): Promise<void> {
    saltLoading ??= daySalt(db, day)
      .then((value) => {
        salt = { day, value };
        const identities = waiting;
        waiting = [];
        for (const identity of identities) seeVisitor(day, value, identity);
      })
      .catch((error: unknown) => console.error("Reading the day's visitor salt failed", error))
      .finally(() => (saltLoading = null));
    return saltLoading;
  }

  async function write(): Promise<void> {
    const day = utcDay(now());
    if (salt?.day !== day && waiting.length > 0) await loadSalt(day);
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const rows = [...batch].map(([key, count]) => {
      const [rowDay, metric, subject] = key.split("\t") as [string, string, string];
      return { day: rowDay, metric, subject, count };
    });
    try {
      for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
        await upsertCounts(db, rows.slice(start, start + ROWS_PER_STATEMENT));
      }
    } catch (error) {
      // Kept for the next write (what arrived meanwhile is added to it).
      for (const [key, count] of batch) {
        if (key.includes(`\t${VISITOR_METRIC}\t`)) pending.set(key, 1);
        else add(key, count);
      }
      throw error;
    }
  }

  /** One write at a time: the next waits for this one, then writes what came since. */
  let writes: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    const run = writes.then(write);
    writes = run.catch(() => {});
    return run;
  };

  async function rollUp(): Promise<void> {
    lastRollUp = now();
    await rollUpVisitors(db, utcDay(now() - DAY_MS));
    await db.deleteFrom("visitorSalts").where("day", "<", utcDay(now())).execute();
  }

  const timer = setInterval(() => {
    flush().catch((error: unknown) => console.error("Writing the day's counts failed; they are kept and tried again", error));
    if (now() - lastRollUp >= ROLL_UP_EVERY_MS) {
      rollUp().catch((error: unknown) => console.error("Rolling up past days' visitors failed", error));
    }
  }, flushMs);
  timer.unref();

  return {
    count(metric, subject, n = 1) {
      const day = utcDay(now());
      add(`${day}\t${metric}\t${capped(day, metric, subject)}`, n);
    },
    visitor(identity) {
      const day = utcDay(now());
      if (salt?.day === day) return seeVisitor(day, salt.value, identity);
      if (waiting.length < WAITING_IDENTITIES) waiting.push(identity);
      void loadSalt(day);
    },
    flush,
    rollUp,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** One statement: counts add up; a visitor's row stays 1, however many processes saw them. */
async function upsertCounts(db: Db, rows: { day: string; metric: string; subject: string; count: number }[]): Promise<void> {
  await db
    .insertInto("dailyCounts")
    .values(rows)
    .onConflict((oc) =>
      oc.columns(["metric", "day", "subject"]).doUpdateSet({
        count: sql<number>`case when ${sql.ref("excluded.metric")} = ${VISITOR_METRIC} then 1 else ${sql.ref("dailyCounts.count")} + ${sql.ref("excluded.count")} end`,
      }),
    )
    .execute();
}

/** The day's salt, made by whichever process asks first. */
async function daySalt(db: Db, day: string): Promise<string> {
  await db
    .insertInto("visitorSalts")
    .values({ day, salt: randomBytes(32).toString("base64url") })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  const row = await db.selectFrom("visitorSalts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
  return row.salt;
}

/**
 * Visitor hashes of days before `keepFrom` become one "visitors" row per day.
 * The rows are deleted and counted in one transaction, so two processes
 * rolling up at once count each hash once (the second deletes none).
 */
async function rollUpVisitors(db: Db, keepFrom: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom("dailyCounts")
      .where("metric", "=", VISITOR_METRIC)
      .where("day", "<", keepFrom)
      .returning("day")
      .execute();
    if (gone.length === 0) return;
    const perDay = new Map<string, number>();
    for (const { day } of gone) perDay.set(day, (perDay.get(day) ?? 0) + 1);
    await trx
      .insertInto("dailyCounts")
      .values([...perDay].map(([day, count]) => ({ day, metric: VISITORS_METRIC, subject: "", count })))
      .onConflict((oc) =>
        oc
          .columns(["metric", "day", "subject"])
          .doUpdateSet({ count: sql<number>`${sql.ref("dailyCounts.count")} + ${sql.ref("excluded.count")}` }),
      )
      .execute();
  });
}
