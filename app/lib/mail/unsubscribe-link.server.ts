import { createHmac, timingSafeEqual } from "node:crypto";

// A fan's own unsubscribe link, under every mailing, in its List-Unsubscribe
// header and in the CSV export: signed with the site's secret, so only we can
// make one that works, and no account or session is needed to use it.

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * HMAC-SHA256 of the lowercased address with the site's secret. The
 * "unsubscribe:" prefix keeps these signatures apart from anything else signed
 * with the same secret.
 */
export function unsubscribeToken(secret: string, email: string): string {
  return createHmac("sha256", secret)
    .update(`unsubscribe:${normalizeEmail(email)}`)
    .digest("base64url");
}

/** True when `token` is the one we made for `email`; compared in constant time. */
export function verifyUnsubscribeToken(secret: string, email: unknown, token: unknown): boolean {
  if (typeof email !== "string" || typeof token !== "string" || email.trim() === "" || token === "") return false;
  const expected = Buffer.from(unsubscribeToken(secret, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The absolute link: `publicUrl`/unsubscribe?email=…&token=…. */
export function unsubscribeUrl(env: { publicUrl: string; authSecret: string }, email: string): string {
  const normalized = normalizeEmail(email);
  const query = new URLSearchParams({ email: normalized, token: unsubscribeToken(env.authSecret, normalized) });
  return `${env.publicUrl}/unsubscribe?${query}`;
}
