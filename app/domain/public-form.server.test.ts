import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { FORM_STARTED_FIELD, FORM_TOKEN_MAX_AGE_MS, HONEYPOT_FIELD } from "#app/lib/http/form-guard.ts";
import { formStartedToken, MIN_FILL_MS, RATE_LIMIT_MESSAGE } from "#app/lib/http/form-guard.server.ts";
import { FLOODED_MESSAGE, MAX_HELD } from "./held-submission.ts";
import { listHeld } from "./held-submissions.server.ts";
import { FORM_ERRORS } from "#app/lib/http/read-form.server.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import { handlePublicForm, type PublicForm } from "./public-form.server.ts";

const SAY_SOMETHING = "Please say something";
const FAILED = "It went wrong, sorry.";

// A form of its own, so these tests speak of the pipeline, not of contact or newsletter rules.
// The count sees every parse, however it is asked for (parse, safeParse, async).
let parses = 0;
const schema = z.preprocess(
  (input) => {
    parses++;
    return input;
  },
  z.object({ word: z.string({ error: SAY_SOMETHING }).trim().min(1, SAY_SOMETHING).max(20, "Too long") }),
);
type Word = z.output<typeof schema>;

describe.each(testStacks)("the public-form pipeline on %s", (kind) => {
  let site: TestSite;
  let client = 0;
  let stored: Word[];
  let failStore: Error | null;
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  beforeEach(async () => {
    stored = [];
    failStore = null;
    parses = 0;
    for (const table of ["heldSubmissions", "heldRefusals", "formTokenUses"] as const) await site.services.db.deleteFrom(table).execute();
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => site.cleanup());

  // Each test counts under a name of its own, so one test's posts never use up another's limit.
  let limitName = 0;
  function testForm(overrides: Partial<PublicForm<typeof schema>> = {}): PublicForm<typeof schema> {
    return {
      rateLimit: { name: `pipeline-test-${++limitName}`, max: 3, windowMs: 60_000 },
      fields: (form) => ({ word: form.get("word") ?? undefined }),
      schema,
      store: async (_db, value) => {
        if (failStore) throw failStore;
        stored.push(value);
      },
      held: ({ word }) => ({ kind: "newsletter", content: { email: word } }),
      headers: { "Cache-Control": "no-store" },
      messages: { failed: FAILED, invalid: "Invalid" },
      log: { held: "Test form: held for review", failed: "Storing a test submission failed" },
      ...overrides,
    };
  }

  /** A page's token, as a script that fetched the page once would keep it. */
  const pageToken = (startedAgoMs = MIN_FILL_MS + 500) => formStartedToken(site.services.env.authSecret, Date.now() - startedAgoMs);

  function request(fields: Record<string, string>, options: { startedAgoMs?: number; ip?: string; token?: string } = {}) {
    const body = new FormData();
    body.set(FORM_STARTED_FIELD, options.token ?? pageToken(options.startedAgoMs));
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return new Request("http://localhost:3999/form", {
      method: "POST",
      body,
      headers: { [CLIENT_IP_HEADER]: options.ip ?? `10.60.0.${++client}` },
    });
  }

  async function send(form: PublicForm<typeof schema>, req: Request) {
    const result = await handlePublicForm(site.services, req, form);
    return { status: result.init?.status ?? 200, body: result.data, headers: new Headers(result.init?.headers) };
  }

  const held = () => site.services.db.selectFrom("heldSubmissions").selectAll().orderBy("receivedAt").execute();

  it("parses once and stores the schema's output, answering ok with the form's headers", async () => {
    const form = testForm();
    const answer = await send(form, request({ word: "  hello  " }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(parses).toBe(1);
    expect(stored).toEqual([{ word: "hello" }]);
    expect(await held()).toEqual([]);
  });

  it("a form that says what a kept submission came to tells a stored one from a held one, from the parsed value", async () => {
    const form = testForm({ accepted: ({ word }, how) => ({ word, how }) } as Partial<PublicForm<typeof schema>>);
    expect((await send(form, request({ word: " Kept " }))).body).toEqual({ ok: true, word: "Kept", how: "stored" });
    expect((await send(form, request({ word: "Fast" }, { startedAgoMs: 100 }))).body).toEqual({ ok: true, word: "Fast", how: "held" });
    expect(stored).toEqual([{ word: "Kept" }]);
    expect((await held()).map((row) => row.kind)).toEqual(["newsletter"]);
  });

  it("answers a submission the schema refuses with 400 and the first issue's message; nothing is stored or held", async () => {
    const form = testForm();
    // A person, and a bot: the schema is asked before the bot checks, so neither is kept.
    for (const req of [request({ word: "   " }), request({ word: "   " }, { startedAgoMs: 100 }), request({})]) {
      const answer = await send(form, req);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ ok: false, error: SAY_SOMETHING });
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
    }
    expect((await send(form, request({ word: "x".repeat(21) }))).body).toEqual({ ok: false, error: "Too long" });
    expect(stored).toEqual([]);
    expect(await held()).toEqual([]);
  });

  it("counts the rate limit before parsing: past it, even a bad or automated post is a 429, not parsed, stored or held", async () => {
    const form = testForm();
    const ip = "10.61.0.1";
    for (let i = 0; i < form.rateLimit.max; i++) expect((await send(form, request({ word: `w${i}` }, { ip }))).status).toBe(200);
    parses = 0;
    for (const req of [
      request({ word: "   " }, { ip }),
      request({ word: "spam", [HONEYPOT_FIELD]: "x" }, { ip }),
      request({ word: "late" }, { ip }),
    ]) {
      const answer = await send(form, req);
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual({ ok: false, error: RATE_LIMIT_MESSAGE });
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
    }
    expect(parses).toBe(0);
    expect(stored).toHaveLength(form.rateLimit.max);
    expect(await held()).toEqual([]);
    expect((await send(form, request({ word: "elsewhere" }, { ip: "10.61.0.2" }))).status).toBe(200);
  });

  it("holds what the bot checks catch, as parsed, with the reason; answers ok and logs the reason", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const form = testForm();
    expect((await send(form, request({ word: " Honey ", [HONEYPOT_FIELD]: "http://spam.example" }))).body).toEqual({ ok: true });
    expect(await send(form, request({ word: "quick" }, { startedAgoMs: 100 }))).toMatchObject({ status: 200, body: { ok: true } });
    const bare = new FormData();
    bare.set("word", "bare");
    const noToken = new Request("http://localhost:3999/form", { method: "POST", body: bare, headers: { [CLIENT_IP_HEADER]: "10.62.0.1" } });
    expect((await send(form, noToken)).body).toEqual({ ok: true });
    expect(stored).toEqual([]);
    expect((await held()).map((row) => [row.kind, JSON.parse(row.payload), row.reason])).toEqual([
      ["newsletter", { email: "Honey" }, "honeypot"],
      ["newsletter", { email: "quick" }, "too-fast"],
      ["newsletter", { email: "bare" }, "no-token"],
    ]);
    expect(info.mock.calls.map(([line]) => line)).toEqual([
      "Test form: held for review (honeypot)",
      "Test form: held for review (too-fast)",
      "Test form: held for review (no-token)",
    ]);
  });

  it("keeps the site's own fill time (FORM_MIN_FILL_MS): 0 stores an instant post, a longer one holds a slower post", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const form = testForm();
    const before = site.services.env.formMinFillMs;
    try {
      site.services.env.formMinFillMs = 0;
      expect((await send(form, request({ word: "instant" }, { startedAgoMs: 0 }))).body).toEqual({ ok: true });
      site.services.env.formMinFillMs = 5000;
      expect((await send(form, request({ word: "three" }, { startedAgoMs: 3000 }))).body).toEqual({ ok: true });
    } finally {
      site.services.env.formMinFillMs = before;
    }
    expect(stored).toEqual([{ word: "instant" }]);
    expect((await held()).map((row) => [JSON.parse(row.payload), row.reason])).toEqual([[{ email: "three" }, "too-fast"]]);
  });

  it("answers a store that throws with 500 and the form's message, and logs the error", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    failStore = new Error("disk on fire");
    const answer = await send(testForm(), request({ word: "hello" }));
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ ok: false, error: FAILED });
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(logged).toHaveBeenCalledWith("Storing a test submission failed", failStore);
    expect(JSON.stringify(answer.body)).not.toContain("disk on fire");
  });

  it("answers a hold that throws the same way: nothing is answered ok that was not kept", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = new Error("cannot hold");
    const form = testForm({
      held: () => {
        throw broken;
      },
    });
    const answer = await send(form, request({ word: "hello", [HONEYPOT_FIELD]: "x" }));
    expect(answer).toMatchObject({ status: 500, body: { ok: false, error: FAILED } });
    expect(logged).toHaveBeenCalledWith("Storing a test submission failed", broken);
    expect(stored).toEqual([]);
  });

  it("refuses what is not a form before counting it against the limit (415), with the form's headers", async () => {
    const form = testForm();
    const ip = "10.63.0.1";
    const json = () =>
      new Request("http://localhost:3999/form", {
        method: "POST",
        body: '{"word":"hi"}',
        headers: { "Content-Type": "application/json", [CLIENT_IP_HEADER]: ip },
      });
    for (let i = 0; i <= form.rateLimit.max; i++) {
      const answer = await send(form, json());
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({ ok: false, error: FORM_ERRORS.unreadable });
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
    }
    expect((await send(form, request({ word: "still welcome" }, { ip }))).status).toBe(200);
  });

  it("sends no headers of its own when the form declares none", async () => {
    const { headers, ...form } = testForm();
    expect(headers).toBeDefined();
    const result = await handlePublicForm(site.services, request({ word: "hi" }), form);
    expect(result.init).toEqual({ status: 200 });
  });
  describe("a form token is used once, per form and client", () => {
    const reasons = async () => (await held()).map((row) => [JSON.parse(row.payload), row.reason]);

    it("holds the other posts of a script that fetched one page and posts many times, as reused", async () => {
      vi.spyOn(console, "info").mockImplementation(() => {});
      const form = testForm({ rateLimit: { name: `pipeline-test-${++limitName}`, max: 10, windowMs: 60_000 } });
      const token = pageToken();
      for (const word of ["first", "second", "third"]) {
        expect(await send(form, request({ word }, { token, ip: "10.70.0.1" }))).toMatchObject({ status: 200, body: { ok: true } });
      }
      expect(stored).toEqual([{ word: "first" }]);
      expect(await reasons()).toEqual([
        [{ email: "second" }, "reused"],
        [{ email: "third" }, "reused"],
      ]);
    });

    it("answers a repeat of the same content (a double tap, a resend) as the first was answered, keeping it once", async () => {
      vi.spyOn(console, "info").mockImplementation(() => {});
      const form = testForm({ accepted: (_value, how) => ({ how }) });
      const token = pageToken();
      const first = await send(form, request({ word: "hello" }, { token, ip: "10.70.0.2" }));
      const again = await send(form, request({ word: " hello " }, { token, ip: "10.70.0.2" }));
      expect(first.body).toEqual({ ok: true, how: "stored" });
      expect(again).toMatchObject({ status: 200, body: { ok: true, how: "stored" } });
      expect(stored).toEqual([{ word: "hello" }]);

      // A held one repeated is still one held, and told so again.
      const quick = pageToken(100);
      const answers = [];
      for (let i = 0; i < 2; i++) answers.push((await send(form, request({ word: "quick" }, { token: quick, ip: "10.70.0.3" }))).body);
      expect(answers).toEqual([
        { ok: true, how: "held" },
        { ok: true, how: "held" },
      ]);
      expect(await reasons()).toEqual([[{ email: "quick" }, "too-fast"]]);
    });

    it("lets racing posts take a token once: one stored, the rest held, on any number of connections", async () => {
      vi.spyOn(console, "info").mockImplementation(() => {});
      const form = testForm({ rateLimit: { name: `pipeline-test-${++limitName}`, max: 10, windowMs: 60_000 } });
      const token = pageToken();
      const answers = await Promise.all(["a", "b", "c", "d"].map((word) => send(form, request({ word }, { token, ip: "10.70.0.4" }))));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(stored).toHaveLength(1);
      expect((await held()).map((row) => row.reason)).toEqual(["reused", "reused", "reused"]);

      // The same message racing itself (a double tap without JavaScript) is kept once, each told it was received.
      const again = pageToken();
      const taps = await Promise.all([1, 2, 3].map(() => send(form, request({ word: "tap" }, { token: again, ip: "10.70.0.8" }))));
      expect(taps.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(stored.filter((value) => value.word === "tap")).toHaveLength(1);
      expect(await held()).toHaveLength(3);
    });

    it("shares a token between clients and forms: a cached page hands one token to everyone who loads it at once", async () => {
      const token = pageToken();
      const form = testForm();
      expect((await send(form, request({ word: "one fan" }, { token, ip: "10.70.0.5" }))).status).toBe(200);
      expect((await send(form, request({ word: "another fan" }, { token, ip: "10.70.0.6" }))).status).toBe(200);
      expect((await send(testForm(), request({ word: "other form" }, { token, ip: "10.70.0.5" }))).status).toBe(200);
      expect(stored).toEqual([{ word: "one fan" }, { word: "another fan" }, { word: "other form" }]);
      expect(await held()).toEqual([]);
    });

    it("gives the token back when the submission could not be kept, so sending again is its first use", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const form = testForm();
      const token = pageToken();
      failStore = new Error("disk on fire");
      expect((await send(form, request({ word: "hello" }, { token, ip: "10.70.0.7" }))).status).toBe(500);
      failStore = null;
      expect(await send(form, request({ word: "hello, edited" }, { token, ip: "10.70.0.7" }))).toMatchObject({ status: 200 });
      expect(stored).toEqual([{ word: "hello, edited" }]);
      expect(await held()).toEqual([]);
    });

    it("holds a form from a page opened more than a day before, as expired", async () => {
      vi.spyOn(console, "info").mockImplementation(() => {});
      const form = testForm();
      expect((await send(form, request({ word: "stale" }, { startedAgoMs: FORM_TOKEN_MAX_AGE_MS + 60_000 }))).body).toEqual({ ok: true });
      expect(stored).toEqual([]);
      expect(await reasons()).toEqual([[{ email: "stale" }, "expired"]]);
    });
  });

  it(`refuses what the checks catch once ${MAX_HELD} are held (503, try again later), counts it, and still takes a person's`, async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const now = Date.now();
    const rows = Array.from({ length: MAX_HELD }, (_, i) => ({
      id: `full-${i}`,
      kind: "newsletter" as const,
      payload: JSON.stringify({ email: `bot${i}@example.com` }),
      reason: "honeypot" as const,
      receivedAt: now - 60_000 + i,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await site.services.db
        .insertInto("heldSubmissions")
        .values(rows.slice(i, i + 200))
        .execute();
    const form = testForm();
    const token = pageToken();
    const refusedAnswer = await send(form, request({ word: "caught", [HONEYPOT_FIELD]: "x" }, { token, ip: "10.71.0.1" }));
    expect(refusedAnswer.status).toBe(503);
    expect(refusedAnswer.body).toEqual({ ok: false, error: FLOODED_MESSAGE });
    expect(refusedAnswer.headers.get("Retry-After")).toBe("600");
    expect(refusedAnswer.headers.get("Cache-Control")).toBe("no-store");
    expect(warn).toHaveBeenCalledWith("Test form: held for review: refused, the Filtered list is full");
    expect(await held()).toHaveLength(MAX_HELD);
    expect((await listHeld(site.services.db)).refused).toMatchObject({ count: 1 });
    // The refused one did not take its token: the person sending it again properly is welcome.
    expect((await send(form, request({ word: "caught" }, { token, ip: "10.71.0.1" }))).status).toBe(200);
    expect(stored).toEqual([{ word: "caught" }]);
  });
});
