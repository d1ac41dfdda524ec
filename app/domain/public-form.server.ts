import type { z } from "zod";
import type { Db } from "#app/lib/db/db.server.ts";
import { clientOf, detectBot, RATE_LIMIT_MESSAGE, takeFormRateLimit, type FormRateLimit } from "#app/lib/http/form-guard.server.ts";
import { FLOODED_MESSAGE, type HeldReason } from "./held-submission.ts";
import { countHeldRefusal, holdSubmission, type HoldRequest } from "./held-submissions.server.ts";
import { claimFormToken, sweepFormTokenUses } from "./form-token-uses.server.ts";
import { readForm } from "#app/lib/http/read-form.server.ts";
import { formAnswer } from "#app/lib/http/wire.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import type { Services } from "#app/lib/platform/services.server.ts";

// The one way a public form (contact, newsletter) is handled, so each form says
// only what is its own and the order of the steps cannot drift between them.
// The order is decision 009's: the rate limit and the schema come before the
// bot checks, so a bot is limited and refused like anyone, and only a valid
// submission is ever held.

/**
 * What a public form's action answers (its form gets it without the status:
 * FormAnswer). By default a bot gets the same `{ ok: true }` as a person; a
 * form whose fan must know whether it took effect (a sign-up) says more with
 * `accepted`.
 */
export type PublicFormResult<Accepted extends object = object> = Result<Partial<Accepted>>;

/** What a form keeps for review when the bot checks catch it: a HoldRequest without the reason, which the checks supply. */
type HeldItem = { [K in HoldRequest["kind"]]: Omit<Extract<HoldRequest, { kind: K }>, "reason"> }[HoldRequest["kind"]];

export type PublicForm<Schema extends z.ZodType, Accepted extends object = object> = {
  rateLimit: FormRateLimit;
  /** The schema's input from the posted fields. Untrusted, so unknown: the schema is what checks it. */
  fields: (form: FormData) => unknown;
  schema: Schema;
  /**
   * Where the parsed value goes when the checks pass; it is not parsed again.
   * `db` is the transaction that also takes the form's token, so a submission
   * is never taken without being kept. It may give back what to do once that
   * has committed (wake the mail worker). Throwing answers 500.
   */
  store: (db: Db, value: z.output<Schema>) => Promise<void | (() => void)>;
  held: (value: z.output<Schema>) => HeldItem;
  /**
   * What the answer adds to `ok: true` once the submission is kept: stored, or
   * held for the artist (decision 009). Without it, both answer alike.
   */
  accepted?: (value: z.output<Schema>, how: "stored" | "held") => Accepted;
  /** Sent with every answer, the refusals included. */
  headers?: Record<string, string>;
  messages: {
    /** The answer to anything that throws on the way (logged with `log.failed`); it says nothing about why. */
    failed: string;
    /** For a failed parse that names no issue (zod always names one; this is only a guard). */
    invalid: string;
  };
  log: {
    /** Logged with the reason when a submission is held, e.g. "Contact form: held a submission for review". */
    held: string;
    /** Logged with the error when storing or holding throws. */
    failed: string;
  };
};

/** How long a sender refused by a full Filtered list is asked to wait. */
const FLOODED_RETRY_AFTER_S = 600;

/**
 * Handles one post to a public form: read it (415/413/400), count it against
 * the client's rate limit (429), parse it once (400 with the first issue's
 * message), take its token (a repeat of the same content is answered as the
 * first was, with nothing stored twice), then store it, or hold it for the
 * artist when the bot checks catch it or its token was used for something
 * else. Either way the fan is told it was received, because it was kept; only
 * when the Filtered list is full is a caught one refused (503, try again later).
 */
export async function handlePublicForm<Schema extends z.ZodType, Accepted extends object = object>(
  services: Services,
  request: Request,
  form: PublicForm<Schema, Accepted>,
) {
  const answer = (result: PublicFormResult<Accepted>, headers?: Record<string, string>) =>
    formAnswer(result, headers || form.headers ? { ...form.headers, ...headers } : undefined);
  const accepted = (value: z.output<Schema>, how: "stored" | "held") => answer(ok<Partial<Accepted>>({ ...form.accepted?.(value, how) }));

  const read = await readForm(request);
  if (!read.ok) return answer(read);
  try {
    if (!(await takeFormRateLimit(services, request, form.rateLimit))) {
      return answer(refused(429, RATE_LIMIT_MESSAGE));
    }
    const parsed = form.schema.safeParse(form.fields(read.form));
    if (!parsed.success) return answer(refused(400, parsed.error.issues[0]?.message ?? form.messages.invalid));
    const verdict = detectBot(services.env.authSecret, read.form, Date.now(), services.env.formMinFillMs);
    await sweepFormTokenUses(services.db);
    // One transaction: a token is taken only with what it brought kept, so a
    // crash between the two cannot leave a repeat answered for nothing.
    const kept = await services.db
      .transaction()
      .execute(async (trx): Promise<{ how: "stored" | "held"; reason?: HeldReason; afterCommit?: () => void }> => {
        let heldFor: HeldReason | null = verdict.bot ? verdict.reason : null;
        if (verdict.token) {
          const claim = await claimFormToken(trx, {
            form: form.rateLimit.name,
            client: clientOf(request),
            token: verdict.token.value,
            content: parsed.data,
            outcome: heldFor ? "held" : "stored",
          });
          if (claim.kind === "repeat") return { how: claim.outcome };
          if (claim.kind === "reused") heldFor ??= "reused";
        }
        if (heldFor) {
          const outcome = await holdSubmission(trx, { ...form.held(parsed.data), reason: heldFor });
          if (!outcome.held) throw new FilteredFull();
          return { how: "held", reason: heldFor };
        }
        return { how: "stored", afterCommit: (await form.store(trx, parsed.data)) ?? undefined };
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof FilteredFull)) throw error;
        // Rolled back, token and all: sending again later is a first try.
        await countHeldRefusal(services.db);
        return null;
      });
    if (!kept) {
      console.warn(`${form.log.held}: refused, the Filtered list is full`);
      return answer(refused(503, FLOODED_MESSAGE), { "Retry-After": String(FLOODED_RETRY_AFTER_S) });
    }
    kept.afterCommit?.();
    if (kept.reason) console.info(`${form.log.held} (${kept.reason})`);
    return accepted(parsed.data, kept.how);
  } catch (error) {
    // Logged in full here; the visitor gets a message that leaks nothing about the database.
    console.error(form.log.failed, error);
    return answer(refused(500, form.messages.failed));
  }
}

/** Thrown inside the submission's transaction to roll it back when the Filtered list is full. */
class FilteredFull extends Error {
  override name = "FilteredFull";
}
