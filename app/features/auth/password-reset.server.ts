import { data } from "react-router";
import { z } from "zod";
import { readForm, textFields } from "#app/lib/http/read-form.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { callAuth } from "./auth-request.server.ts";
import { RESET_TEXT } from "./ui-text.ts";

export type ResetRequestResult = { ok: true } | { ok: false; error: string };
export type ResetResult = { ok: true } | { ok: false; error: string; tokenDead?: boolean };

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
  const answer = async (result: ResetRequestResult, status = 200) => {
    const wait = REQUEST_MIN_MS - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return data<ResetRequestResult>(result, { status, headers: { "Cache-Control": "no-store" } });
  };
  if (!services.mail) return answer({ ok: false, error: RESET_TEXT.mailOff }, 409);
  const read = await readForm(request);
  if (!read.ok) return answer({ ok: false, error: read.error }, read.status);
  const parsed = emailSchema.safeParse(textFields(read.form));
  if (!parsed.success) return answer({ ok: false, error: parsed.error.issues[0]?.message ?? RESET_TEXT.invalidEmail }, 400);
  const result = await callAuth(services, request, "/request-password-reset", { email: parsed.data.email });
  if (!result.ok) {
    if (result.status === 429) return answer({ ok: false, error: result.message ?? RESET_TEXT.failed }, 429);
    console.warn(`Password reset request failed (${result.status}): ${result.message ?? "no message"}`);
    return answer({ ok: false, error: RESET_TEXT.failed }, 500);
  }
  return answer({ ok: true });
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
  const answer = (result: ResetResult, status = 200) => data<ResetResult>(result, { status, headers: { "Cache-Control": "no-store" } });
  const read = await readForm(request);
  if (!read.ok) return answer({ ok: false, error: read.error }, read.status);
  const parsed = resetSchema.safeParse(textFields(read.form));
  if (!parsed.success) {
    const noToken = parsed.error.issues.some((issue) => issue.path[0] === "token");
    return answer(
      { ok: false, error: noToken ? RESET_TEXT.deadLink : (parsed.error.issues[0]?.message ?? RESET_TEXT.failed), tokenDead: noToken },
      400,
    );
  }
  const { token, password } = parsed.data;
  const result = await callAuth(services, request, "/reset-password", { token, newPassword: password });
  if (result.ok) return answer({ ok: true });
  if (result.code === "INVALID_TOKEN" || result.code === "USER_NOT_FOUND")
    return answer({ ok: false, error: RESET_TEXT.deadLink, tokenDead: true }, 400);
  if (result.status === 429 || result.code === "PASSWORD_TOO_WEAK")
    return answer({ ok: false, error: result.message ?? RESET_TEXT.failed }, result.status);
  return answer({ ok: false, error: result.message ?? RESET_TEXT.failed }, result.status >= 500 ? 500 : 400);
}
