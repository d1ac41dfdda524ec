import { createHash, createHmac } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "#app/lib/db/db.server.ts";
import type { RedisClient } from "./redis.server.ts";

type RateLimitRule = {
  /** Length of the window, in seconds. */
  window: number;
  /** Requests allowed per key in one window. */
  max: number;
};

type RateLimitDecision = {
  allowed: boolean;
  /** Seconds until the key may try again; null when allowed. */
  retryAfter: number | null;
};

/**
 * Counts requests per key in fixed windows, shared by every process of the
 * site. `consume` has exactly the shape of better-auth's
 * `rateLimit.customStorage`, so the same limiter serves sign-in, sign-up and
 * the public forms. `store` tells where the counts live.
 */
export type RateLimiter = {
  readonly store: "database" | "redis";
  /** Records one request for `key` and says whether it is within `rule`, in one atomic step. */
  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  /**
   * Whether one more request for `key` would be within `rule`, recording
   * nothing: for a limit that counts only some requests (wrong download codes)
   * but must stop all of them once it is reached. Another process may count
   * between a peek and its consume; a burst gets past by at most its own size.
   */
  peek(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
};

/** No limit counts over a window longer than this; a row older is of no use to any. */
const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const ALLOWED: RateLimitDecision = { allowed: true, retryAfter: null };

const refused = (msLeft: number): RateLimitDecision => ({ allowed: false, retryAfter: Math.max(1, Math.ceil(msLeft / 1000)) });

/**
 * Counts in the `formRateLimits` table with one `INSERT … ON CONFLICT DO
 * UPDATE … RETURNING`, so concurrent requests (and processes) never lose a
 * count. A row is reused once its window has passed. `now` is injectable so
 * tests can move time.
 */
export function createDatabaseRateLimiter(db: Db, now: () => number = Date.now): RateLimiter {
  let prunedAt = 0;
  return {
    store: "database",
    async consume(key, rule) {
      const time = now();
      if (time - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = time;
        // Rows of windows long gone: each client's address leaves one behind (as its HMAC), which nothing else would remove.
        void db
          .deleteFrom("formRateLimits")
          .where("windowStart", "<", time - LONGEST_WINDOW_MS)
          .execute()
          .catch((error: unknown) => console.error("Rate limits: removing old counts failed", error));
      }
      const windowMs = Math.round(rule.window * 1000);
      const windowFloor = time - windowMs;
      const windowStart = sql.ref("formRateLimits.windowStart");
      const row = await db
        .insertInto("formRateLimits")
        .values({ key, windowStart: time, count: 1 })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            count: sql<number>`case when ${windowStart} <= ${windowFloor} then 1 else ${sql.ref("formRateLimits.count")} + 1 end`,
            windowStart: sql<number>`case when ${windowStart} <= ${windowFloor} then ${time} else ${windowStart} end`,
          }),
        )
        .returning(["count", "windowStart"])
        .executeTakeFirstOrThrow();
      return row.count <= rule.max ? ALLOWED : refused(row.windowStart + windowMs - time);
    },
    async peek(key, rule) {
      const time = now();
      const windowMs = Math.round(rule.window * 1000);
      const row = await db.selectFrom("formRateLimits").select(["count", "windowStart"]).where("key", "=", key).executeTakeFirst();
      // A window that has passed counts as none, as consume would start afresh.
      if (!row || Number(row.windowStart) <= time - windowMs) return ALLOWED;
      return Number(row.count) < rule.max ? ALLOWED : refused(Number(row.windowStart) + windowMs - time);
    },
  };
}

// INCR and the expiry in one script, so they happen together (no key is ever
// left counting without an expiry, which would lock a client out for good) and
// in one round trip. The window is Redis's own clock (the key's TTL), so every
// process agrees on it whatever their clocks say. A key found without a TTL is
// given one, which also mends a key that lost its expiry some other way.
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;
const CONSUME_SCRIPT_SHA1 = createHash("sha1").update(CONSUME_SCRIPT).digest("hex");

