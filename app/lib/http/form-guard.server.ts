import { createHmac, timingSafeEqual } from "node:crypto";
import { DEFAULT_FORM_MIN_FILL_MS } from "#app/lib/platform/env.server.ts";
import { FORM_STARTED_FIELD, HONEYPOT_FIELD } from "./form-guard.ts";
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

export type BotVerdict = { bot: false } | { bot: true; reason: "honeypot" | "too-fast" | "no-token" };

/**
 * Looks for the signs of a script: the honeypot filled in, or the form sent
 * sooner than a person could (or without the signed start time at all).
 */
export function detectBot(secret: string, form: FormData, now = Date.now(), minFillMs = MIN_FILL_MS): BotVerdict {
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { bot: true, reason: "honeypot" };
  const token = form.get(FORM_STARTED_FIELD);
  if (typeof token !== "string") return { bot: true, reason: "no-token" };
  const [time, signature] = token.split(".");
  const expected = time ? sign(secret, time) : "";
  const valid = !!signature && signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  if (!valid) return { bot: true, reason: "no-token" };
  if (now - Number(time) < minFillMs) return { bot: true, reason: "too-fast" };
  return { bot: false };
}

/**
 * Counts one request from the client against `limit`, in whichever store the
 * site's rate limiter uses (the database, or Redis when REDIS_URL is set), so
 * every process shares the count. True while within the limit.
 */
export async function takeFormRateLimit(services: Services, request: Request, limit: FormRateLimit): Promise<boolean> {
  const client = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
  const { allowed } = await services.rateLimiter.consume(`${limit.name}:${client}`, { window: limit.windowMs / 1000, max: limit.max });
  return allowed;
}
