import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import { makeCodeBatch } from "./codes.server.ts";
import { REDEEM_TEXT } from "./codes-ui-text.ts";
import { handleRedeem } from "./redeem.server.ts";

let clients = 0;
const newClient = () => `10.66.${Math.floor(++clients / 250)}.${clients % 250}`;

const post = (client: string, code: string | undefined) =>
  new Request("http://localhost:3999/redeem", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: client },
    body: code === undefined ? "" : new URLSearchParams({ code }).toString(),
  });

describe.each(testStacks)("redeeming at /redeem on %s", (stack) => {
  let site: TestSite;
  const releaseId = crypto.randomUUID();

  beforeAll(async () => {
    site = await createTestSite(stack);
    const now = Date.now();
    const { db } = site.services;
    await db
      .insertInto("releases")
      .values({ id: releaseId, slug: "harbour", title: "Harbour", kind: "ep", createdAt: now, updatedAt: now })
      .execute();
    await db
      .insertInto("songs")
      .values({
        id: crypto.randomUUID(),
        title: "Harbour",
        artist: "Juniper Vale",
        audioKey: "music/harbour.wav",
        coverKey: "covers/harbour.png",
        createdAt: now,
        updatedAt: now,
        released: 1,
        releaseAt: null,
        releaseTimeZone: null,
        releaseId,
        trackNumber: 1,
        slug: "harbour",
      })
      .execute();
  });
  afterAll(() => site?.cleanup());

  const codes = async (count: number) => {
    const made = await makeCodeBatch(site.services.db, { releaseId, count: String(count), uses: "1" });
    if (!made.ok) throw new Error(made.error);
    return made.batch.codes;
  };

  it("leads a good code to its download page, and keeps what was typed beside a refusal", async () => {
    const [code = ""] = await codes(1);
    const client = newClient();
    const answer = await handleRedeem(site.services, post(client, ` ${code.toLowerCase()} `));
    expect(answer).toMatchObject({ ok: true, path: expect.stringMatching(/^\/download\/[0-9a-f]{40}$/) });
    expect(await handleRedeem(site.services, post(client, code))).toEqual({
      ok: false,
      status: 410,
      error: REDEEM_TEXT.usedUp(1),
      code,
    });
    expect(await handleRedeem(site.services, post(client, "  "))).toEqual({ ok: false, status: 400, error: REDEEM_TEXT.blank, code: "  " });
    expect(await handleRedeem(site.services, post(client, undefined))).toMatchObject({ ok: false, status: 400, error: REDEEM_TEXT.blank });
  });

  it("after ten wrong codes in a minute refuses every attempt from that client, a right code too, saying how long to wait", async () => {
    const [good = "", other = ""] = await codes(2);
    const guesser = newClient();
    for (let i = 0; i < 10; i++) {
      const guess = i % 2 ? `ZZZZZ-ZZZ${String(i).padStart(2, "0")}` : "not a code";
      const answer = await handleRedeem(site.services, post(guesser, guess));
      expect(answer, `guess ${i + 1}`).toMatchObject({ ok: false, status: i % 2 ? 404 : 400, code: guess });
    }
    const limited = await handleRedeem(site.services, post(guesser, good));
    expect(limited).toMatchObject({ ok: false, status: 429, code: good });
    if (limited.ok) return;
    expect(limited.retryAfter).toBeGreaterThanOrEqual(1);
    expect(limited.retryAfter).toBeLessThanOrEqual(60);
    expect(limited.error).toBe(REDEEM_TEXT.tooMany(limited.retryAfter ?? 0));
    expect(limited.error).toMatch(/^Too many wrong codes from your connection\. Please wait \d+ seconds?, then try again\.$/);
    // Another client is not held up, and the refused code was not spent.
    expect((await handleRedeem(site.services, post(newClient(), good))).ok).toBe(true);
    expect((await handleRedeem(site.services, post(newClient(), other))).ok).toBe(true);
  });

  it("counts only wrong codes: right ones, used ones and blanks never bring the limit on", async () => {
    const fan = newClient();
    const batch = await codes(12);
    for (const code of batch) expect((await handleRedeem(site.services, post(fan, code))).ok).toBe(true);
    for (const code of batch) expect(await handleRedeem(site.services, post(fan, code))).toMatchObject({ status: 410 });
    for (let i = 0; i < 12; i++) expect(await handleRedeem(site.services, post(fan, ""))).toMatchObject({ status: 400 });
    for (let i = 0; i < 10; i++) expect(await handleRedeem(site.services, post(fan, "ZZZZZ-ZZZZZ"))).toMatchObject({ status: 404 });
    expect(await handleRedeem(site.services, post(fan, "ZZZZZ-ZZZZZ"))).toMatchObject({ status: 429 });
  });

  it("stops a burst of guesses sent at once at the limit, give or take the burst's own overlap", async () => {
    const burst = newClient();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => handleRedeem(site.services, post(burst, `ZZZZZ-ZZZ${String(i).padStart(2, "0")}`))),
    );
    expect(answers.filter((answer) => !answer.ok && answer.status === 404).length).toBeLessThanOrEqual(10);
    expect(answers.filter((answer) => !answer.ok && answer.status === 429).length).toBeGreaterThanOrEqual(20);
  });
});
