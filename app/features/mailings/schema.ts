import { z } from "zod";
import { headerSafe } from "#app/lib/mail/header-safe.ts";
import { MAILING_TEXT } from "./ui-text.ts";

export const MAX_SUBJECT = 150;
export const MAX_BODY = 20_000;

/** What the artist writes: checked the same in the browser and on the server. */
export const mailingDraftSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, MAILING_TEXT.subjectRequired)
    .max(MAX_SUBJECT, `At most ${MAX_SUBJECT} characters.`)
    .refine(headerSafe, MAILING_TEXT.subjectOneLine),
  body: z
    .string()
    .trim()
    .min(1, MAILING_TEXT.bodyRequired)
    .max(MAX_BODY, `At most ${MAX_BODY.toLocaleString("en")} characters.`),
  songId: z
    .string()
    .trim()
    .max(100)
    .transform((id) => (id === "" ? null : id))
    .nullable()
    .default(null),
});

export type MailingDraft = z.infer<typeof mailingDraftSchema>;

const id = z.string().min(1).max(100);

/** What a Mail-area form posts besides the draft's fields. */
export const mailingRequestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), id: id.optional(), announces: id.optional() }),
  z.object({ intent: z.literal("test"), id: id.optional(), announces: id.optional() }),
  z.object({ intent: z.literal("send"), id: id.optional(), confirm: z.literal("yes", { error: MAILING_TEXT.confirmSend }) }),
  z.object({ intent: z.literal("delete"), id }),
  z.object({ intent: z.literal("open"), id }),
  z.object({ intent: z.literal("notify"), enabled: z.enum(["on", "off"]) }),
]);
