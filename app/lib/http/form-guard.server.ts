import { createHmac, timingSafeEqual } from "node:crypto";
import { DEFAULT_FORM_MIN_FILL_MS } from "#app/lib/platform/env.server.ts";
import { FORM_STARTED_FIELD, FORM_TOKEN_MAX_AGE_MS, HONEYPOT_FIELD } from "./form-guard.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";

/** The time a person needs at least to fill a form, unless FORM_MIN_FILL_MS sets another. */
export const MIN_FILL_MS = DEFAULT_FORM_MIN_FILL_MS;
export const RATE_LIMIT_MESSAGE = "Too many attempts from your connection. Please wait a few minutes and try again.";

export type FormRateLimit = { name: string; max: number; windowMs: number };
export const CONTACT_RATE_LIMIT: FormRateLimit = { name: "contact", max: 5, windowMs: 10 * 60 * 1000 };
export const NEWSLETTER_RATE_LIMIT: FormRateLimit = { name: "newsletter", max: 10, windowMs: 10 * 60 * 1000 };

const sign = (secret: string, value: string) => createHmac("sha256", secret).update(`form-started:${value}`).digest("base64url");

/** The value of the hidden "form started" field: the time, signed so it cannot be made up. */
export function formStartedToken(secret: string, now = Date.now()): string {
  return `${now}.${sign(secret, String(now))}`;
}

/** A valid "form started" token: its text and the time it was made. */
export type FormToken = { value: string; issuedAt: number };

export type BotVerdict =
  | { bot: false; token: FormToken }
  | { bot: true; reason: "honeypot" | "too-fast" | "expired"; token: FormToken }
  | { bot: true; reason: "honeypot" | "no-token"; token: null };

/** The signed token of `form`, when it carries one this site made (the secret), whatever its age. */
function readToken(secret: string, form: FormData): FormToken | null {
  const value = form.get(FORM_STARTED_FIELD);
  if (typeof value !== "string") return null;
  const [time, signature] = value.split(".");
  const expected = time ? sign(secret, time) : "";
  const valid = !!signature && signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  return valid ? { value, issuedAt: Number(time) } : null;
}

/**
 * Looks for the signs of a script: the honeypot filled in, the form sent
 * sooner than a person could, from a page older than FORM_TOKEN_MAX_AGE_MS, or
 * without the signed start time at all. The token is handed back when valid,
 * for the check that it is not used twice (app/domain/form-token-uses.server.ts).
 */
export function detectBot(secret: string, form: FormData, now = Date.now(), minFillMs = MIN_FILL_MS): BotVerdict {
  const token = readToken(secret, form);
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { bot: true, reason: "honeypot", token };
  if (!token) return { bot: true, reason: "no-token", token: null };
  if (now - token.issuedAt < minFillMs) return { bot: true, reason: "too-fast", token };
  if (now - token.issuedAt > FORM_TOKEN_MAX_AGE_MS) return { bot: true, reason: "expired", token };
  return { bot: false, token };
}

/** The client a request came from, as the host recorded it (the rate limits and the token uses key on it). */
export const clientOf = (request: Request): string => request.headers.get(CLIENT_IP_HEADER) ?? "unknown";

/**
 * Counts one request from the client against `limit`, in whichever store the
 * site's rate limiter uses (the database, or Redis when REDIS_URL is set), so
 * every process shares the count. True while within the limit.
 */
export async function takeFormRateLimit(services: Services, request: Request, limit: FormRateLimit): Promise<boolean> {
  const { allowed } = await services.rateLimiter.consume(`${limit.name}:${clientOf(request)}`, {
    window: limit.windowMs / 1000,
    max: limit.max,
  });
  return allowed;
}
