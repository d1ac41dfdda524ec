import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { Db } from "#app/lib/db/db.server.ts";
import type { Env } from "#app/lib/platform/env.server.ts";
import type { MailConfig } from "#app/lib/mail/mail-config.server.ts";
import { enqueueMail } from "#app/lib/mail/outbox.server.ts";
import { loadSiteSettings } from "#app/domain/site/site-settings.server.ts";
import { SUBSCRIPTION_SOURCE } from "./newsletter.ts";
import { CONFIRM_TEXT, consentWords, type NewsletterVariant } from "./ui-text.ts";

/** A sign-up as the form sent it, its address already checked. */
export type SignUp = { email: string; form: NewsletterVariant | null; page: string | null };

/** What storing a sign-up needs to know about the site: whether mail is on, and how to sign links. */
export type SignUpSite = { mail: { config: MailConfig } | undefined; env: Pick<Env, "publicUrl" | "authSecret"> };

/** A confirmation link works this long. */
export const CONFIRM_LINK_MS = 7 * 24 * 60 * 60_000;
/** Another sign-up of a pending address within this time queues no second mail (nobody can flood an inbox through the form). */
const RESEND_AFTER_MS = 60 * 60_000;

/**
 * Stores one sign-up and its consent record. Without mail, the address is
 * subscribed at once (single opt-in, as the site has always done). With mail,
 * it waits for its owner: a confirmation mail is queued, and the address gets
 * no mailing and is not exported until the link's button is pressed. An
 * address already on the list is left as it is, with the same answer, so the
 * form tells nobody who is subscribed.
 *
 * Run inside a transaction (the form's, or a held sign-up's release): the row,
 * the consent and the mail are stored together or not at all. Resolves true
 * when a mail was queued, for the caller to wake the outbox after the commit.
 */
export async function storeSignUp(db: Db, site: SignUpSite, signUp: SignUp, now = Date.now()): Promise<boolean> {
  const { email } = signUp;
  const existing = await db.selectFrom("subscribers").select(["subscribed", "pendingSince"]).where("email", "=", email).executeTakeFirst();
  if (existing?.subscribed === 1) return false;
  await db
    .insertInto("consents")
    .values({
      id: randomUUID(),
      email,
      event: "signed-up",
      at: now,
      words: signUp.form ? consentWords(signUp.form) : null,
      form: signUp.form,
      page: signUp.page,
    })
    .execute();
  if (!site.mail) {
    await db
      .insertInto("subscribers")
      .values({ id: randomUUID(), email, timestamp: now, subscribed: 1, source: SUBSCRIPTION_SOURCE })
      // Subscribed again after leaving: the date becomes this consent's.
      .onConflict((oc) => oc.column("email").doUpdateSet({ timestamp: now, subscribed: 1, pendingSince: null }))
      .execute();
    return false;
  }
  const pendingSince = existing?.pendingSince == null ? null : Number(existing.pendingSince);
  if (pendingSince !== null && now - pendingSince < RESEND_AFTER_MS) return false;
  await db
    .insertInto("subscribers")
    .values({ id: randomUUID(), email, timestamp: now, subscribed: 0, source: SUBSCRIPTION_SOURCE, pendingSince: now })
    .onConflict((oc) => oc.column("email").doUpdateSet({ pendingSince: now }))
    .execute();
  const { artist } = await loadSiteSettings(db);
  const link = confirmUrl(site.env, email, now);
  await enqueueMail(
    db,
    {
      subject: CONFIRM_TEXT.subject(artist.name),
      text: CONFIRM_TEXT.mail(artist.name, link, signUp.form === "download"),
      listUnsubscribe: false,
    },
    [email],
    now,
  );
  return true;
}

/** The signature of a confirmation link: the address and the sign-up it confirms, with the site's secret. */
function confirmToken(secret: string, email: string, issuedAt: number): string {
  return createHmac("sha256", secret).update(`confirm:${email}:${issuedAt}`).digest("base64url");
}

function confirmUrl(env: SignUpSite["env"], email: string, issuedAt: number): string {
  const query = new URLSearchParams({ email, t: String(issuedAt), token: confirmToken(env.authSecret, email, issuedAt) });
  return `${env.publicUrl}/newsletter/confirm?${query}`;
}

export type ConfirmLink = { email: string; issuedAt: number };

/** The link's address and sign-up when it is one we made, for a sign-up less than a week old; null otherwise. */
export function readConfirmLink(
  secret: string,
  fields: { email?: unknown; t?: unknown; token?: unknown },
  now = Date.now(),
): ConfirmLink | null {
  const { email, t, token } = fields;
  if (typeof email !== "string" || typeof t !== "string" || typeof token !== "string") return null;
  if (!/^\d{1,15}$/.test(t) || email.length > 254) return null;
  const issuedAt = Number(t);
  const expected = Buffer.from(confirmToken(secret, email, issuedAt));
  const given = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (now - issuedAt > CONFIRM_LINK_MS || issuedAt > now + 60_000) return null;
  return { email, issuedAt };
}

/**
 * Where a valid link stands, without changing anything (opening the link only
 * asks): still waiting for its button, already confirmed (pressed once
 * already), or stale (a newer sign-up or an unsubscribe came after it).
 */
export async function confirmLinkState(db: Db, link: ConfirmLink): Promise<"waiting" | "done" | "stale"> {
  const row = await db
    .selectFrom("subscribers")
    .select(["subscribed", "pendingSince", "confirmedAt"])
    .where("email", "=", link.email)
    .executeTakeFirst();
  if (!row) return "stale";
  if (row.pendingSince !== null && Number(row.pendingSince) === link.issuedAt) return "waiting";
  return row.subscribed === 1 && row.confirmedAt !== null && Number(row.confirmedAt) >= link.issuedAt ? "done" : "stale";
}

/**
 * Subscribes the address of a valid link, if it is still waiting for this
 * sign-up. "done" also for a second press (the address is on the list);
 * "stale" when a newer sign-up or an unsubscribe came after the link.
 */
export async function confirmSignUp(db: Db, link: ConfirmLink, now = Date.now()): Promise<"done" | "stale"> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("subscribers")
      .set({ subscribed: 1, timestamp: now, confirmedAt: now, pendingSince: null })
      .where("email", "=", link.email)
      .where("pendingSince", "=", link.issuedAt)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      await trx
        .insertInto("consents")
        .values({ id: randomUUID(), email: link.email, event: "confirmed", at: now, words: null, form: null, page: null })
        .execute();
      return "done";
    }
    const row = await trx
      .selectFrom("subscribers")
      .select(["subscribed", "confirmedAt"])
      .where("email", "=", link.email)
      .executeTakeFirst();
    return row?.subscribed === 1 && row.confirmedAt !== null && Number(row.confirmedAt) >= link.issuedAt ? "done" : "stale";
  });
}
