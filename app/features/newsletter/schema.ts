import { z } from "zod";
import { MAX_EMAIL_LENGTH } from "./newsletter.ts";
import { NEWSLETTER_TEXT } from "./ui-text.ts";

/**
 * A subscriber's e-mail address (SPEC sections 3 and 5): required, must
 * contain "@", then a real format check; stored trimmed and lowercased. Each
 * step stops at its own failure, so the first issue is the one to show.
 */
export const newsletterEmailSchema = z
  .string({ error: NEWSLETTER_TEXT.required })
  .trim()
  .toLowerCase()
  .min(1, { error: NEWSLETTER_TEXT.required, abort: true })
  .max(MAX_EMAIL_LENGTH, { error: NEWSLETTER_TEXT.invalid, abort: true })
  .refine((value) => value.includes("@"), { error: NEWSLETTER_TEXT.invalid, abort: true })
  .pipe(z.email({ error: NEWSLETTER_TEXT.invalid }));

/**
 * What the subscribe form sends (the guard fields are checked separately).
 * Which form and page it came from go into the consent record; a post without
 * them (a page from before they existed) is still a sign-up, recorded as from
 * an unknown form.
 */
export const subscribeFormSchema = z.object(
  {
    email: newsletterEmailSchema,
    form: z.enum(["footer", "panel", "release", "download"]).nullable().catch(null),
    page: z
      .string()
      .regex(/^\/[^\s]{0,199}$/)
      .nullable()
      .catch(null),
  },
  { error: NEWSLETTER_TEXT.required },
);

/** The first message of a failed parse, in the spec's words. */
export function firstEmailIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? NEWSLETTER_TEXT.invalid;
}
