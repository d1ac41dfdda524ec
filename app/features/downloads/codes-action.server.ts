import type { Db } from "#app/lib/db/db.server.ts";
import { readForm, textFields } from "#app/lib/http/read-form.server.ts";
import type { RefusalStatus, Result } from "#app/lib/result.ts";
import type { BatchField } from "./codes-schema.ts";
import { endCodeBatch, makeCodeBatch, restoreCodeBatch, type MadeBatch } from "./codes.server.ts";
import { CODES_TEXT } from "./codes-ui-text.ts";

const INTENTS = ["make", "end", "restore"] as const;
export type CodesIntent = (typeof INTENTS)[number];

/**
 * What a form of the area asked and what came of it: for a batch made, its
 * codes (the one time they are shown); for a refusal, what was typed and a
 * message per field, so the form comes back as it was, with JavaScript or
 * without. `target` is the batch a list row's form was about.
 */
export type CodesAreaResult = Result<
  { intent: CodesIntent | ""; target: string; message: string; batch?: MadeBatch },
  { intent: CodesIntent | ""; target: string; fields: Partial<Record<BatchField, string>>; values: Record<string, string> }
>;

const isIntent = (value: string | undefined): value is CodesIntent => (INTENTS as readonly string[]).includes(value ?? "");

/** The Download codes area's forms: make a batch, end one, undo that. */
export async function handleCodesAction(db: Db, request: Request, now = Date.now()): Promise<CodesAreaResult> {
  const read = await readForm(request);
  if (!read.ok) return { ...read, intent: "", target: "", fields: {}, values: {} };
  const form = textFields(read.form);
  const intent = isIntent(form.intent) ? form.intent : "";
  const target = form.batchId ?? "";
  const values = { ...form };
  const refusal = (status: RefusalStatus, error: string, fields: Partial<Record<BatchField, string>> = {}) =>
    ({ ok: false, status, error, intent, target, fields, values }) as const;
  try {
    if (intent === "make") {
      const made = await makeCodeBatch(db, form, now);
      return made.ok
        ? { ok: true, intent, target: made.batch.id, message: made.message, batch: made.batch }
        : refusal(made.status, made.error, made.fields);
    }
    if (intent === "end" || intent === "restore") {
      const done = await (intent === "end" ? endCodeBatch : restoreCodeBatch)(db, form.batchId);
      return done.ok ? { ok: true, intent, target, message: done.message } : refusal(done.status, done.error);
    }
    return refusal(400, CODES_TEXT.badRequest);
  } catch (error) {
    console.error(`Download codes: ${intent || "unknown request"} failed`, error);
    return refusal(500, CODES_TEXT.unexpected);
  }
}
