import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { detectBot, CONTACT_RATE_LIMIT, RATE_LIMIT_MESSAGE, takeFormRateLimit } from "#app/lib/form-guard.server.ts";
import type { Db } from "#app/lib/db.server.ts";
import { holdSubmission } from "#app/lib/held-submissions.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import type { Outcome } from "#app/lib/outcome.ts";
import type { Services } from "#app/lib/services.server.ts";
import { CONTACT_TEXT, contactFormSchema, type ContactInput } from "./schema.ts";

export type ContactResult = { ok: true } | { ok: false; error: string };

/**
 * Stores a fan's message as SPEC section 3 describes: trimmed, e-mail
 * lowercased (or null), source 'website', status 'unread', server time (or
 * `timestamp`, when a held message is released: the time the fan sent it).
 * Takes anything with a `db`, so a release can store inside its transaction.
 */
export async function sendContactMessage(target: { db: Db }, input: ContactInput, timestamp = Date.now()): Promise<Outcome<{ id: string }>> {
  if (typeof input.message !== "string" || input.message.trim() === "") {
    return { success: false, error: CONTACT_TEXT.serviceMessageRequired };
  }
  const parsed = contactFormSchema.safeParse(input);
  if (!parsed.success) return { success: false, error: parsed.error.issues[0]?.message ?? CONTACT_TEXT.failed };
  const id = randomUUID();
  await target.db
    .insertInto("contacts")
    .values({ id, ...parsed.data, timestamp, source: "website", status: "unread" })
    .execute();
  return { success: true, id };
}

/**
 * The /contact form's action. Too many messages from one address get a 429
 * and a bad message a 400 with its reason. A message the bot checks catch is
 * held for the artist to look at (the dashboard's Filtered list), not dropped:
 * the fan is told it was sent because it was kept.
 */
export async function handleContact(services: Services, request: Request) {
  const read = await readForm(request);
  if (!read.ok) return data<ContactResult>({ ok: false, error: read.error }, { status: read.status });
  const form = read.form;
  try {
    if (!(await takeFormRateLimit(services, request, CONTACT_RATE_LIMIT))) {
      return data<ContactResult>({ ok: false, error: RATE_LIMIT_MESSAGE }, { status: 429 });
    }
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : undefined;
    };
    const parsed = contactFormSchema.safeParse({ name: field("name"), email: field("email"), message: field("message") });
    if (!parsed.success) {
      return data<ContactResult>({ ok: false, error: parsed.error.issues[0]?.message ?? CONTACT_TEXT.failed }, { status: 400 });
    }
    const verdict = detectBot(services.env.authSecret, form);
    if (verdict.bot) {
      await holdSubmission(services.db, { kind: "contact", content: parsed.data, reason: verdict.reason });
      console.info(`Contact form: held a submission for review (${verdict.reason})`);
      return data<ContactResult>({ ok: true });
    }
    const stored = await sendContactMessage(services, { message: parsed.data.message, name: parsed.data.name ?? "", email: parsed.data.email ?? "" });
    if (!stored.success) return data<ContactResult>({ ok: false, error: stored.error }, { status: 400 });
    return data<ContactResult>({ ok: true });
  } catch (error) {
    console.error("Storing a contact message failed", error);
    return data<ContactResult>({ ok: false, error: CONTACT_TEXT.failed }, { status: 500 });
  }
}
