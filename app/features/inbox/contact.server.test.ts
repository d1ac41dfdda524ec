import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { FORM_STARTED_FIELD, HONEYPOT_FIELD } from "#app/lib/http/form-guard.ts";
import { CONTACT_RATE_LIMIT, formStartedToken, MIN_FILL_MS, RATE_LIMIT_MESSAGE } from "#app/lib/http/form-guard.server.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import { handleContact, sendContactMessage } from "./contact.server.ts";
import { CONTACT_TEXT, MAX_MESSAGE_LENGTH } from "./ui-text.ts";

describe.each(testStacks)("contact messages on %s", (kind) => {
  let site: TestSite;
  let ip = 0;
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  beforeEach(async () => {
    await site.services.db.deleteFrom("contacts").execute();
  });
  afterAll(() => site.cleanup());

  const rows = () => site.services.db.selectFrom("contacts").selectAll().execute();
  /** A post from the contact page, started long enough ago, from its own client address. */
  function post(fields: Record<string, string>, options: { startedAgoMs?: number; client?: string } = {}) {
    const body = new FormData();
    body.set(FORM_STARTED_FIELD, formStartedToken(site.services.env.authSecret, Date.now() - (options.startedAgoMs ?? MIN_FILL_MS + 500)));
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const headers = { [CLIENT_IP_HEADER]: options.client ?? `10.5.0.${++ip}` };
    return handleContact(site.services, new Request("http://localhost:3999/contact", { method: "POST", body, headers }));
  }

  it("stores a message exactly as the spec says", async () => {
    const before = Date.now();
    const result = await post({ name: "  Sam Rivers ", email: "  Sam@Example.COM ", message: "  Hello there!  " });
    expect(result.init?.status ?? 200).toBe(200);
    expect(result.data).toEqual({ ok: true });
    const [row] = await rows();
    expect(row).toMatchObject({
      name: "Sam Rivers",
      email: "sam@example.com",
      message: "Hello there!",
      source: "website",
      status: "unread",
    });
    expect(row?.timestamp).toBeGreaterThanOrEqual(before);
    expect(row?.timestamp).toBeLessThanOrEqual(Date.now());
  });

  it("stores blank name and e-mail as null", async () => {
    await post({ name: "   ", email: "", message: "Anonymous hello" });
    const [row] = await rows();
    expect(row).toMatchObject({ name: null, email: null, message: "Anonymous hello" });
  });

  it.each([
    [{ message: "   " }, CONTACT_TEXT.messageRequired],
    [{ email: "not-an-address", message: "hi" }, CONTACT_TEXT.invalidEmail],
    [{ email: "a@", message: "hi" }, CONTACT_TEXT.invalidEmail],
    [{ message: "x".repeat(MAX_MESSAGE_LENGTH + 1) }, CONTACT_TEXT.messageTooLong],
    [{ name: "n".repeat(101), message: "hi" }, CONTACT_TEXT.nameTooLong],
  ])("refuses %j with a clear message and stores nothing", async (fields, message) => {
    const result = await post(fields);
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({ ok: false, error: message });
    expect(await rows()).toEqual([]);
  });

  it("holds what the bot checks catch for the artist, out of the inbox: honeypot, too fast, no token", async () => {
    await site.services.db.deleteFrom("heldSubmissions").execute();
    expect((await post({ message: "Buy now", [HONEYPOT_FIELD]: "http://spam.example" })).data).toEqual({ ok: true });
    expect(
      (await post({ name: " Quick Fan ", email: "Quick@Example.com", message: " Loved the show! " }, { startedAgoMs: 200 })).data,
    ).toEqual({ ok: true });
    const bare = new FormData();
    bare.set("message", "Buy now");
    const noToken = await handleContact(site.services, new Request("http://localhost:3999/contact", { method: "POST", body: bare }));
    expect(noToken.data).toEqual({ ok: true });
    expect(await rows()).toEqual([]);
    const held = await site.services.db.selectFrom("heldSubmissions").selectAll().orderBy("receivedAt").execute();
    expect(held.map((row) => [row.kind, JSON.parse(row.payload), row.reason])).toEqual([
      ["contact", { name: null, email: null, message: "Buy now" }, "honeypot"],
      ["contact", { name: "Quick Fan", email: "quick@example.com", message: "Loved the show!" }, "too-fast"],
      ["contact", { name: null, email: null, message: "Buy now" }, "no-token"],
    ]);
    // An empty message is refused with its reason, bot or not; nothing is held.
    const empty = await post({ message: "  " }, { startedAgoMs: 200 });
    expect(empty.init?.status).toBe(400);
    expect(empty.data).toEqual({ ok: false, error: CONTACT_TEXT.messageRequired });
    expect(await site.services.db.selectFrom("heldSubmissions").selectAll().execute()).toHaveLength(3);
  });

  it(`limits one address to ${CONTACT_RATE_LIMIT.max} messages per window with a 429`, async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++)
      expect((await post({ message: `hi ${i}` }, { client: "10.9.9.9" })).data).toEqual({ ok: true });
    const refused = await post({ message: "one too many" }, { client: "10.9.9.9" });
    expect(refused.init?.status).toBe(429);
    expect(refused.data).toEqual({ ok: false, error: RATE_LIMIT_MESSAGE });
    expect(await rows()).toHaveLength(CONTACT_RATE_LIMIT.max);
    expect((await post({ message: "another person" }, { client: "10.9.9.10" })).data).toEqual({ ok: true });
  });

  it("keeps the service layer's own message for a missing message", async () => {
    expect(await sendContactMessage(site.services, { message: " " })).toEqual({ ok: false, status: 400, error: "Message is required" });
  });
});
