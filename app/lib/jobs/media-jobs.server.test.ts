import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import {
  enqueueMediaJob,
  MAX_JOB_ATTEMPTS,
  PermanentJobError,
  startMediaJobs,
  type MediaJobHandler,
  type MediaJobs,
} from "./media-jobs.server.ts";

const until = async (check: () => Promise<boolean>, what: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(testStacks)("media jobs on %s", (kind) => {
  let site: TestSite;
  const running: MediaJobs[] = [];
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  beforeEach(async () => {
    await Promise.all(running.splice(0).map((jobs) => jobs.stop()));
    await site.services.db.deleteFrom("mediaJobs").execute();
  });
  afterAll(async () => {
    await Promise.all(running.map((jobs) => jobs.stop()));
    await site.cleanup();
  });

  const db = () => site.services.db;
  const job = (key: string) => db().selectFrom("mediaJobs").selectAll().where("id", "=", `analyse:${key}`).executeTakeFirstOrThrow();
  const start = (handler: MediaJobHandler, now?: () => number) => {
    const jobs = startMediaJobs({ db: db(), handlers: { analyse: handler, renditions: handler }, idleMs: 20, ...(now ? { now } : {}) });
    running.push(jobs);
    return jobs;
  };

  it("does each job once, though two processes look for work at the same time", async () => {
    const keys = Array.from({ length: 8 }, (_, i) => `music/17000000000${i}0_track-${i}.wav`);
    for (const key of keys) await enqueueMediaJob(db(), "analyse", key);
    // Asked for twice: still one job.
    await enqueueMediaJob(db(), "analyse", keys[0]!);
    const done: string[] = [];
    const work = async (key: string) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      done.push(key);
    };
    start(work);
    start(work);
    await until(
      async () => (await db().selectFrom("mediaJobs").select("id").where("status", "=", "done").execute()).length === 8,
      "8 done",
    );
    expect(done.sort()).toEqual([...keys].sort());
    expect((await job(keys[0]!)).attempts).toBe(1);
  });

  it("keeps how far a job under way has come, for the library to show, and forgets it once the job is over", async () => {
    const key = "music/1700000000000_long-master.wav";
    await enqueueMediaJob(db(), "analyse", key);
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    start(async (_key, progress) => {
      progress?.(0.004);
      progress?.(0.42);
      await finished;
    });
    await until(async () => (await job(key)).progress !== null, "the first progress written");
    // Written at most every so often: the first step is what is kept for now, the rest follows.
    expect((await job(key)).progress).toBe(0);
    finish();
    await until(async () => (await job(key)).status === "done", "the job done");
    expect((await job(key)).progress).toBeNull();
  });

  it("tries again later after a failure, and keeps why; a permanent failure or the last attempt fails it for the artist to see", async () => {
    let clock = Date.now();
    let calls = 0;
    await enqueueMediaJob(db(), "analyse", "music/1700000000100_flaky.wav", clock);
    await enqueueMediaJob(db(), "analyse", "music/1700000000200_broken.wav", clock);
    const first = start(
      async (key) => {
        if (key.endsWith("broken.wav")) throw new PermanentJobError("The audio could not be read: Invalid data found");
        calls++;
        if (calls === 1) throw new Error("Storage did not answer");
      },
      () => clock,
    );
    await until(async () => (await job("music/1700000000100_flaky.wav")).lastError !== null, "the first failure");
    const waiting = await job("music/1700000000100_flaky.wav");
    expect(waiting).toMatchObject({ status: "queued", attempts: 1, lastError: "Storage did not answer" });
    expect(waiting.nextAttemptAt).toBeGreaterThan(clock + 20_000);
    await until(async () => (await job("music/1700000000200_broken.wav")).status === "failed", "the permanent failure");
    expect(await job("music/1700000000200_broken.wav")).toMatchObject({
      attempts: 1,
      lastError: "The audio could not be read: Invalid data found",
    });
    // Its time comes: done, and the error is cleared.
    clock += 60_000;
    await until(async () => (await job("music/1700000000100_flaky.wav")).status === "done", "the retry");
    expect(await job("music/1700000000100_flaky.wav")).toMatchObject({ attempts: 2, lastError: null });

    // Stopped first: its handler would take the next job and do it.
    await first.stop();
    await enqueueMediaJob(db(), "analyse", "music/1700000000300_never.wav", clock);
    await db()
      .updateTable("mediaJobs")
      .set({ attempts: MAX_JOB_ATTEMPTS - 1 })
      .where("id", "=", "analyse:music/1700000000300_never.wav")
      .execute();
    start(
      async (key) => {
        if (key.endsWith("never.wav")) throw new Error("Still no answer");
      },
      () => clock,
    );
    await until(async () => (await job("music/1700000000300_never.wav")).status === "failed", "the last attempt");
  });

  it("runs a kind's give-up step with the job failing for good, and not for a failure it will try again or a job done", async () => {
    const clock = Date.now();
    for (const name of ["fine", "flaky", "broken"]) await enqueueMediaJob(db(), "analyse", `music/1700000000400_${name}.wav`, clock);
    const gaveUp: { key: string; status: string | undefined }[] = [];
    const jobs = startMediaJobs({
      db: db(),
      handlers: {
        analyse: async (key) => {
          if (key.endsWith("broken.wav")) throw new PermanentJobError("Unreadable");
          if (key.endsWith("flaky.wav")) throw new Error("Storage did not answer");
        },
      },
      onGiveUp: {
        analyse: async (trx, key) => {
          // Inside the transaction that fails it: it reads the job as failed already.
          const row = await trx.selectFrom("mediaJobs").select("status").where("key", "=", key).executeTakeFirst();
          gaveUp.push({ key, status: row?.status });
        },
      },
      idleMs: 20,
      now: () => clock,
    });
    running.push(jobs);
    await until(async () => (await job("music/1700000000400_flaky.wav")).lastError !== null, "the flaky job's first failure");
    await until(async () => (await job("music/1700000000400_broken.wav")).status === "failed", "the broken job failed");
    await until(async () => (await job("music/1700000000400_fine.wav")).status === "done", "the fine job done");
    expect(gaveUp).toEqual([{ key: "music/1700000000400_broken.wav", status: "failed" }]);
  });

  it("takes over the job of a process that died holding it, once its lease has run out", async () => {
    const now = Date.now();
    await enqueueMediaJob(db(), "analyse", "music/1700000000400_orphan.wav", now);
    // As a process killed mid-job leaves it: claimed, its lease still running.
    await db()
      .updateTable("mediaJobs")
      .set({ leaseOwner: "a-dead-process", leaseUntil: now + 60_000, attempts: 1, progress: 42 })
      .where("id", "=", "analyse:music/1700000000400_orphan.wav")
      .execute();
    let clock = now;
    const done: string[] = [];
    // The dead process's progress is not this one's: the library shows none until it says its own.
    const progressWhenTaken: (number | null)[] = [];
    start(
      async (key) => {
        progressWhenTaken.push((await job(key)).progress);
        done.push(key);
      },
      () => clock,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(done).toEqual([]);
    clock = now + 61_000;
    await until(async () => (await job("music/1700000000400_orphan.wav")).status === "done", "the take-over");
    expect(done).toEqual(["music/1700000000400_orphan.wav"]);
    expect(progressWhenTaken).toEqual([null]);
    expect((await job("music/1700000000400_orphan.wav")).attempts).toBe(2);
  });
});
