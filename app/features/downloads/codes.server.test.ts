import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { openDatabase, type Db } from "#app/lib/db/db.server.ts";
import { tokenHash } from "#app/lib/auth/bearer-secrets.server.ts";
import { normaliseCode } from "./code-format.ts";
import { codeHash } from "./code-secrets.server.ts";
import { endCodeBatch, listCodeBatches, makeCodeBatch, redeemCode, releasesForCodes, restoreCodeBatch } from "./codes.server.ts";
import { CODES_TEXT, REDEEM_TEXT } from "./codes-ui-text.ts";
import { grantPath, openGrant } from "./grants.server.ts";

const SECRET = "test-secret-that-is-long-enough-for-better-auth";

describe.each(testStacks)("download codes on %s", (stack) => {
  let site: TestSite;
  let db: Db;
  /**
   * A second pool on the same database, as another process of the site would
   * open. PostgreSQL only: node:sqlite is synchronous, so a second connection in
   * this process waiting for the first one's lock would stop the very thread
   * that holds it; the embedded stack's requests share one connection, in turn.
   */
  let otherProcess: Db;
  const out = { id: crypto.randomUUID(), title: "Low Tide" };
  const coming = { id: crypto.randomUUID(), title: "Paper Boats" };
  const undated = { id: crypto.randomUUID(), title: "Drafts" };
  const empty = { id: crypto.randomUUID(), title: "Nothing Yet" };
  const comingAt = Date.UTC(2031, 4, 1, 9, 0);

  beforeAll(async () => {
    site = await createTestSite(stack);
    db = site.services.db;
    otherProcess = stack === "scale" ? openDatabase({ databaseUrl: site.services.env.databaseUrl }).db : db;
    const now = Date.now();
    for (const [index, release] of [out, coming, undated, empty].entries())
      await db
        .insertInto("releases")
        .values({ id: release.id, slug: release.id, title: release.title, kind: "ep", createdAt: now + index, updatedAt: now })
        .execute();
    const track = (releaseId: string, slug: string, released: number, releaseAt: number | null) => ({
      id: crypto.randomUUID(),
      title: slug,
      artist: "Juniper Vale",
      audioKey: `music/${slug}.wav`,
      coverKey: `covers/${slug}.png`,
      createdAt: now,
      updatedAt: now,
      released,
      releaseAt,
      releaseTimeZone: releaseAt === null ? null : "Europe/Berlin",
      releaseId,
      trackNumber: 1,
      slug,
    });
    await db
      .insertInto("songs")
      .values([track(out.id, "low-tide", 1, null), track(coming.id, "paper-boats", 0, comingAt), track(undated.id, "drafts", 0, null)])
      .execute();
  });
  afterAll(async () => {
    if (otherProcess !== db) await otherProcess?.destroy();
    await site?.cleanup();
  });

  const make = async (fields: Record<string, string>, now = Date.now()) => {
    const made = await makeCodeBatch(db, { count: "3", uses: "1", ...fields }, now);
    if (!made.ok) throw new Error(made.error);
    return made.batch;
  };
  const count = async (table: "codeBatches" | "downloadCodes" | "downloadGrants" | "codeRedemptions") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("offers the releases with a track, newest first, saying which are out and when the others come", async () => {
    const releases = await releasesForCodes(db);
    expect(releases.map((release) => release.title)).toEqual(["Drafts", "Paper Boats", "Low Tide"]);
    expect(releases.find((release) => release.id === out.id)).toMatchObject({ out: true, coming: null, coverKey: "covers/low-tide.png" });
    expect(releases.find((release) => release.id === coming.id)).toMatchObject({
      out: false,
      coming: { at: comingAt, timeZone: "Europe/Berlin" },
    });
    expect(releases.find((release) => release.id === undated.id)).toMatchObject({ out: false, coming: null });
  });

  it("refuses a batch with each wrong field named, storing nothing", async () => {
    const before = [await count("codeBatches"), await count("downloadCodes")];
    const cases: [Record<string, string>, string, string][] = [
      [{ releaseId: "", count: "3", uses: "1" }, "releaseId", CODES_TEXT.releaseRequired],
      [{ releaseId: out.id, count: "0", uses: "1" }, "count", CODES_TEXT.countInvalid],
      [{ releaseId: out.id, count: "1001", uses: "1" }, "count", CODES_TEXT.countInvalid],
      [{ releaseId: out.id, count: "2.5", uses: "1" }, "count", CODES_TEXT.countInvalid],
      [{ releaseId: out.id, count: "3", uses: "101" }, "uses", CODES_TEXT.usesInvalid],
      [{ releaseId: out.id, count: "3", uses: "-1" }, "uses", CODES_TEXT.usesInvalid],
      [{ releaseId: out.id, count: "3", uses: "1", expires: "2020-01-01" }, "expires", CODES_TEXT.expiresPast],
      [{ releaseId: out.id, count: "3", uses: "1", expires: "2027-02-31" }, "expires", CODES_TEXT.expiresInvalid],
      [{ releaseId: out.id, count: "3", uses: "1", note: "x".repeat(201) }, "note", CODES_TEXT.noteTooLong],
      [{ releaseId: empty.id, count: "3", uses: "1" }, "releaseId", CODES_TEXT.releaseGone],
      [{ releaseId: crypto.randomUUID(), count: "3", uses: "1" }, "releaseId", CODES_TEXT.releaseGone],
    ];
    for (const [form, field, message] of cases) {
      const answer = await makeCodeBatch(db, form);
      expect(answer.ok, JSON.stringify(form)).toBe(false);
      if (!answer.ok) {
        expect(answer.fields[field as keyof typeof answer.fields], JSON.stringify(form)).toBe(message);
        expect(answer.status).toBe(field === "releaseId" && message === CODES_TEXT.releaseGone ? 404 : 400);
      }
    }
    expect([await count("codeBatches"), await count("downloadCodes")]).toEqual(before);
  });

  it("makes a batch whose plain codes are handed back once and kept only as hashes", async () => {
    const now = Date.now();
    const made = await makeCodeBatch(
      db,
      { releaseId: out.id, count: "25", uses: "2", expires: "2031-03-28", zone: "America/Los_Angeles", note: " Merch table " },
      now,
    );
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(made.message).toBe(CODES_TEXT.made(25, "Low Tide"));
    const { batch } = made;
    expect(batch.codes).toHaveLength(25);
    expect(new Set(batch.codes).size).toBe(25);
    for (const code of batch.codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    // The end of March 28 in Los Angeles (PDT, UTC−7): 06:59:59.999 UTC on the 29th.
    expect(batch.expiresAt).toBe(Date.UTC(2031, 2, 29, 7, 0) - 1);
    expect(batch).toMatchObject({ releaseTitle: "Low Tide", coverKey: "covers/low-tide.png", usesPerCode: 2, lastDay: "2031-03-28" });
    const stored = await db.selectFrom("downloadCodes").selectAll().where("batchId", "=", batch.id).execute();
    expect(stored).toHaveLength(25);
    expect(stored.every((row) => Number(row.usesLeft) === 2)).toBe(true);
    expect(new Set(stored.map((row) => row.codeHash))).toEqual(new Set(batch.codes.map((code) => codeHash(normaliseCode(code) ?? ""))));
    const everything = JSON.stringify(await db.selectFrom("codeBatches").selectAll().execute()) + JSON.stringify(stored);
    for (const code of batch.codes) {
      expect(everything).not.toContain(code);
      expect(everything).not.toContain(code.replace("-", ""));
    }
    const [listed] = await listCodeBatches(db, now);
    expect(listed).toMatchObject({
      id: batch.id,
      releaseTitle: "Low Tide",
      count: 25,
      usesPerCode: 2,
      note: "Merch table",
      usesLeft: 50,
      redemptions: 0,
      lastRedeemedAt: null,
      state: "live",
    });
  });

  it("redeems a code once per use, typed any way, each time a grant of its own and a recorded redemption, then says it is used up", async () => {
    const batch = await make({ releaseId: out.id, uses: "2" });
    const [code = ""] = batch.codes;
    const now = Date.now();
    const first = await redeemCode(db, SECRET, code.toLowerCase().replace("-", " "), now);
    const second = await redeemCode(db, SECRET, ` ${code.replace("-", "")} `, now + 1);
    const third = await redeemCode(db, SECRET, code, now + 2);
    if (!first.ok || !second.ok) throw new Error("not redeemed");
    expect(first.token).not.toBe(second.token);
    expect(first.token).toMatch(/^[0-9a-f]{40}$/);
    expect(grantPath(first.token)).toBe(`/download/${first.token}`);
    expect(third).toMatchObject({ ok: false, status: 410, error: REDEEM_TEXT.usedUp(2), reason: "usedUp" });
    const opened = await openGrant(db, first.token, now);
    expect(opened.state).toBe("live");
    const grants = await db.selectFrom("downloadGrants").selectAll().where("id", "in", [first.grantId, second.grantId]).execute();
    expect(grants).toHaveLength(2);
    const codeRow = await db
      .selectFrom("downloadCodes")
      .select(["id", "usesLeft"])
      .where("codeHash", "=", codeHash(normaliseCode(code) ?? ""))
      .executeTakeFirstOrThrow();
    expect(Number(codeRow.usesLeft)).toBe(0);
    for (const grant of grants) {
      expect(grant).toMatchObject({ releaseId: out.id, via: "code", codeId: codeRow.id, email: null, revokedAt: null });
      expect(Number(grant.openedAt)).toBeGreaterThanOrEqual(now);
    }
    expect(grants.map((grant) => grant.tokenHash).sort()).toEqual([tokenHash(first.token), tokenHash(second.token)].sort());
    const redemptions = await db.selectFrom("codeRedemptions").selectAll().where("codeId", "=", codeRow.id).orderBy("at").execute();
    expect(redemptions.map((row) => [row.grantId, row.releaseId, Number(row.at)])).toEqual([
      [first.grantId, out.id, now],
      [second.grantId, out.id, now + 1],
    ]);
    const listed = (await listCodeBatches(db, now)).find((row) => row.id === batch.id);
    expect(listed).toMatchObject({ usesLeft: 4, redemptions: 2, lastRedeemedAt: now + 1, state: "live" });
  });

  it("tells a code not of ours, and what cannot be a code, from a blank; each refusal true and nothing taken", async () => {
    const before = [await count("downloadGrants"), await count("codeRedemptions")];
    expect(await redeemCode(db, SECRET, "   ")).toMatchObject({ ok: false, status: 400, error: REDEEM_TEXT.blank, reason: "blank" });
    expect(await redeemCode(db, SECRET, "7KQ3M-XW2Z")).toMatchObject({
      ok: false,
      status: 400,
      error: REDEEM_TEXT.malformed,
      reason: "wrong",
    });
    expect(await redeemCode(db, SECRET, "7KQ3U-XW2ZP")).toMatchObject({ ok: false, reason: "wrong" });
    expect(await redeemCode(db, SECRET, "7KQ3M-XW2ZP")).toMatchObject({
      ok: false,
      status: 404,
      error: REDEEM_TEXT.notOurs,
      reason: "wrong",
    });
    expect([await count("downloadGrants"), await count("codeRedemptions")]).toEqual(before);
  });

  it("gives a one-use code to exactly one of many fans redeeming it at once (from two processes on PostgreSQL)", async () => {
    const batch = await make({ releaseId: out.id, count: "1", uses: "1" });
    const [code = ""] = batch.codes;
    const attempts = await Promise.all(Array.from({ length: 12 }, (_, i) => redeemCode(i % 2 ? db : otherProcess, SECRET, code)));
    expect(attempts.filter((attempt) => attempt.ok)).toHaveLength(1);
    expect(attempts.filter((attempt) => !attempt.ok && attempt.reason === "usedUp")).toHaveLength(11);
    const codeId = (await db.selectFrom("downloadCodes").select("id").where("batchId", "=", batch.id).executeTakeFirstOrThrow()).id;
    expect(await db.selectFrom("downloadGrants").select("id").where("codeId", "=", codeId).execute()).toHaveLength(1);
    expect(await db.selectFrom("codeRedemptions").select("id").where("codeId", "=", codeId).execute()).toHaveLength(1);
  });

  it("gives each use of a many-use code once when fans race for it", async () => {
    const batch = await make({ releaseId: out.id, count: "1", uses: "3" });
    const [code = ""] = batch.codes;
    const attempts = await Promise.all(Array.from({ length: 10 }, (_, i) => redeemCode(i % 2 ? db : otherProcess, SECRET, code)));
    expect(attempts.filter((attempt) => attempt.ok)).toHaveLength(3);
    const [listed] = (await listCodeBatches(db)).filter((row) => row.id === batch.id);
    expect(listed).toMatchObject({ usesLeft: 0, redemptions: 3, state: "usedUp" });
  });

  it("works until the end of its last day, then says it has run out, taking nothing", async () => {
    const madeAt = Date.UTC(2031, 0, 10, 12, 0);
    const batch = await make({ releaseId: out.id, expires: "2031-01-15", zone: "UTC" }, madeAt);
    const [early = "", late = ""] = batch.codes;
    const lastInstant = Date.UTC(2031, 0, 16) - 1;
    expect((await redeemCode(db, SECRET, early, lastInstant)).ok).toBe(true);
    expect(await redeemCode(db, SECRET, late, lastInstant + 1)).toMatchObject({
      ok: false,
      status: 410,
      error: REDEEM_TEXT.expired,
      reason: "expired",
    });
    const listed = (await listCodeBatches(db, lastInstant + 1)).find((row) => row.id === batch.id);
    expect(listed).toMatchObject({ state: "expired", redemptions: 1, usesLeft: 2 });
  });

  it("says from which day a code works while its release is not out, and takes no use until then", async () => {
    const batch = await make({ releaseId: coming.id, count: "1", uses: "1" });
    const [code = ""] = batch.codes;
    const refusal = await redeemCode(db, SECRET, code);
    // May 1, 2031 at 09:00 UTC is 11:00 in Berlin: the day is the release's own.
    expect(refusal).toMatchObject({
      ok: false,
      status: 409,
      reason: "notOut",
      error: "This code works from May 1, 2031, when Paper Boats comes out.",
    });
    expect(
      Number((await db.selectFrom("downloadCodes").select("usesLeft").where("batchId", "=", batch.id).executeTakeFirstOrThrow()).usesLeft),
    ).toBe(1);
    const undatedBatch = await make({ releaseId: undated.id, count: "1" });
    expect(await redeemCode(db, SECRET, undatedBatch.codes[0] ?? "")).toMatchObject({
      ok: false,
      error: REDEEM_TEXT.notOutUndated("Drafts"),
    });
    // Out now: the same code works.
    await db.updateTable("songs").set({ released: 1 }).where("releaseId", "=", coming.id).execute();
    expect((await redeemCode(db, SECRET, code)).ok).toBe(true);
  });

  it("ends a batch, so its codes say they no longer work, and undoes that with the uses its fans had not taken", async () => {
    const batch = await make({ releaseId: out.id, count: "2", uses: "3" });
    const [used = "", fresh = ""] = batch.codes;
    expect((await redeemCode(db, SECRET, used)).ok).toBe(true);
    expect(await endCodeBatch(db, batch.id)).toEqual({ ok: true, message: CODES_TEXT.ended("Low Tide") });
    expect(await redeemCode(db, SECRET, fresh)).toMatchObject({
      ok: false,
      status: 410,
      error: REDEEM_TEXT.withdrawn,
      reason: "withdrawn",
    });
    expect((await listCodeBatches(db)).find((row) => row.id === batch.id)).toMatchObject({ state: "ended", usesLeft: 0, redemptions: 1 });
    expect(await restoreCodeBatch(db, batch.id)).toEqual({ ok: true, message: CODES_TEXT.restored("Low Tide") });
    const left = await db.selectFrom("downloadCodes").select(["codeHash", "usesLeft"]).where("batchId", "=", batch.id).execute();
    const usesOf = (code: string) => Number(left.find((row) => row.codeHash === codeHash(normaliseCode(code) ?? ""))?.usesLeft);
    expect([usesOf(used), usesOf(fresh)]).toEqual([2, 3]);
    expect((await listCodeBatches(db)).find((row) => row.id === batch.id)).toMatchObject({ state: "live", usesLeft: 5 });
    expect((await redeemCode(db, SECRET, fresh)).ok).toBe(true);
    for (const missing of [undefined, "", "not-a-batch", crypto.randomUUID()]) {
      expect(await endCodeBatch(db, missing)).toMatchObject({ ok: false, status: 404, error: CODES_TEXT.batchGone });
      expect(await restoreCodeBatch(db, missing)).toMatchObject({ ok: false, status: 404, error: CODES_TEXT.batchGone });
    }
  });

  it("makes the largest batch, a thousand codes, at once", async () => {
    const batch = await make({ releaseId: out.id, count: "1000", uses: "100" });
    expect(new Set(batch.codes).size).toBe(1000);
    expect(
      Number(
        (
          await db
            .selectFrom("downloadCodes")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("batchId", "=", batch.id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(1000);
    // 1000 codes × 100 uses = 100,000 uses left, summed as the list sums them.
    expect((await listCodeBatches(db)).find((row) => row.id === batch.id)?.usesLeft).toBe(100_000);
  });
});
