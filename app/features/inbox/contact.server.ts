import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { CONTACT_RATE_LIMIT } from "#app/lib/http/form-guard.server.ts";
import type { Db } from "#app/lib/db/db.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { METRIC } from "#app/domain/counted.ts";
import { handlePublicForm, type PublicForm } from "#app/domain/public-form.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { contactFormSchema, type ContactInput } from "./schema.ts";
import { CONTACT_TEXT } from "./ui-text.ts";

/** A message as the schema leaves it: trimmed, blank name and e-mail null, e-mail lowercased. */
type ContactMessage = z.output<typeof contactFormSchema>;

/**
 * Stores a fan's message as SPEC section 3 describes: trimmed, e-mail
 * lowercased (or null), source 'website', status 'unread', server time (or
 * `timestamp`, when a held message is released: the time the fan sent it).
 * Takes anything with a `db`, so a release can store inside its transaction.
 */
export async function sendContactMessage(target: { db: Db }, input: ContactInput, timestamp = Date.now()): Promise<Result<{ id: string }>> {
  if (typeof input.message !== "string" || input.message.trim() === "") {
    return refused(400, CONTACT_TEXT.serviceMessageRequired);
  }
  const parsed = contactFormSchema.safeParse(input);
  if (!parsed.success) return refused(400, parsed.error.issues[0]?.message ?? CONTACT_TEXT.failed);
  return ok(await storeContactMessage(target.db, parsed.data, timestamp));
}

/** The insert itself, for a message the schema has already checked (sendContactMessage, the form). */
async function storeContactMessage(db: Db, message: ContactMessage, timestamp = Date.now()): Promise<{ id: string }> {
  const id = randomUUID();
  await db
    .insertInto("contacts")
    .values({ id, ...message, timestamp, source: "website", status: "unread" })
    .execute();
  return { id };
}

/** The form's declaration; a message kept is counted in the artist's Numbers once it has committed. */
const contactForm = (services: Services): PublicForm<typeof contactFormSchema> => ({
  rateLimit: CONTACT_RATE_LIMIT,
  fields: (form) => {
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : undefined;
    };
    return { name: field("name"), email: field("email"), message: field("message") };
  },
  schema: contactFormSchema,
  store: async (db, message) => {
    await storeContactMessage(db, message);
    return () => services.numbers.count(METRIC.message, "");
  },
  held: (message) => ({ kind: "contact", content: message }),
  messages: { failed: CONTACT_TEXT.failed, invalid: CONTACT_TEXT.failed },
  log: { held: "Contact form: held a submission for review", failed: "Storing a contact message failed" },
});

/**
 * The /contact form's action. Too many messages from one address get a 429
 * and a bad message a 400 with its reason. A message the bot checks catch is
 * held for the artist to look at (the dashboard's Filtered list), not dropped:
 * the fan is told it was sent because it was kept.
 */
export function handleContact(services: Services, request: Request) {
  return handlePublicForm(services, request, contactForm(services));
}
