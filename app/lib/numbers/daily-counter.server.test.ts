import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { createDailyCounter, OTHER_SUBJECT, SUBJECTS_PER_DAY, utcDay, VISITOR_METRIC, VISITORS_METRIC } from "./daily-counter.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const NOON = Date.UTC(2026, 10, 20, 12);

describe.each(testStacks)("the daily counter on %s", (stack) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(stack);
  });
  afterAll(() => site.cleanup());
  beforeEach(async () => {
    await site.services.db.deleteFrom("dailyCounts").execute();
    await site.services.db.deleteFrom("visitorSalts").execute();
  });

  const rows = (metric?: string) => {
    let query = site.services.db.selectFrom("dailyCounts").select(["day", "metric", "subject", "count"]);
    if (metric) query = query.where("metric", "=", metric);
    return query.orderBy("day").orderBy("subject").execute();
  };
  /** A counter as a process has it, with its own clock; the timer never fires within a test. */
  const counterAt = (clock: { now: number }) => createDailyCounter(site.services.db, { flushMs: 3_600_000, now: () => clock.now });

  it("adds up what several processes counted, per day, metric and subject, written in one go each", async () => {
    const clock = { now: NOON };
    const first = counterAt(clock);
    const second = counterAt(clock);
    for (let i = 0; i < 3; i++) first.count("view", "/music");
    second.count("view", "/music", 2);
    second.count("view", "/shows");
    expect(await rows()).toEqual([]);
    await Promise.all([first.flush(), second.flush()]);
    first.count("view", "/music");
    clock.now += DAY_MS;
    first.count("view", "/music");
    await first.stop();
    await second.stop();
    expect(await rows()).toEqual([
      { day: "2026-11-20", metric: "view", subject: "/music", count: 6 },
      { day: "2026-11-20", metric: "view", subject: "/shows", count: 1 },
      { day: "2026-11-21", metric: "view", subject: "/music", count: 1 },
    ]);
  });

  it("keeps counts whose write failed and writes them with the next", async () => {
    const clock = { now: NOON };
    let down = true;
    // The real database, whose writes fail while `down` (as a lost connection would).
    const flaky = new Proxy(site.services.db, {
      get(target, name) {
        if (name === "insertInto" && down) throw new Error("database unavailable");
        const value = Reflect.get(target, name) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const counter = createDailyCounter(flaky, { flushMs: 3_600_000, now: () => clock.now });
    counter.count("view", "/bio", 5);
    await expect(counter.flush()).rejects.toThrow("database unavailable");
    counter.count("view", "/bio");
    down = false;
    await counter.stop();
    expect(await rows("view")).toEqual([{ day: "2026-11-20", metric: "view", subject: "/bio", count: 6 }]);
  });

  it("counts each visitor once a day whichever process saw them, keeps only a salted hash, and rolls past days up", async () => {
    const clock = { now: NOON };
    const first = counterAt(clock);
    const second = counterAt(clock);
    const fan = "203.0.113.9\nMozilla/5.0 (Fan's phone)";
    first.visitor(fan);
    first.visitor(fan);
    second.visitor(fan);
    second.visitor("198.51.100.4\nMozilla/5.0 (Another)");
    await Promise.all([first.flush(), second.flush()]);
    await Promise.all([first.flush(), second.flush()]);
    const today = await rows(VISITOR_METRIC);
    expect(today).toHaveLength(2);
    for (const row of today) {
      expect(row.count).toBe(1);
      expect(row.subject).not.toContain("203.0.113.9");
      expect(row.subject).not.toContain("Mozilla");
    }
    // The next day: a new salt, so the same fan is a new hash, and yesterday's salt is gone once rolled up.
    clock.now += DAY_MS;
    first.visitor(fan);
    await first.flush();
    const hashes = (await rows(VISITOR_METRIC)).map((row) => row.subject);
    expect(new Set(hashes).size).toBe(3);
    await first.rollUp();
    expect(await site.services.db.selectFrom("visitorSalts").select("day").execute()).toEqual([{ day: "2026-11-21" }]);
    // Two days on, the 20th's hashes are one row, rolled up once however many processes try.
    clock.now += DAY_MS;
    await Promise.all([first.rollUp(), second.rollUp(), first.rollUp()]);
    expect(await rows(VISITORS_METRIC)).toEqual([{ day: "2026-11-20", metric: VISITORS_METRIC, subject: "", count: 2 }]);
    expect((await rows(VISITOR_METRIC)).map((row) => row.day)).toEqual(["2026-11-21"]);
    await Promise.all([first.stop(), second.stop()]);
  });

  it(`counts subjects beyond ${SUBJECTS_PER_DAY} a day as ${OTHER_SUBJECT}`, async () => {
    const clock = { now: NOON };
    const counter = counterAt(clock);
    for (let i = 0; i < SUBJECTS_PER_DAY + 5; i++) counter.count("referrer", `site-${i}.example`);
    counter.count("referrer", "site-0.example");
    await counter.stop();
    const counted = await rows("referrer");
    expect(counted).toHaveLength(SUBJECTS_PER_DAY + 1);
    expect(counted.find((row) => row.subject === OTHER_SUBJECT)?.count).toBe(5);
    expect(counted.find((row) => row.subject === "site-0.example")?.count).toBe(2);
  });
});

describe("utcDay", () => {
  it("names the day in UTC", () => {
    expect(utcDay(Date.UTC(2026, 0, 1, 23, 59, 59))).toBe("2026-01-01");
    expect(utcDay(Date.UTC(2026, 0, 2))).toBe("2026-01-02");
  });
});