// The count and the time left together, so they describe the same window.
const PEEK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
return {count, redis.call('PTTL', KEYS[1])}
`;
const PEEK_SCRIPT_SHA1 = createHash("sha1").update(PEEK_SCRIPT).digest("hex");

export type RedisRateLimiterOptions = {
  /**
   * Where to count while Redis cannot answer (see below). Without one, the
   * limiter lets requests through while Redis is down.
   */
  fallback?: RateLimiter;
  /** How long to wait for Redis before treating it as unreachable. */
  timeoutMs?: number;
};

/**
 * Counts in Redis under `prefix`, so every process behind the load balancer
 * shares one count per key.
 *
 * When Redis cannot answer (down, restarting, or slower than `timeoutMs`), the
 * request is counted in `fallback` (the database limiter, which every process
 * also shares) and the error is logged once per outage. Failing closed would
 * lock the artist out of their own dashboard and turn every fan's message
 * away with "too many attempts" because of a cache outage, which is not what
 * an operator expects of a rate limiter; failing open would drop the
 * brute-force protection on sign-in for as long as the outage lasts. Counting
 * in the database keeps the site working and the limits on; the only cost is
 * that a key's count starts again when the store changes, so a client may get
 * up to one extra window's allowance per outage. With no fallback it fails
 * open (logged): the bot checks on the forms and the password hashing still
 * stand.
 */
export function createRedisRateLimiter(client: RedisClient, prefix: string, options: RedisRateLimiterOptions = {}): RateLimiter {
  const { fallback, timeoutMs = 500 } = options;
  let outage = false;

  /** Runs one of the scripts on `key`: its count and the milliseconds left in its window. */
  async function run(script: string, sha1: string, key: string, windowMs: number): Promise<[number, number]> {
    const args = { keys: [`${prefix}rate-limit:${key}`], arguments: [String(windowMs)] };
    const reply = await client.evalSha(sha1, args).catch((error: unknown) => {
      // The server forgets scripts on restart or SCRIPT FLUSH: send it in full once.
      if (error instanceof Error && error.message.startsWith("NOSCRIPT")) return client.eval(script, args);
      throw error;
    });
    if (!Array.isArray(reply) || typeof reply[0] !== "number" || typeof reply[1] !== "number") {
      throw new Error(`Unexpected reply from the rate-limit script: ${JSON.stringify(reply)}`);
    }
    return [reply[0], reply[1]];
  }

  async function countInRedis(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    const [count, ttl] = await run(CONSUME_SCRIPT, CONSUME_SCRIPT_SHA1, key, Math.max(1, Math.round(rule.window * 1000)));
    return count <= rule.max ? ALLOWED : refused(ttl);
  }

  async function peekInRedis(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    const [count, ttl] = await run(PEEK_SCRIPT, PEEK_SCRIPT_SHA1, key, Math.max(1, Math.round(rule.window * 1000)));
    // No key, or one without a TTL (consume would mend it): nothing counted in a window.
    return count < rule.max || ttl < 0 ? ALLOWED : refused(ttl);
  }

  /** Asks Redis, or `fallback` while Redis cannot answer, saying so once per outage. */
  async function decide(inRedis: () => Promise<RateLimitDecision>, inFallback: (() => Promise<RateLimitDecision>) | null) {
    let decision: RateLimitDecision;
    try {
      decision = await withDeadline(inRedis(), timeoutMs);
    } catch (error) {
      if (!outage) {
        outage = true;
        const reason = error instanceof Error ? error.message : String(error);
        const mode = inFallback ? "counting in the database until it is back" : "not limiting until it is back";
        console.error(`Rate limits: Redis did not answer (${reason}); ${mode}`);
      }
      return inFallback ? inFallback() : ALLOWED;
    }
    if (outage) {
      outage = false;
      console.info("Rate limits: Redis answers again; counting in Redis");
    }
    return decision;
  }

  return {
    store: "redis",
    consume: (key, rule) => decide(() => countInRedis(key, rule), fallback ? () => fallback.consume(key, rule) : null),
    peek: (key, rule) => decide(() => peekInRedis(key, rule), fallback ? () => fallback.peek(key, rule) : null),
  };
}

/** Rejects when `work` takes longer than `ms`; a late result is dropped. */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  work.catch(() => {}); // A rejection after the deadline has nobody left to hear it.
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * The key as it is stored: an HMAC of it under a key of the site's own, so
 * the counts (a database row, a Redis key) never hold the client's address
 * they are counted for (issue #37), while the same client still meets the
 * same count.
 */
export function storedRateLimitKey(secret: string, key: string): string {
  return createHmac("sha256", `rate-limit-keys\n${secret}`).update(key).digest("base64url");
}

/** `limiter`, counting under stored keys (storedRateLimitKey) instead of the keys it is given. */
export function withStoredKeys(limiter: RateLimiter, secret: string): RateLimiter {
  return {
    store: limiter.store,
    consume: (key, rule) => limiter.consume(storedRateLimitKey(secret, key), rule),
    peek: (key, rule) => limiter.peek(storedRateLimitKey(secret, key), rule),
  };
}
