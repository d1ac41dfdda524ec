// The public /redeem form: what a fan typed, the rate limit on guessing, and
// where a good code leads. No form guard (honeypot, fill time): a redemption
// stores nothing a bot could fill the inbox with, and the guessing it could
// try is what the limit stops.
import { clientOf } from "#app/lib/http/form-guard.server.ts";
import { readForm } from "#app/lib/http/read-form.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { redeemCode } from "./codes.server.ts";
import { REDEEM_TEXT } from "./codes-ui-text.ts";
import { grantPath } from "./grants.server.ts";

/** Ten wrong codes a minute per client: plenty for typos, hopeless for guessing 50-bit codes. */
const REDEEM_LIMIT = { window: 60, max: 10 } as const;

/** More than anyone types; what is kept of a longer value to show again. */
const KEPT_TYPED = 100;

/** Where a good code leads (its download page), or why not, with what was typed to show again and, when limited, the seconds to wait. */
export type RedeemAnswer = Result<{ path: string }, { code: string; retryAfter?: number }>;

const tooMany = (retryAfter: number | null, code: string) => {
  const seconds = retryAfter ?? REDEEM_LIMIT.window;
  return refused(429, REDEEM_TEXT.tooMany(seconds), { code, retryAfter: seconds });
};

/**
 * Redeems the posted code. Only wrong codes (not ours, or not even shaped
 * like one) count against the client; once ten have, every attempt is
 * refused until the minute is over, a right one too, or a guesser could go
 * on learning which guesses are right.
 */
export async function handleRedeem(
  services: Pick<Services, "db" | "env" | "rateLimiter">,
  request: Request,
  now = Date.now(),
): Promise<RedeemAnswer> {
  const read = await readForm(request);
  if (!read.ok) return { ...read, code: "" };
  const field = read.form.get("code");
  const typed = typeof field === "string" ? field : "";
  const shown = typed.slice(0, KEPT_TYPED);
  if (typed.trim() === "") return refused(400, REDEEM_TEXT.blank, { code: shown });
  const key = `redeem-wrong:${clientOf(request)}`;
  const standing = await services.rateLimiter.peek(key, REDEEM_LIMIT);
  if (!standing.allowed) return tooMany(standing.retryAfter, shown);
  const result = await redeemCode(services.db, services.env.authSecret, typed, now);
  if (result.ok) return ok({ path: grantPath(result.token) });
  if (result.reason === "wrong") {
    // Counted after the fact; a burst of guesses that all peeked in time is stopped here.
    const counted = await services.rateLimiter.consume(key, REDEEM_LIMIT);
    if (!counted.allowed) return tooMany(counted.retryAfter, shown);
  }
  return refused(result.status, result.error, { code: shown });
}
