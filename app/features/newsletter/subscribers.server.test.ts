import { FORM_ERRORS } from "#app/lib/http/read-form.server.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CONFIRM_LINK_MS } from "./double-opt-in.server.ts";
import { PageQueryError } from "#app/lib/db/paged-list.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { FORM_STARTED_FIELD, HONEYPOT_FIELD } from "#app/lib/http/form-guard.ts";
import { formStartedToken, MIN_FILL_MS, NEWSLETTER_RATE_LIMIT, RATE_LIMIT_MESSAGE } from "#app/lib/http/form-guard.server.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import { unsubscribeToken, unsubscribeUrl, verifyUnsubscribeToken } from "#app/lib/mail/unsubscribe-link.server.ts";
import { NEWSLETTER_TEXT } from "./ui-text.ts";
import {
  handleSubscribe,
  listSubscribers,
  subscribe,
  subscribersCsvStream,
  subscribersForDashboard,
  removeSubscriber,
  restoreSubscriber,
  unsubscribe,
} from "./subscribers.server.ts";

const BASE = Date.UTC(2026, 10, 22, 15, 5);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const pad = (n: number) => String(n).padStart(5, "0");

describe("unsubscribe tokens", () => {
  const secret = "a-secret-that-is-long-enough-for-tests";

  it("verifies the token made for the address, whatever its case or spacing", () => {
    const token = unsubscribeToken(secret, "fan@example.com");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyUnsubscribeToken(secret, "fan@example.com", token)).toBe(true);
    expect(verifyUnsubscribeToken(secret, " Fan@Example.com ", token)).toBe(true);
    expect(unsubscribeToken(secret, "FAN@example.com")).toBe(token);
  });

  it("refuses a token for another address, another secret, a tampered or missing one", () => {
    const token = unsubscribeToken(secret, "fan@example.com");
    expect(verifyUnsubscribeToken(secret, "other@example.com", token)).toBe(false);
    expect(verifyUnsubscribeToken("another-secret-that-is-long-enough", "fan@example.com", token)).toBe(false);
    expect(verifyUnsubscribeToken(secret, "fan@example.com", `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBe(false);
    expect(verifyUnsubscribeToken(secret, "fan@example.com", token.slice(1))).toBe(false);
    expect(verifyUnsubscribeToken(secret, "fan@example.com", "")).toBe(false);
    expect(verifyUnsubscribeToken(secret, "fan@example.com", null)).toBe(false);
    expect(verifyUnsubscribeToken(secret, "", token)).toBe(false);
    expect(verifyUnsubscribeToken(secret, undefined, token)).toBe(false);
  });
});

describe.each(testStacks)("the mailing list on %s", (kind) => {
  let site: TestSite;
  const rows = () => site.services.db.selectFrom("subscribers").selectAll().orderBy("email").execute();

  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());
  // Each test is a client of its own, so no test spends another's allowance,
  // whichever store (database or Redis) counts it.
  let testClient = 0;
  beforeEach(async () => {
    testClient += 1;
    await site.services.db.deleteFrom("subscribers").execute();
  });

  async function seed(list: { id: string; email: string; timestamp: number; subscribed?: number }[]) {
    await site.services.db
      .insertInto("subscribers")
      .values(list.map((r) => ({ ...r, subscribed: r.subscribed ?? 1, source: "website" })))
      .execute();
  }

  describe("subscribe", () => {
    it("stores the address lowercased and trimmed, subscribed, from the website, at server time", async () => {
      const before = Date.now();
      expect(await subscribe(site.services, "  Fan@Example.COM ")).toEqual({ ok: true });
      const after = Date.now();
      const stored = await rows();
      expect(stored).toHaveLength(1);
      const [row] = stored;
      expect(row?.id).toMatch(UUID);
      expect(row?.email).toBe("fan@example.com");
      expect(Number(row?.timestamp)).toBeGreaterThanOrEqual(before);
      expect(Number(row?.timestamp)).toBeLessThanOrEqual(after);
      expect(typeof row?.timestamp).toBe("number");
      expect(row?.subscribed).toBe(1);
      expect(row?.source).toBe("website");
    });

    it("refuses a bad address and stores nothing", async () => {
      expect(await subscribe(site.services, "")).toEqual({ ok: false, status: 400, error: NEWSLETTER_TEXT.required });
      expect(await subscribe(site.services, "no-at-sign")).toEqual({ ok: false, status: 400, error: NEWSLETTER_TEXT.invalid });
      expect(await subscribe(site.services, "a@b")).toEqual({ ok: false, status: 400, error: NEWSLETTER_TEXT.invalid });
      expect(await rows()).toEqual([]);
    });

    it("keeps one record for an address already on the list, untouched", async () => {
      await subscribe(site.services, "fan@example.com", BASE);
      const [first] = await rows();
      expect(await subscribe(site.services, "FAN@example.com", BASE + 60_000)).toEqual({ ok: true });
      expect(await rows()).toEqual([first]);
    });

    it("keeps one record when the same address arrives many times at once", async () => {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => subscribe(site.services, i % 2 ? "race@example.com" : "RACE@example.com ")),
      );
      expect(results.every((r) => r.ok)).toBe(true);
      const stored = await rows();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ email: "race@example.com", subscribed: 1 });
    });

    it("subscribes an address that had left again, dated from its new consent", async () => {
      await subscribe(site.services, "back@example.com", BASE);
      const [original] = await rows();
      expect(await unsubscribe(site.services, "back@example.com")).toEqual({ ok: true });
      expect((await rows())[0]).toMatchObject({ subscribed: 0, timestamp: BASE });

      expect(await subscribe(site.services, "back@example.com", BASE + 5000)).toEqual({ ok: true });
      const stored = await rows();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toEqual({ ...original, subscribed: 1, timestamp: BASE + 5000 });
    });
  });

  describe("unsubscribe", () => {
    it("takes only that address off the list and keeps its row", async () => {
      await subscribe(site.services, "leave@example.com", BASE);
      await subscribe(site.services, "stay@example.com", BASE);
      expect(await unsubscribe(site.services, " LEAVE@example.com")).toEqual({ ok: true });
      expect((await rows()).map((r) => [r.email, r.subscribed])).toEqual([
        ["leave@example.com", 0],
        ["stay@example.com", 1],
      ]);
    });

    it("succeeds for an address that was never on the list (no telling who is)", async () => {
      expect(await unsubscribe(site.services, "nobody@example.com")).toEqual({ ok: true });
      expect(await rows()).toEqual([]);
    });

    it("builds an absolute link that verifies", () => {
      const link = new URL(unsubscribeUrl(site.services.env, "Fan+Music@Example.com"));
      expect(`${link.origin}${link.pathname}`).toBe("http://localhost:3999/unsubscribe");
      expect(link.searchParams.get("email")).toBe("fan+music@example.com");
      const token = link.searchParams.get("token");
      expect(verifyUnsubscribeToken(site.services.env.authSecret, "fan+music@example.com", token)).toBe(true);
    });
  });

  describe("removing an address by hand", () => {
    it("takes it off the list, the count and the export, records it, and Undo puts it back as it was", async () => {
      await subscribe(site.services, "gone@example.com", BASE);
      await subscribe(site.services, "kept@example.com", BASE);
      const id = (await rows()).find((r) => r.email === "gone@example.com")?.id ?? "";
      expect(await removeSubscriber(site.services, id, BASE + 1000)).toEqual({ ok: true, email: "gone@example.com" });
      expect((await listSubscribers(site.services)).subscribers.map((s) => s.email)).toEqual(["kept@example.com"]);
      const csv = await new Response(subscribersCsvStream(site.services)).text();
      expect(csv).not.toContain("gone@example.com");
      // Twice: it is not on the list any more, and that is said (404 through the admin action).
      expect(await removeSubscriber(site.services, id)).toEqual({ ok: false, status: 404, error: NEWSLETTER_TEXT.subscriberNotFound });

      expect(await restoreSubscriber(site.services, id, BASE + 2000)).toEqual({ ok: true, email: "gone@example.com" });
      const back = (await rows()).find((r) => r.email === "gone@example.com");
      expect(back).toMatchObject({ subscribed: 1, timestamp: BASE });
      const events = await site.services.db
        .selectFrom("consents")
        .select("event")
        .where("email", "=", "gone@example.com")
        .orderBy("at")
        .execute();
      expect(events.map((e) => e.event)).toEqual(["signed-up", "removed-by-artist", "restored-by-artist"]);
    });

    it("does not undo over what the fan did since, and refuses a missing id", async () => {
      await subscribe(site.services, "moved@example.com", BASE);
      const id = (await rows())[0]?.id ?? "";
      await removeSubscriber(site.services, id, BASE + 1000);
      // A fan taken off by hand can sign up again themselves; the artist's Undo then has nothing to undo.
      await subscribe(site.services, "moved@example.com", BASE + 2000);
      expect((await rows())[0]?.subscribed).toBe(1);
      await unsubscribe(site.services, "moved@example.com", BASE + 3000);
      expect(await restoreSubscriber(site.services, id, BASE + 4000)).toEqual({
        ok: false,
        status: 400,
        error: NEWSLETTER_TEXT.cannotUndo,
      });
      expect((await rows())[0]?.subscribed).toBe(0);
      for (const bad of [undefined, "", 42, "x".repeat(101)]) {
        expect(await removeSubscriber(site.services, bad)).toEqual({ ok: false, status: 400, error: NEWSLETTER_TEXT.subscriberIdRequired });
      }
    });
  });

  describe("listSubscribers", () => {
    it("gives an empty first page on a new site", async () => {
      const empty = { subscribers: [], nextCursor: null, subscribedCount: 0, awaitingCount: 0 };
      expect(await listSubscribers(site.services)).toEqual(empty);
      expect(await subscribersForDashboard(site.services)).toEqual(empty);
    });

    it("counts the sign-ups still to confirm whose link works, apart from the list", async () => {
      const now = Date.now();
      await seed([{ id: "on", email: "on@example.com", timestamp: now }]);
      await site.services.db
        .insertInto("subscribers")
        .values([
          // Signed up an hour ago; the confirmation link still works.
          { id: "waiting", email: "waiting@example.com", timestamp: now, subscribed: 0, source: "website", pendingSince: now - 3_600_000 },
          // Past the link's week: it no longer works, so nobody is waiting.
          {
            id: "lapsed",
            email: "lapsed@example.com",
            timestamp: now,
            subscribed: 0,
            source: "website",
            pendingSince: now - CONFIRM_LINK_MS - 1000,
          },
          // Left the list: not waiting either.
          { id: "left", email: "left@example.com", timestamp: now, subscribed: 0, source: "website", pendingSince: null },
        ])
        .execute();
      const page = await listSubscribers(site.services);
      expect(page.subscribers.map((s) => s.email)).toEqual(["on@example.com"]);
      expect(page.subscribedCount).toBe(1);
      expect(page.awaitingCount).toBe(1);
    });

    it("pages through current subscribers newest first, ties by id, without gaps or repeats", async () => {
      // 23 subscribed in clumps of 4 per millisecond, inserted out of order, plus 3 who left.
      const list = Array.from({ length: 23 }, (_, i) => ({
        id: `sub-${pad((i * 7) % 23)}`,
        email: `fan${i}@example.com`,
        timestamp: BASE + Math.floor(i / 4),
      }));
      await seed([
        ...list,
        ...[1, 2, 3].map((i) => ({ id: `gone-${i}`, email: `gone${i}@example.com`, timestamp: BASE + 100, subscribed: 0 })),
      ]);
      const expected = [...list]
        .sort((a, b) => b.timestamp - a.timestamp || (a.id < b.id ? 1 : -1))
        .map((r) => ({ id: r.id, email: r.email, timestamp: r.timestamp }));

      for (const limit of [1, 4, 5, 23, 100]) {
        const seen = [];
        let before: string | null = null;
        let pages = 0;
        do {
          const page = await listSubscribers(site.services, { before, limit });
          expect(page.subscribedCount).toBe(23);
          expect(page.subscribers.length).toBeLessThanOrEqual(limit);
          expect(page.subscribers.length).toBeGreaterThan(0);
          seen.push(...page.subscribers);
          before = page.nextCursor;
          if (++pages > 100) throw new Error("pagination does not end");
        } while (before);
        expect(seen, `limit ${limit}`).toEqual(expected);
      }
    });

    it("takes a page size from a query string, caps it, and refuses a bad cursor or limit", async () => {
      await seed(Array.from({ length: 3 }, (_, i) => ({ id: `s${i}`, email: `s${i}@example.com`, timestamp: BASE + i })));
      expect((await listSubscribers(site.services, { limit: "2" })).subscribers).toHaveLength(2);
      expect((await listSubscribers(site.services, { limit: "100000", before: "" })).subscribers).toHaveLength(3);
      await expect(listSubscribers(site.services, { before: "not a cursor" })).rejects.toThrow(PageQueryError);
      await expect(listSubscribers(site.services, { before: "bm90LWpzb24" })).rejects.toThrow(NEWSLETTER_TEXT.invalidCursor);
      await expect(listSubscribers(site.services, { limit: "0" })).rejects.toThrow(NEWSLETTER_TEXT.invalidLimit);
      await expect(listSubscribers(site.services, { limit: "many" })).rejects.toThrow(NEWSLETTER_TEXT.invalidLimit);
    });
  });

  describe("CSV export", () => {
    const readAll = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

    it("is just the header on an empty list", async () => {
      expect(await readAll(subscribersCsvStream(site.services))).toBe("email,subscribedAt,unsubscribeUrl\r\n");
    });

    it("lists current subscribers newest first across pages, escaped and defused, with working links", async () => {
      await seed([
        { id: "a", email: "old@example.com", timestamp: BASE },
        { id: "b", email: "-dash@example.com", timestamp: BASE + 1000 },
        { id: "c", email: '=HYPERLINK("http://evil.example")@x.com', timestamp: BASE + 2000 },
        { id: "d", email: "comma,quote@example.com", timestamp: BASE + 3000 },
        { id: "e", email: "left@example.com", timestamp: BASE + 4000, subscribed: 0 },
        { id: "f", email: "new@example.com", timestamp: BASE + 5000 },
      ]);
      const text = await readAll(subscribersCsvStream(site.services, 2));
      const lines = text.split("\r\n");
      expect(lines.at(-1)).toBe("");
      expect(lines.slice(0, -1)).toEqual([
        "email,subscribedAt,unsubscribeUrl",
        `new@example.com,${new Date(BASE + 5000).toISOString()},${unsubscribeUrl(site.services.env, "new@example.com")}`,
        `"comma,quote@example.com",${new Date(BASE + 3000).toISOString()},${unsubscribeUrl(site.services.env, "comma,quote@example.com")}`,
        `"'=HYPERLINK(""http://evil.example"")@x.com",${new Date(BASE + 2000).toISOString()},${unsubscribeUrl(site.services.env, '=HYPERLINK("http://evil.example")@x.com')}`,
        `'-dash@example.com,${new Date(BASE + 1000).toISOString()},${unsubscribeUrl(site.services.env, "-dash@example.com")}`,
        `old@example.com,${new Date(BASE).toISOString()},${unsubscribeUrl(site.services.env, "old@example.com")}`,
      ]);
    });

    it("reads the database one page per pull, only as fast as the reader takes them", async () => {
      await seed(Array.from({ length: 7 }, (_, i) => ({ id: `p${i}`, email: `p${i}@example.com`, timestamp: BASE + i })));
      const reader = subscribersCsvStream(site.services, 3).getReader();
      const chunks: string[] = [];
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(decoder.decode(value));
      }
      // The header, then pages of 3, 3 and 1 rows.
      expect(chunks.map((c) => c.split("\r\n").length - 1)).toEqual([1, 3, 3, 1]);
    });
  });

  describe("handleSubscribe (POST /newsletter)", () => {
    const secret = () => site.services.env.authSecret;
    const started = () => formStartedToken(secret(), Date.now() - MIN_FILL_MS - 500);

    function post(fields: Record<string, string>, ip = `10.9.9.${testClient}`) {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      return new Request("http://localhost:3999/newsletter", { method: "POST", body, headers: { [CLIENT_IP_HEADER]: ip } });
    }
    async function send(fields: Record<string, string>, ip?: string) {
      const result = await handleSubscribe(site.services, post(fields, ip));
      return { status: result.init?.status ?? 200, body: result.data };
    }

    it("subscribes a person", async () => {
      // Without mail (this site has none), on the list at once, and told so.
      expect(await send({ email: " Person@Example.com", [FORM_STARTED_FIELD]: started(), [HONEYPOT_FIELD]: "" })).toEqual({
        status: 200,
        body: { ok: true, outcome: "subscribed", email: "person@example.com" },
      });
      expect((await rows()).map((r) => [r.email, r.subscribed, r.source])).toEqual([["person@example.com", 1, "website"]]);
    });

    it("answers a duplicate with the same success and keeps one record", async () => {
      const fields = { email: "twice@example.com", [FORM_STARTED_FIELD]: started() };
      const same = { status: 200, body: { ok: true, outcome: "subscribed", email: "twice@example.com" } };
      expect(await send(fields)).toEqual(same);
      expect(await send(fields)).toEqual(same);
      expect(await rows()).toHaveLength(1);
    });

    it("gives validation errors with status 400 and stores nothing", async () => {
      expect(await send({ email: "  ", [FORM_STARTED_FIELD]: started() })).toEqual({
        status: 400,
        body: { ok: false, error: NEWSLETTER_TEXT.required },
      });
      expect(await send({ [FORM_STARTED_FIELD]: started() })).toEqual({
        status: 400,
        body: { ok: false, error: NEWSLETTER_TEXT.required },
      });
      expect(await send({ email: "no-at-sign", [FORM_STARTED_FIELD]: started() })).toEqual({
        status: 400,
        body: { ok: false, error: NEWSLETTER_TEXT.invalid },
      });
      expect(await send({ email: "a@b", [FORM_STARTED_FIELD]: started() })).toEqual({
        status: 400,
        body: { ok: false, error: NEWSLETTER_TEXT.invalid },
      });
      expect(await rows()).toEqual([]);
    });

    it("holds what the bot checks catch for the artist (honeypot, too fast, no or forged token), off the list", async () => {
      const log = vi.spyOn(console, "info").mockImplementation(() => {});
      await site.services.db.deleteFrom("heldSubmissions").execute();
      const email = "bot@example.com";
      const attempts: Record<string, string>[] = [
        { email, [FORM_STARTED_FIELD]: started(), [HONEYPOT_FIELD]: "http://spam.example" },
        { email, [FORM_STARTED_FIELD]: formStartedToken(secret(), Date.now() - 100) },
        { email },
        { email, [FORM_STARTED_FIELD]: `${Date.now() - 60_000}.forged` },
      ];
      // Kept, and told it waits to be checked, never that it is on the list.
      for (const fields of attempts) expect(await send(fields)).toEqual({ status: 200, body: { ok: true, outcome: "held", email } });
      expect(await rows()).toEqual([]);
      expect(log.mock.calls.map(([line]) => String(line).match(/\((.+)\)$/)?.[1])).toEqual([
        "honeypot",
        "too-fast",
        "no-token",
        "no-token",
      ]);
      log.mockRestore();
      const held = await site.services.db.selectFrom("heldSubmissions").selectAll().orderBy("receivedAt").execute();
      expect(held.map((row) => [row.kind, JSON.parse(row.payload), row.reason])).toEqual([
        ["newsletter", { email }, "honeypot"],
        ["newsletter", { email }, "too-fast"],
        ["newsletter", { email }, "no-token"],
        ["newsletter", { email }, "no-token"],
      ]);
      // A bad address from a bot is refused like anyone's, and nothing is held.
      expect(await send({ email: "no-at-sign" })).toEqual({ status: 400, body: { ok: false, error: NEWSLETTER_TEXT.invalid } });
      expect(await site.services.db.selectFrom("heldSubmissions").selectAll().execute()).toHaveLength(4);
    });

    it(`answers 429 after ${NEWSLETTER_RATE_LIMIT.max} requests from one client, storing nothing more`, async () => {
      for (let i = 0; i < NEWSLETTER_RATE_LIMIT.max; i++) {
        expect(await send({ email: `fan${i}@example.com`, [FORM_STARTED_FIELD]: started() }, "10.7.7.7")).toMatchObject({
          status: 200,
          body: { ok: true, outcome: "subscribed" },
        });
      }
      expect(await send({ email: "one-too-many@example.com", [FORM_STARTED_FIELD]: started() }, "10.7.7.7")).toEqual({
        status: 429,
        body: { ok: false, error: RATE_LIMIT_MESSAGE },
      });
      const stored = await rows();
      expect(stored).toHaveLength(NEWSLETTER_RATE_LIMIT.max);
      expect(stored.map((r) => r.email)).not.toContain("one-too-many@example.com");
      // Another client is not affected.
      expect(await send({ email: "elsewhere@example.com", [FORM_STARTED_FIELD]: started() }, "10.7.7.8")).toMatchObject({
        status: 200,
        body: { ok: true },
      });
    });

    it("answers a body that is not a form with 415 and a message", async () => {
      const request = new Request("http://localhost:3999/newsletter", {
        method: "POST",
        body: "{}",
        headers: { "Content-Type": "application/json", [CLIENT_IP_HEADER]: "10.1.2.3" },
      });
      const result = await handleSubscribe(site.services, request);
      expect(result.init?.status).toBe(415);
      expect(result.data).toEqual({ ok: false, error: FORM_ERRORS.unreadable });
    });
  });
});
