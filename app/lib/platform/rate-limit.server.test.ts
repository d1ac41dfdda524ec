import { randomBytes } from "node:crypto";
import { once } from "node:events";
import net from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { openDatabase, sqliteFileIn, type Db } from "#app/lib/db/db.server.ts";
import { createDatabaseRateLimiter, createRedisRateLimiter, type RateLimiter } from "./rate-limit.server.ts";
import { connectRedis, type RedisClient } from "./redis.server.ts";

const REDIS_URL = process.env.TEST_REDIS_URL;

/** Two limiters that stand for two processes of one site, and a way to let time pass for them. */
type Subject = { limiter: RateLimiter; otherProcess: RateLimiter; passTime(ms: number): Promise<void> };

const uniqueKey = (label: string) => `${label}:${randomBytes(4).toString("hex")}`;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The behaviour every store must have, whatever it counts in. */
function behavesAsASharedRateLimiter(subject: () => Subject) {
  it("allows `max` requests per window, then refuses with the time left", async () => {
    const { limiter } = subject();
    const key = uniqueKey("10.0.0.1");
    const rule = { window: 60, max: 3 };
    const decisions = [];
    for (let i = 0; i < 5; i++) decisions.push(await limiter.consume(key, rule));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
    expect(decisions.slice(0, 3).every((d) => d.retryAfter === null)).toBe(true);
    const retryAfter = decisions[4]?.retryAfter ?? 0;
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("peeks without counting: allowed while one more would be within the window, then the time left", async () => {
    const { limiter, otherProcess, passTime } = subject();
    const key = uniqueKey("10.0.0.8");
    const rule = { window: 1, max: 2 };
    expect(await limiter.peek(key, rule)).toEqual({ allowed: true, retryAfter: null });
    for (let i = 0; i < 5; i++) expect((await limiter.peek(key, rule)).allowed).toBe(true);
    expect((await limiter.consume(key, rule)).allowed).toBe(true);
    expect((await otherProcess.peek(key, rule)).allowed).toBe(true);
    expect((await otherProcess.consume(key, rule)).allowed).toBe(true);
    expect(await limiter.peek(key, rule)).toEqual({ allowed: false, retryAfter: 1 });
    expect(await otherProcess.peek(key, rule)).toEqual({ allowed: false, retryAfter: 1 });
    await passTime(1_100);
    expect(await limiter.peek(key, rule)).toEqual({ allowed: true, retryAfter: null });
    // The peeks counted nothing: the new window still has its whole allowance.
    expect((await limiter.consume(key, rule)).allowed).toBe(true);
    expect((await limiter.consume(key, rule)).allowed).toBe(true);
    expect((await limiter.consume(key, rule)).allowed).toBe(false);
  });

  it("keeps keys apart", async () => {
    const { limiter } = subject();
    const rule = { window: 60, max: 1 };
    const first = uniqueKey("10.0.0.2");
    expect((await limiter.consume(first, rule)).allowed).toBe(true);
    expect((await limiter.consume(first, rule)).allowed).toBe(false);
    expect((await limiter.consume(uniqueKey("10.0.0.3"), rule)).allowed).toBe(true);
    expect((await limiter.consume(`${first}/other-path`, rule)).allowed).toBe(true);
  });

  it("starts a fresh count once the window has passed", async () => {
    const { limiter, passTime } = subject();
    const key = uniqueKey("10.0.0.4");
    const rule = { window: 1, max: 2 };
    expect((await limiter.consume(key, rule)).allowed).toBe(true);
    expect((await limiter.consume(key, rule)).allowed).toBe(true);
    expect(await limiter.consume(key, rule)).toEqual({ allowed: false, retryAfter: 1 });
    await passTime(1_100);
    expect((await limiter.consume(key, rule)).allowed).toBe(true);
    expect((await limiter.consume(key, rule)).allowed).toBe(true);
    expect((await limiter.consume(key, rule)).allowed).toBe(false);
  });

  it("counts concurrent requests exactly", async () => {
    const { limiter } = subject();
    const key = uniqueKey("10.0.0.5");
    const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.consume(key, { window: 60, max: 5 })));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });

  it("shares one count between two processes, even when they race", async () => {
    const { limiter, otherProcess } = subject();
    const rule = { window: 60, max: 4 };
    const key = uniqueKey("10.0.0.6");
    expect((await limiter.consume(key, rule)).allowed).toBe(true);
    expect((await otherProcess.consume(key, rule)).allowed).toBe(true);
    expect((await limiter.consume(key, rule)).allowed).toBe(true);
    expect((await otherProcess.consume(key, rule)).allowed).toBe(true);
    expect((await limiter.consume(key, rule)).allowed).toBe(false);
    expect((await otherProcess.consume(key, rule)).allowed).toBe(false);

    const raced = uniqueKey("10.0.0.7");
    const decisions = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? limiter : otherProcess).consume(raced, { window: 60, max: 5 })),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });
}

