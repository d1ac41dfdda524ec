import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { FORM_STARTED_FIELD, FORM_TOKEN_MAX_AGE_MS, HONEYPOT_FIELD } from "./form-guard.ts";
import { detectBot, formStartedToken, MIN_FILL_MS, takeFormRateLimit } from "./form-guard.server.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import { connectRedis } from "#app/lib/platform/redis.server.ts";
import { storedRateLimitKey } from "#app/lib/platform/rate-limit.server.ts";

const SECRET = "a-secret-that-is-long-enough-for-tests";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("bot detection", () => {
  const now = 1_800_000_000_000;
  const startedAt = now - MIN_FILL_MS - 1;
  const started = formStartedToken(SECRET, startedAt);
  const token = { value: started, issuedAt: startedAt };

  it("lets a person through, handing back the token", () => {
    expect(detectBot(SECRET, form({ [FORM_STARTED_FIELD]: started, [HONEYPOT_FIELD]: "" }), now)).toEqual({ bot: false, token });
  });

  it("catches a filled honeypot, a form sent too fast, and a missing or forged start time", () => {
    expect(detectBot(SECRET, form({ [FORM_STARTED_FIELD]: started, [HONEYPOT_FIELD]: "http://spam.example" }), now)).toEqual({
      bot: true,
      reason: "honeypot",
      token,
    });
    expect(detectBot(SECRET, form({ [HONEYPOT_FIELD]: "http://spam.example" }), now)).toEqual({
      bot: true,
      reason: "honeypot",
      token: null,
    });
    const quick = formStartedToken(SECRET, now - 500);
    expect(detectBot(SECRET, form({ [FORM_STARTED_FIELD]: quick }), now)).toEqual({
      bot: true,
      reason: "too-fast",
      token: { value: quick, issuedAt: now - 500 },
    });
    expect(detectBot(SECRET, form({}), now)).toEqual({ bot: true, reason: "no-token", token: null });
    const forged = `${now - 60_000}.${started.split(".")[1]}`;
    expect(detectBot(SECRET, form({ [FORM_STARTED_FIELD]: forged }), now)).toEqual({ bot: true, reason: "no-token", token: null });
    expect(detectBot("another-secret-entirely-for-this-test", form({ [FORM_STARTED_FIELD]: started }), now)).toEqual({
      bot: true,
      reason: "no-token",
      token: null,
    });
  });

  it(`holds a form from a page older than ${FORM_TOKEN_MAX_AGE_MS / 3_600_000} hours`, () => {
    const lastMoment = formStartedToken(SECRET, now - FORM_TOKEN_MAX_AGE_MS);
    expect(detectBot(SECRET, form({ [FORM_STARTED_FIELD]: lastMoment }), now)).toMatchObject({ bot: false });
    const old = formStartedToken(SECRET, now - FORM_TOKEN_MAX_AGE_MS - 1);
    expect(detectBot(SECRET, form({ [FORM_STARTED_FIELD]: old }), now)).toMatchObject({ bot: true, reason: "expired" });
  });
});

describe.each(testStacks)("form rate limits on %s", (kind) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());

  const from = (ip: string) => new Request("http://localhost/contact", { method: "POST", headers: { [CLIENT_IP_HEADER]: ip } });
  // A one-second window: the limiter may count in Redis, whose clock a test cannot move.
  const limit = { name: "test", max: 3, windowMs: 1_000 };

  it("allows `max` requests per client in a window, then refuses until the window passes", async () => {
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await takeFormRateLimit(site.services, from("10.1.1.1"), limit));
    expect(results).toEqual([true, true, true, false, false]);
    expect(await takeFormRateLimit(site.services, from("10.1.1.2"), limit)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await takeFormRateLimit(site.services, from("10.1.1.1"), limit)).toBe(true);
    expect(await takeFormRateLimit(site.services, from("10.1.1.1"), limit)).toBe(true);
  });

  it("counts concurrent requests exactly", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => takeFormRateLimit(site.services, from("10.2.2.2"), { ...limit, windowMs: 60_000 })),
    );
    expect(results.filter(Boolean)).toHaveLength(3);
  });

  it("counts in the site's rate-limit store (Redis when the site has one, else the database), under a key that does not hold the address", async () => {
    await takeFormRateLimit(site.services, from("10.3.3.3"), { ...limit, windowMs: 60_000 });
    const stored = storedRateLimitKey(site.services.env.authSecret, "test:10.3.3.3");
    expect(stored).not.toContain("10.3.3.3");
    const plain = await site.services.db.selectFrom("formRateLimits").select("key").where("key", "like", "%10.3.3.3%").execute();
    expect(plain).toHaveLength(0);
    const rows = await site.services.db.selectFrom("formRateLimits").select("key").where("key", "=", stored).execute();
    const { redisUrl, redisKeyPrefix } = site.services.env;
    if (!redisUrl) {
      expect(site.services.rateLimiter.store).toBe("database");
      expect(rows).toHaveLength(1);
      return;
    }
    expect(site.services.rateLimiter.store).toBe("redis");
    expect(rows).toHaveLength(0);
    const redis = await connectRedis(redisUrl);
    try {
      expect(await redis.get(`${redisKeyPrefix}rate-limit:${stored}`)).toBe("1");
      expect(await redis.keys(`${redisKeyPrefix}*10.3.3.3*`)).toEqual([]);
    } finally {
      await redis.close();
    }
  });
});
