import { z } from "zod";
import { CONTACT_TEXT, MAX_MESSAGE_LENGTH } from "./ui-text.ts";

/** An optional text field: blank becomes null, anything else must pass `schema` (its message kept). */
const optional = (schema: z.ZodType<string, string>) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = raw?.trim() ?? "";
      if (value === "") return null;
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Invalid value" });
      return z.NEVER;
    });

const email = z
  .string()
  .max(254, CONTACT_TEXT.invalidEmail)
  .refine((value) => value.includes("@"), CONTACT_TEXT.invalidEmail)
  .pipe(z.email(CONTACT_TEXT.invalidEmail))
  .transform((value) => value.toLowerCase());

/** What the form sends, checked with the messages a visitor sees. */
export const contactFormSchema = z.object({
  name: optional(z.string().max(100, CONTACT_TEXT.nameTooLong)),
  email: optional(email),
  message: z
    .string({ error: CONTACT_TEXT.messageRequired })
    .trim()
    .min(1, CONTACT_TEXT.messageRequired)
    .max(MAX_MESSAGE_LENGTH, CONTACT_TEXT.messageTooLong),
});
export type ContactInput = z.input<typeof contactFormSchema>;
