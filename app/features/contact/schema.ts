import { z } from "zod";

/** SPEC section 5 and 8, plus a length limit a person can understand. */
export const CONTACT_MESSAGES = {
  messageRequired: "Please enter a message",
  serviceMessageRequired: "Message is required",
  invalidEmail: "Invalid email address",
  messageTooLong: "Your message is too long (5,000 characters at most).",
  nameTooLong: "Your name is too long (100 characters at most).",
  sent: "Message Sent!",
  failed: "Something went wrong. Please try again.",
} as const;

export const MAX_MESSAGE_LENGTH = 5000;
/** SPEC section 9: the success panel stays 5 s. */
export const CONTACT_SUCCESS_MS = 5000;

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
  .max(254, CONTACT_MESSAGES.invalidEmail)
  .refine((value) => value.includes("@"), CONTACT_MESSAGES.invalidEmail)
  .pipe(z.email(CONTACT_MESSAGES.invalidEmail))
  .transform((value) => value.toLowerCase());

/** What the form sends, checked with the messages a visitor sees. */
export const contactFormSchema = z.object({
  name: optional(z.string().max(100, CONTACT_MESSAGES.nameTooLong)),
  email: optional(email),
  message: z
    .string({ error: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .max(MAX_MESSAGE_LENGTH, CONTACT_MESSAGES.messageTooLong),
});
export type ContactInput = z.input<typeof contactFormSchema>;