describe.each(testStacks)("the database rate limiter on %s", (stack) => {
  let site: TestSite;
  let secondConnection: Db;
  // Both "processes" read one clock, which the tests move.
  let clock = 1_800_000_000_000;
  const subject = (): Subject => ({
    limiter: createDatabaseRateLimiter(site.services.db, () => clock),
    otherProcess: createDatabaseRateLimiter(secondConnection, () => clock),
    async passTime(ms) {
      clock += ms;
    },
  });

  beforeAll(async () => {
    site = await createTestSite(stack);
    // A second connection (pool) to the same database, as another process would open.
    secondConnection = openDatabase({ databaseUrl: site.services.env.databaseUrl, sqliteFile: sqliteFileIn(site.services.env.dataDir) }).db;
  });
  afterAll(async () => {
    await secondConnection?.destroy();
    await site?.cleanup();
  });

  behavesAsASharedRateLimiter(subject);

  it("says how long is left in the window", async () => {
    const { limiter, passTime } = subject();
    const key = uniqueKey("10.0.1.1");
    const rule = { window: 60, max: 1 };
    await limiter.consume(key, rule);
    await passTime(20_000);
    expect(await limiter.consume(key, rule)).toEqual({ allowed: false, retryAfter: 40 });
    await passTime(39_500);
    expect(await limiter.consume(key, rule)).toEqual({ allowed: false, retryAfter: 1 });
    await passTime(500);
    expect(await limiter.consume(key, rule)).toEqual({ allowed: true, retryAfter: null });
  });
});

