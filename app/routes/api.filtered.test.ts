import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendContactMessage } from "#app/features/inbox/contact.server.ts";
import { subscribe } from "#app/features/newsletter/subscribers.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { HELD_ERRORS, HELD_RETENTION_DAYS, MAX_HELD } from "#app/domain/held-submission.ts";
import {
  countHeldRefusal,
  deleteHeld,
  holdSubmission,
  listHeld,
  releaseHeld,
  type Deliverers,
} from "#app/domain/held-submissions.server.ts";
import { refused } from "#app/lib/result.ts";

const DAY = 24 * 60 * 60 * 1000;

describe.each(testStacks)("held submissions on %s", (kind) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  beforeEach(async () => {
    for (const table of ["heldSubmissions", "heldRefusals", "contacts", "subscribers"] as const)
      await site.services.db.deleteFrom(table).execute();
  });
  afterAll(() => site.cleanup());

  const db = () => site.services.db;
  const heldCount = async () =>
    Number(
      (
        await db()
          .selectFrom("heldSubmissions")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Holds one that must be kept (the list is far from full), for its id. */
  const held = async (...args: Parameters<typeof holdSubmission>) => {
    const outcome = await holdSubmission(...args);
    if (!outcome.held) throw new Error("Expected the submission to be held");
    return outcome;
  };
  const deliver: Deliverers = {
    contact: (trx, item) =>
      sendContactMessage({ db: trx }, { name: item.name ?? "", email: item.email ?? "", message: item.message }, item.receivedAt),
    newsletter: (trx, item) => subscribe({ db: trx, mail: undefined, env: site.services.env }, item.email, item.receivedAt),
  };

  it("keeps a held message and sign-up, newest first, with why and when", async () => {
    await holdSubmission(
      db(),
      { kind: "contact", content: { name: "Ada", email: "ada@example.com", message: "Hi!" }, reason: "too-fast" },
      1_000_000,
    );
    await holdSubmission(db(), { kind: "newsletter", content: { email: "fan@example.com" }, reason: "honeypot" }, 2_000_000);
    const page = await listHeld(db(), {}, 3_000_000);
    expect(page.heldCount).toBe(2);
    expect(page.items.map(({ id: _id, ...rest }) => rest)).toEqual([
      { kind: "newsletter", email: "fan@example.com", reason: "honeypot", receivedAt: 2_000_000 },
      { kind: "contact", name: "Ada", email: "ada@example.com", message: "Hi!", reason: "too-fast", receivedAt: 1_000_000 },
    ]);
  });

  it(`forgets what is older than ${HELD_RETENTION_DAYS} days: not listed, not counted, and deleted by the next hold`, async () => {
    const now = Date.now();
    await holdSubmission(
      db(),
      { kind: "newsletter", content: { email: "old@example.com" }, reason: "no-token" },
      now - HELD_RETENTION_DAYS * DAY - 1000,
    );
    await holdSubmission(
      db(),
      { kind: "newsletter", content: { email: "recent@example.com" }, reason: "no-token" },
      now - (HELD_RETENTION_DAYS - 1) * DAY,
    );
    const page = await listHeld(db(), {}, now);
    expect(page.items.map((item) => item.kind === "newsletter" && item.email)).toEqual(["recent@example.com"]);
    expect(page.heldCount).toBe(1);
    // Listing leaves rows alone; the next hold removes the expired one.
    expect(await heldCount()).toBe(2);
    await holdSubmission(db(), { kind: "newsletter", content: { email: "new@example.com" }, reason: "no-token" }, now);
    expect(await heldCount()).toBe(2);
    const old = await releaseHeld(
      db(),
      (await db().selectFrom("heldSubmissions").select("id").where("payload", "like", "%old@%").executeTakeFirst())?.id ?? "gone",
      deliver,
      now,
    );
    expect(old).toEqual({ ok: false, status: 404, error: HELD_ERRORS.notFound });
  });

  it(`keeps what is held when ${MAX_HELD} are: the surplus is refused and counted for the artist`, async () => {
    const base = Date.now() - DAY;
    const rows = Array.from({ length: MAX_HELD }, (_, i) => ({
      id: `flood-${String(i).padStart(5, "0")}`,
      kind: i === 0 ? ("contact" as const) : ("newsletter" as const),
      // The first one held is a real message, before the flood.
      payload: JSON.stringify(
        i === 0 ? { name: "Ada", email: "ada@example.com", message: "A real one" } : { email: `flood${i}@example.com` },
      ),
      reason: "no-token" as const,
      receivedAt: base + i,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db()
        .insertInto("heldSubmissions")
        .values(rows.slice(i, i + 200))
        .execute();
    expect((await listHeld(db())).refused).toBeNull();
    const now = Date.now();
    const outcomes = [];
    for (let i = 0; i < 5; i++) {
      const outcome = await holdSubmission(
        db(),
        { kind: "contact", content: { name: null, email: null, message: `flood ${i}` }, reason: "too-fast" },
        now + i,
      );
      // What the form does with a refusal: counts it for the artist.
      if (!outcome.held) await countHeldRefusal(db(), now + i);
      outcomes.push(outcome);
    }
    expect(outcomes).toEqual(Array.from({ length: 5 }, () => ({ held: false })));
    expect(await heldCount()).toBe(MAX_HELD);
    const ids = new Set((await db().selectFrom("heldSubmissions").select("id").execute()).map((row) => row.id));
    expect(ids.has("flood-00000")).toBe(true);
    expect(await listHeld(db(), {}, now + 10)).toMatchObject({ heldCount: MAX_HELD, refused: { count: 5, lastAt: now + 4 } });

    // Deleting spam makes room again.
    expect(await deleteHeld(db(), "flood-00500")).toEqual({ ok: true });
    expect(
      await holdSubmission(db(), { kind: "newsletter", content: { email: "late@example.com" }, reason: "honeypot" }, now + 20),
    ).toMatchObject({
      held: true,
    });
    // Refusals are forgotten with the retention time, as held submissions are.
    expect((await listHeld(db(), {}, now + (HELD_RETENTION_DAYS + 2) * DAY)).refused).toBeNull();
  });

  it("pages newest first by cursor", async () => {
    for (let i = 0; i < 5; i++)
      await holdSubmission(db(), { kind: "newsletter", content: { email: `p${i}@example.com` }, reason: "no-token" }, 1_000 + i);
    const first = await listHeld(db(), { limit: 2 }, 10_000);
    const second = await listHeld(db(), { limit: 2, before: first.nextCursor }, 10_000);
    const third = await listHeld(db(), { limit: 2, before: second.nextCursor }, 10_000);
    const emails = [...first.items, ...second.items, ...third.items].map((item) => item.kind === "newsletter" && item.email);
    expect(emails).toEqual(["p4@example.com", "p3@example.com", "p2@example.com", "p1@example.com", "p0@example.com"]);
    expect(third.nextCursor).toBeNull();
  });

  it("releases a message to the inbox as unread, with the time the fan sent it, once", async () => {
    const { id } = await held(
      db(),
      { kind: "contact", content: { name: "Ada", email: "ada@example.com", message: "Hi!" }, reason: "too-fast" },
      Date.now() - 5000,
    );
    const results = await Promise.all([releaseHeld(db(), id, deliver), releaseHeld(db(), id, deliver)]);
    expect(results.filter((r) => r.ok)).toEqual([{ ok: true, kind: "contact" }]);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, status: 404, error: HELD_ERRORS.notFound }]);
    const inbox = await db().selectFrom("contacts").selectAll().execute();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ name: "Ada", email: "ada@example.com", message: "Hi!", status: "unread", source: "website" });
    expect(Number(inbox[0]?.timestamp)).toBeLessThan(Date.now() - 4000);
    expect(await heldCount()).toBe(0);
  });

  it("releases a sign-up to the mailing list, consent dated when it was given", async () => {
    const sent = Date.now() - 60_000;
    const { id } = await held(db(), { kind: "newsletter", content: { email: "quick@example.com" }, reason: "too-fast" }, sent);
    expect(await releaseHeld(db(), id, deliver)).toEqual({ ok: true, kind: "newsletter" });
    const list = await db().selectFrom("subscribers").selectAll().execute();
    expect(list.map((row) => [row.email, row.subscribed, Number(row.timestamp)])).toEqual([["quick@example.com", 1, sent]]);
  });

  it("leaves a submission held when its delivery is refused or fails", async () => {
    const { id } = await held(db(), { kind: "newsletter", content: { email: "quick@example.com" }, reason: "too-fast" });
    const refusing: Deliverers = { ...deliver, newsletter: async () => refused(400, "Invalid email address") };
    expect(await releaseHeld(db(), id, refusing)).toEqual({ ok: false, status: 400, error: "Invalid email address" });
    const failing: Deliverers = {
      ...deliver,
      newsletter: async (trx, item) => {
        await subscribe({ db: trx, mail: undefined, env: site.services.env }, item.email);
        throw new Error("the disk is full");
      },
    };
    await expect(releaseHeld(db(), id, failing)).rejects.toThrow("the disk is full");
    expect(await heldCount()).toBe(1);
    expect(await db().selectFrom("subscribers").selectAll().execute()).toEqual([]);
  });

  it("deletes one, and says when it is already gone or the id is missing", async () => {
    const { id } = await held(db(), { kind: "newsletter", content: { email: "x@example.com" }, reason: "honeypot" });
    expect(await deleteHeld(db(), id)).toEqual({ ok: true });
    expect(await deleteHeld(db(), id)).toEqual({ ok: false, status: 404, error: HELD_ERRORS.notFound });
    expect(await deleteHeld(db(), "  ")).toEqual({ ok: false, status: 400, error: HELD_ERRORS.idRequired });
    expect(await deleteHeld(db(), "x".repeat(500))).toEqual({ ok: false, status: 404, error: HELD_ERRORS.notFound });
    expect(await releaseHeld(db(), undefined, deliver)).toEqual({ ok: false, status: 400, error: HELD_ERRORS.idRequired });
  });
});
