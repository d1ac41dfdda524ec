import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { detectBot, CONTACT_RATE_LIMIT, RATE_LIMIT_MESSAGE, takeFormRateLimit } from "#app/lib/form-guard.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import type { Outcome } from "#app/lib/outcome.ts";
import type { Services } from "#app/lib/services.server.ts";
import { CONTACT_MESSAGES, contactFormSchema, type ContactInput } from "./schema.ts";

export type ContactResult = { ok: true } | { ok: false; error: string };

/**
 * Stores a fan's message as SPEC section 3 describes: trimmed, e-mail
 * lowercased (or null), source 'website', status 'unread', server time.
 */
export async function sendContactMessage(services: Services, input: ContactInput): Promise<Outcome<{ id: string }>> {
  if (typeof input.message !== "string" || input.message.trim() === "") {
    return { success: false, error: CONTACT_MESSAGES.serviceMessageRequired };
  }
  const parsed = contactFormSchema.safeParse(input);
  if (!parsed.success) return { success: false, error: parsed.error.issues[0]?.message ?? CONTACT_MESSAGES.failed };
  const id = randomUUID();
  await services.db
    .insertInto("contacts")
    .values({ id, ...parsed.data, timestamp: Date.now(), source: "website", status: "unread" })
    .execute();
  return { success: true, id };
}

/**
 * The /contact form's action. A bot gets the same answer as a person and
 * nothing is stored; too many messages from one address get a 429.
 */
export async function handleContact(services: Services, request: Request) {
  const read = await readForm(request);
  if (!read.ok) return data<ContactResult>({ ok: false, error: read.error }, { status: read.status });
  const form = read.form;
  const verdict = detectBot(services.env.authSecret, form);
  if (verdict.bot) {
    console.warn(`Contact form: dropped a submission (${verdict.reason})`);
    return data<ContactResult>({ ok: true });
  }
  if (!(await takeFormRateLimit(services, request, CONTACT_RATE_LIMIT))) {
    return data<ContactResult>({ ok: false, error: RATE_LIMIT_MESSAGE }, { status: 429 });
  }
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const parsed = contactFormSchema.safeParse({ name: field("name"), email: field("email"), message: field("message") });
  if (!parsed.success) {
    return data<ContactResult>({ ok: false, error: parsed.error.issues[0]?.message ?? CONTACT_MESSAGES.failed }, { status: 400 });
  }
  try {
    const stored = await sendContactMessage(services, { message: parsed.data.message, name: parsed.data.name ?? "", email: parsed.data.email ?? "" });
    if (!stored.success) return data<ContactResult>({ ok: false, error: stored.error }, { status: 400 });
    return data<ContactResult>({ ok: true });
  } catch (error) {
    console.error("Storing a contact message failed", error);
    return data<ContactResult>({ ok: false, error: CONTACT_MESSAGES.failed }, { status: 500 });
  }
}
