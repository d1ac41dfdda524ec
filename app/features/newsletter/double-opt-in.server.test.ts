import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import type { MailConfig } from "#app/lib/mail/mail-config.server.ts";
import { CONFIRM_LINK_MS, confirmLinkState, confirmSignUp, readConfirmLink, type SignUpSite, storeSignUp } from "./double-opt-in.server.ts";
import { unsubscribe } from "./subscribers.server.ts";
import { CONFIRM_TEXT, consentWords } from "./ui-text.ts";

const MAIL: MailConfig = {
  smtp: { host: "127.0.0.1", port: 2525, secure: false, auth: undefined },
  from: { name: undefined, address: "news@juniper.example" },
  perSecond: 10,
};

describe.each(testStacks)("double opt-in on %s", (stack) => {
  let site: TestSite;
  let mailOn: SignUpSite;
  let mailOff: SignUpSite;
  beforeAll(async () => {
    site = await createTestSite(stack);
    mailOn = { mail: { config: MAIL }, env: site.services.env };
    mailOff = { mail: undefined, env: site.services.env };
  });
  afterAll(() => site.cleanup());

  const db = () => site.services.db;
  const row = (email: string) => db().selectFrom("subscribers").selectAll().where("email", "=", email).executeTakeFirst();
  const consents = (email: string) =>
    db().selectFrom("consents").select(["event", "words", "form", "page"]).where("email", "=", email).orderBy("at").execute();
  const mailsTo = (email: string) =>
    db()
      .selectFrom("outbox")
      .innerJoin("mailContents", "mailContents.id", "outbox.contentId")
      .select(["subject", "text"])
      .where("recipient", "=", email)
      .execute();
  /** The link in the newest confirmation mail to `email`, read as a fan's browser would. */
  const linkIn = async (email: string) => {
    const mails = await mailsTo(email);
    const url = new URL(/https?:\/\/\S+/.exec(mails.at(-1)?.text ?? "")?.[0] ?? "http://x/");
    return { email: url.searchParams.get("email"), t: url.searchParams.get("t"), token: url.searchParams.get("token") };
  };

  it("with mail on, a sign-up waits for its owner: the mail's link confirms it, once, and the consent says when, what and where", async () => {
    const email = "ada@fans.example";
    expect(await storeSignUp(db(), mailOn, { email, form: "panel", page: "/music" }, 1_000_000)).toBe(true);
    expect(await row(email)).toMatchObject({ subscribed: 0, confirmedAt: null });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe(CONFIRM_TEXT.subject("Juniper Vale"));
    expect(mail?.text).toContain(`${site.services.env.publicUrl}/newsletter/confirm?`);

    const link = readConfirmLink(site.services.env.authSecret, await linkIn(email), 1_000_000 + 60_000);
    expect(link).toEqual({ email, issuedAt: 1_000_000 });
    if (!link) throw new Error("no link");
    // Opening the link asks and changes nothing: it is waiting for its button.
    expect(await confirmLinkState(db(), link)).toBe("waiting");
    expect(await confirmSignUp(db(), link, 1_000_000 + 120_000)).toBe("done");
    expect(await confirmLinkState(db(), link)).toBe("done");
    expect(await row(email)).toMatchObject({
      subscribed: 1,
      confirmedAt: 1_000_000 + 120_000,
      pendingSince: null,
      timestamp: 1_000_000 + 120_000,
    });
    // A second press: still on the list, nothing new recorded.
    expect(await confirmSignUp(db(), link, 1_000_000 + 180_000)).toBe("done");
    expect(await consents(email)).toEqual([
      { event: "signed-up", words: consentWords("panel"), form: "panel", page: "/music" },
      { event: "confirmed", words: null, form: null, page: null },
    ]);
    // Signing up again once on the list changes nothing and sends nothing.
    expect(await storeSignUp(db(), mailOn, { email, form: "footer", page: "/" }, 2_000_000)).toBe(false);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("sends one confirmation an hour however often the form is sent, and only the newest link works", async () => {
    const email = "bo@fans.example";
    const t0 = 5_000_000;
    expect(await storeSignUp(db(), mailOn, { email, form: "footer", page: "/bio" }, t0)).toBe(true);
    const first = readConfirmLink(site.services.env.authSecret, await linkIn(email), t0);
    expect(await storeSignUp(db(), mailOn, { email, form: "footer", page: "/bio" }, t0 + 10 * 60_000)).toBe(false);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await storeSignUp(db(), mailOn, { email, form: "footer", page: "/bio" }, t0 + 61 * 60_000)).toBe(true);
    expect(await mailsTo(email)).toHaveLength(2);
    if (!first) throw new Error("no link");
    expect(await confirmLinkState(db(), first)).toBe("stale");
    expect(await confirmSignUp(db(), first, t0 + 62 * 60_000)).toBe("stale");
    expect((await row(email))?.subscribed).toBe(0);
  });

  it("refuses a link that is forged, for another address, or more than a week old, and one whose sign-up was unsubscribed", async () => {
    const email = "cy@fans.example";
    const t0 = 9_000_000;
    await storeSignUp(db(), mailOn, { email, form: null, page: null }, t0);
    const fields = await linkIn(email);
    const secret = site.services.env.authSecret;
    expect(readConfirmLink(secret, { ...fields, token: `${fields.token?.slice(0, -1)}A` }, t0)).toBeNull();
    expect(readConfirmLink(secret, { ...fields, email: "mallory@fans.example" }, t0)).toBeNull();
    expect(readConfirmLink(secret, { ...fields, t: String(t0 + 1) }, t0)).toBeNull();
    expect(readConfirmLink(secret, fields, t0 + CONFIRM_LINK_MS + 1)).toBeNull();
    expect(readConfirmLink("another-secret-that-is-long-enough-to-use", fields, t0)).toBeNull();
    const link = readConfirmLink(secret, fields, t0);
    if (!link) throw new Error("no link");
    await unsubscribe(site.services, email, t0 + 1_000);
    expect(await confirmSignUp(db(), link, t0 + 2_000)).toBe("stale");
    expect((await row(email))?.subscribed).toBe(0);
  });

  it("without mail, a sign-up is on the list at once, as before, with its consent recorded; leaving is recorded too", async () => {
    const email = "dee@fans.example";
    expect(await storeSignUp(db(), mailOff, { email, form: "footer", page: "/contact" }, 3_000_000)).toBe(false);
    expect(await row(email)).toMatchObject({ subscribed: 1, confirmedAt: null, pendingSince: null });
    expect(await mailsTo(email)).toEqual([]);
    await unsubscribe(site.services, email, 3_100_000);
    expect((await consents(email)).map((c) => c.event)).toEqual(["signed-up", "unsubscribed"]);
  });
});
