// Secrets a person carries in an address instead of a session (a journalist's
// listening link, a fan's download page), derived from AUTH_SECRET under a
// label per use, so no one kind can stand in for another nor for a session.
// A token is derived from its row's id (the dashboard can show it again, while
// the database keeps only its hash, so a leaked backup opens nothing); a
// signature lets a media or file path decide without asking for a session, and
// lapses after a while.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

const keyFor = (authSecret: string, label: string) => createHmac("sha256", authSecret).update(label).digest();

/** 40 hex digits (160 bits), lower case as every page address here is (server/canonical-path.ts). */
export function bearerToken(authSecret: string, label: string, id: string): string {
  return createHmac("sha256", keyFor(authSecret, `${label}:token`))
    .update(id)
    .digest("hex")
    .slice(0, 40);
}

/** What the database keeps of a token. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** The shape of a token, checked before the database is asked. */
export const isTokenShaped = (value: string) => /^[0-9a-f]{40}$/.test(value);

/** The signature of `parts` until `until` (ms since the epoch), under `label`. */
export function signatureOf(authSecret: string, label: string, parts: readonly string[], until: number): string {
  return createHmac("sha256", keyFor(authSecret, label))
    .update(`${parts.join("\n")}\n${until}`)
    .digest("base64url");
}

/**
 * True when `sig` is ours for `parts` until `untilText`, which has not passed
 * and is no further ahead than `lifeMs` (a forged far future is refused).
 */
export function signatureHolds(
  authSecret: string,
  label: string,
  parts: readonly string[],
  untilText: string | null,
  sig: string | null,
  lifeMs: number,
  now = Date.now(),
): boolean {
  if (!untilText || !sig || !/^\d{1,16}$/.test(untilText)) return false;
  const until = Number(untilText);
  if (until <= now || until > now + lifeMs + 60_000) return false;
  const expected = Buffer.from(signatureOf(authSecret, label, parts, until));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
