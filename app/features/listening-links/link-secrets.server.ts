// The secrets of private listening links (decision 027). Both are derived from
// AUTH_SECRET, each under its own label, so neither can stand in for the other
// nor for a session: the link's token (from its id: the dashboard can show a
// link again, while the database keeps only the token's hash), and the
// signature of a media address, which lets the media path decide without a
// session (a journalist has no account) and lapses after a few minutes.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** How long a signed media address works; the listening page asks for new ones well before. */
export const LINK_MEDIA_LIFE_MS = 10 * 60_000;

const keyFor = (authSecret: string, label: string) => createHmac("sha256", authSecret).update(`listening-links:${label}`).digest();

/**
 * A link's token: what its address carries. 40 hex digits (160 bits), lower
 * case as every page address here is (server/canonical-path.ts).
 */
export function linkToken(authSecret: string, linkId: string): string {
  return createHmac("sha256", keyFor(authSecret, "token")).update(linkId).digest("hex").slice(0, 40);
}

/** What the database keeps of a token. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** The shape of a token, checked before the database is asked. */
export const isTokenShaped = (value: string) => /^[0-9a-f]{40}$/.test(value);

const signatureOf = (authSecret: string, key: string, linkId: string, until: number) =>
  createHmac("sha256", keyFor(authSecret, "media")).update(`${key}\n${linkId}\n${until}`).digest("base64url");

/** `/media/{key}` for the holder of link `linkId`, until `now` + LINK_MEDIA_LIFE_MS. */
export function signedMediaUrl(authSecret: string, mediaUrl: string, key: string, linkId: string, now = Date.now()): string {
  const until = now + LINK_MEDIA_LIFE_MS;
  const query = new URLSearchParams({ link: linkId, until: String(until), sig: signatureOf(authSecret, key, linkId, until) });
  return `${mediaUrl}?${query}`;
}

/**
 * The link a media request's query speaks for, when its signature is ours for
 * this key and has not lapsed; null otherwise. Says nothing of the link's row:
 * the caller asks the database whether the link still works.
 */
export function signedLinkId(authSecret: string, key: string, query: URLSearchParams, now = Date.now()): string | null {
  const link = query.get("link");
  const untilText = query.get("until");
  const sig = query.get("sig");
  if (!link || !untilText || !sig || link.length > 100 || !/^\d{1,16}$/.test(untilText)) return null;
  const until = Number(untilText);
  // Lapsed, or further ahead than any address we give (a forged far future).
  if (until <= now || until > now + LINK_MEDIA_LIFE_MS + 60_000) return null;
  const expected = Buffer.from(signatureOf(authSecret, key, link, until));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? link : null;
}
