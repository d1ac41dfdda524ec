import { z } from "zod";
import { readForm, textFields } from "#app/lib/http/read-form.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { formAnswer } from "#app/lib/http/wire.ts";
import { isRefusalStatus, ok, refused, type Result } from "#app/lib/result.ts";
import { callAuth } from "./auth-request.server.ts";
import { RESET_TEXT } from "./ui-text.ts";

/** The new password's answer; `tokenDead`: the link is used up or was never one, so the page offers a new one. */
type ResetResult = Result<object, { tokenDead?: boolean }>;

const noStore = { "Cache-Control": "no-store" };

/**
 * Every answer to "send me a reset link" takes at least this long, whether or
 * not an account has the address: the mail queued for one that does must not
 * show in the time.
 */
const REQUEST_MIN_MS = 400;

const emailSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ error: RESET_TEXT.invalidEmail })),
});

/**
 * POST /login/forgot: better-auth makes a one-hour, single-use token for an
 * account with this address and we queue the mail (auth.server.ts); for any
 * other address nothing is sent. The answer is the same either way.
 */
export async function handleResetRequest(services: Services, request: Request) {
  const started = performance.now();
  const answer = async (result: Result) => {
    const wait = REQUEST_MIN_MS - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return formAnswer(result, noStore);
  };
  if (!services.mail) return answer(refused(409, RESET_TEXT.mailOff));
  const read = await readForm(request);
  if (!read.ok) return answer(read);
  const parsed = emailSchema.safeParse(textFields(read.form));
  if (!parsed.success) return answer(refused(400, parsed.error.issues[0]?.message ?? RESET_TEXT.invalidEmail));
  const result = await callAuth(services, request, "/request-password-reset", { email: parsed.data.email });
  if (!result.ok) {
    if (result.status === 429) return answer(refused(429, result.message ?? RESET_TEXT.failed));
    console.warn(`Password reset request failed (${result.status}): ${result.message ?? "no message"}`);
    return answer(refused(500, RESET_TEXT.failed));
  }
  return answer(ok());
}

const resetSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: z.string().min(8, RESET_TEXT.tooShort).max(128, RESET_TEXT.tooLong),
    again: z.string(),
  })
  .refine((value) => value.password === value.again, { error: RESET_TEXT.mismatch, path: ["again"] });

/** POST /login/reset: the new password, with the link's token; better-auth checks and uses up the token, and ends every session. */
export async function handleReset(services: Services, request: Request) {
  const answer = (result: ResetResult) => formAnswer(result, noStore);
  const read = await readForm(request);
  if (!read.ok) return answer(read);
  const parsed = resetSchema.safeParse(textFields(read.form));
  if (!parsed.success) {
    const noToken = parsed.error.issues.some((issue) => issue.path[0] === "token");
    const error = noToken ? RESET_TEXT.deadLink : (parsed.error.issues[0]?.message ?? RESET_TEXT.failed);
    return answer(refused(400, error, { tokenDead: noToken }));
  }
  const { token, password } = parsed.data;
  const result = await callAuth(services, request, "/reset-password", { token, newPassword: password });
  if (result.ok) return answer(ok());
  if (result.code === "INVALID_TOKEN" || result.code === "USER_NOT_FOUND")
    return answer(refused(400, RESET_TEXT.deadLink, { tokenDead: true }));
  if (result.status === 429 || result.code === "PASSWORD_TOO_WEAK")
    return answer(refused(isRefusalStatus(result.status) ? result.status : 400, result.message ?? RESET_TEXT.failed));
  return answer(refused(result.status >= 500 ? 500 : 400, result.message ?? RESET_TEXT.failed));
}