describe.skipIf(!REDIS_URL)("the Redis rate limiter", () => {
  const prefix = `test:rate-limit:${process.pid}:${randomBytes(3).toString("hex")}:`;
  let client: RedisClient;
  let secondClient: RedisClient;
  const subject = (): Subject => ({
    limiter: createRedisRateLimiter(client, prefix),
    otherProcess: createRedisRateLimiter(secondClient, prefix),
    passTime: sleep,
  });

  beforeAll(async () => {
    client = await connectRedis(REDIS_URL ?? "");
    secondClient = await connectRedis(REDIS_URL ?? "");
  });
  afterAll(async () => {
    await deleteKeys(client, prefix);
    await Promise.all([client?.close(), secondClient?.close()]);
  });

  behavesAsASharedRateLimiter(subject);

  it("keeps its counts under the site's prefix, each expiring with its window", async () => {
    const key = uniqueKey("10.0.2.1");
    await subject().limiter.consume(key, { window: 60, max: 5 });
    const stored = `${prefix}rate-limit:${key}`;
    expect(await client.keys(`${prefix}*`)).toContain(stored);
    expect(await client.get(stored)).toBe("1");
    const ttl = await client.pTTL(stored);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it("keeps counting after Redis has forgotten the script", async () => {
    const key = uniqueKey("10.0.2.2");
    const { limiter } = subject();
    expect((await limiter.consume(key, { window: 60, max: 1 })).allowed).toBe(true);
    await client.scriptFlush();
    expect((await limiter.consume(key, { window: 60, max: 1 })).allowed).toBe(false);
  });
});

describe.skipIf(!REDIS_URL)("the Redis rate limiter when Redis is unreachable", () => {
  const prefix = `test:rate-limit-outage:${process.pid}:${randomBytes(3).toString("hex")}:`;
  let site: TestSite;
  let proxy: RedisProxy;
  let client: RedisClient;
  let direct: RedisClient;
  let errors: string[];

  beforeAll(async () => {
    site = await createTestSite("embedded");
    direct = await connectRedis(REDIS_URL ?? "");
  });
  afterAll(async () => {
    await deleteKeys(direct, prefix);
    await direct?.close();
    await site?.cleanup();
  });
  beforeEach(async () => {
    errors = [];
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void errors.push(String(line)));
    vi.spyOn(console, "info").mockImplementation(() => {});
    proxy = await startRedisProxy(REDIS_URL ?? "");
    client = await connectRedis(proxy.url, { connectTimeoutMs: 500 });
  });
  afterEach(async () => {
    // destroy, not close: a command lost in a stalled connection would make close() wait forever.
    client.destroy();
    await proxy.close();
    vi.restoreAllMocks();
  });

  const fallbackRows = (key: string) => site.services.db.selectFrom("formRateLimits").select("count").where("key", "=", key).execute();
  const rateLimitErrors = () => errors.filter((line) => line.startsWith("Rate limits:"));

  it("counts in the database while Redis is down, logs it once, and goes back to Redis when it returns", async () => {
    const limiter = createRedisRateLimiter(client, prefix, { fallback: createDatabaseRateLimiter(site.services.db), timeoutMs: 300 });
    const rule = { window: 60, max: 2 };
    const key = uniqueKey("10.0.3.1");
    expect((await limiter.consume(key, rule)).allowed).toBe(true);
    expect(await direct.get(`${prefix}rate-limit:${key}`)).toBe("1");

    await proxy.stop();
    await until(() => !client.isReady);
    const started = performance.now();
    const duringOutage = [];
    for (let i = 0; i < 3; i++) duringOutage.push(await limiter.consume(key, rule));
    // Refused at once: no waiting for the timeout while the connection is known to be down.
    expect(performance.now() - started).toBeLessThan(250);
    expect(duringOutage.map((d) => d.allowed)).toEqual([true, true, false]);
    expect(duringOutage[2]?.retryAfter).toBeGreaterThanOrEqual(59);
    expect(await fallbackRows(key)).toEqual([{ count: 3 }]);
    // A peek looks where the counting happens meanwhile.
    expect((await limiter.peek(key, rule)).allowed).toBe(false);
    expect(await fallbackRows(key)).toEqual([{ count: 3 }]);
    expect(rateLimitErrors()).toHaveLength(1);
    expect(rateLimitErrors()[0]).toMatch(/Redis did not answer .*counting in the database/);

    await proxy.start();
    await once(client, "ready");
    // Redis's count resumes where it was (1), not the database's.
    expect(await limiter.consume(key, rule)).toEqual({ allowed: true, retryAfter: null });
    expect(await direct.get(`${prefix}rate-limit:${key}`)).toBe("2");
    expect((await limiter.peek(key, rule)).allowed).toBe(false);
    expect(await direct.get(`${prefix}rate-limit:${key}`)).toBe("2");
    expect((await limiter.consume(key, rule)).allowed).toBe(false);
    expect(await fallbackRows(key)).toEqual([{ count: 3 }]);
  });

  it("gives up waiting on a Redis that stopped answering, and counts in the database", async () => {
    const limiter = createRedisRateLimiter(client, prefix, { fallback: createDatabaseRateLimiter(site.services.db), timeoutMs: 300 });
    const key = uniqueKey("10.0.3.2");
    proxy.stall();
    const started = performance.now();
    expect(await limiter.consume(key, { window: 60, max: 1 })).toEqual({ allowed: true, retryAfter: null });
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(1_500);
    expect(await fallbackRows(key)).toEqual([{ count: 1 }]);
    expect(rateLimitErrors()[0]).toMatch(/no answer within 300 ms/);
  });

  it("lets requests through, and says so, when it has no fallback", async () => {
    const limiter = createRedisRateLimiter(client, prefix, { timeoutMs: 300 });
    await proxy.stop();
    await until(() => !client.isReady);
    const key = uniqueKey("10.0.3.3");
    for (let i = 0; i < 3; i++) expect(await limiter.consume(key, { window: 60, max: 1 })).toEqual({ allowed: true, retryAfter: null });
    expect(rateLimitErrors()).toHaveLength(1);
    expect(rateLimitErrors()[0]).toMatch(/not limiting until it is back/);
  });

  it("refuses to start against a Redis it cannot reach, after a few quick attempts, without crashing the process", async () => {
    await proxy.stop();
    const started = performance.now();
    await expect(connectRedis(proxy.url, { connectTimeoutMs: 200, startupAttempts: 3 })).rejects.toThrow(
      /Could not connect to Redis at 127\.0\.0\.1:\d+\/\d+ after 3 attempts/,
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(errors.some((line) => line.startsWith("Redis (127.0.0.1:"))).toBe(true);
  });
});

async function deleteKeys(client: RedisClient | undefined, prefix: string) {
  if (!client) return;
  const keys = await client.keys(`${prefix}*`);
  if (keys.length) await client.del(keys);
}

async function until(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(10);
  }
}

type RedisProxy = {
  url: string;
  /** Closes the port and drops every connection: Redis is down. */
  stop(): Promise<void>;
  /** Opens the port again. */
  start(): Promise<void>;
  /** Keeps connections open but passes nothing on: Redis hangs. */
  stall(): void;
  close(): Promise<void>;
};

/** A TCP relay in front of the test Redis, so a test can take "Redis" away and bring it back. */
async function startRedisProxy(redisUrl: string): Promise<RedisProxy> {
  const target = new URL(redisUrl);
  const sockets = new Set<net.Socket>();
  let stalled = false;
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => {
        sockets.delete(socket);
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.on("data", (chunk) => void (stalled || outbound.write(chunk)));
    outbound.on("data", (chunk) => void (stalled || inbound.write(chunk)));
  });
  const listen = async (port: number) => {
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
  };
  await listen(0);
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("The proxy has no port");
  const url = new URL(redisUrl);
  url.host = `127.0.0.1:${address.port}`;
  const stop = async () => {
    if (!server.listening) return;
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    url: url.toString(),
    stop,
    start: () => listen(address.port),
    stall() {
      stalled = true;
    },
    close: stop,
  };
}
