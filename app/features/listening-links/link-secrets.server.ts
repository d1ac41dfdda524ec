// The secrets of private listening links (decision 027), from AUTH_SECRET
// under their own labels (app/lib/auth/bearer-secrets.server.ts): the link's
// token, from its id, and the signature of a media address, which lets the
// media path decide without a session (a journalist has no account) and lapses
// after a few minutes.
import { bearerToken, signatureHolds, signatureOf } from "#app/lib/auth/bearer-secrets.server.ts";

/** How long a signed media address works; the listening page asks for new ones well before. */
export const LINK_MEDIA_LIFE_MS = 10 * 60_000;

const LABEL = "listening-links";
const MEDIA_LABEL = `${LABEL}:media`;

/** A link's token: what its address carries. */
export const linkToken = (authSecret: string, linkId: string): string => bearerToken(authSecret, LABEL, linkId);

/** `/media/{key}` for the holder of link `linkId`, until `now` + LINK_MEDIA_LIFE_MS. */
export function signedMediaUrl(authSecret: string, mediaUrl: string, key: string, linkId: string, now = Date.now()): string {
  const until = now + LINK_MEDIA_LIFE_MS;
  const query = new URLSearchParams({
    link: linkId,
    until: String(until),
    sig: signatureOf(authSecret, MEDIA_LABEL, [key, linkId], until),
  });
  return `${mediaUrl}?${query}`;
}

/**
 * The link a media request's query speaks for, when its signature is ours for
 * this key and has not lapsed; null otherwise. Says nothing of the link's row:
 * the caller asks the database whether the link still works.
 */
export function signedLinkId(authSecret: string, key: string, query: URLSearchParams, now = Date.now()): string | null {
  const link = query.get("link");
  if (!link || link.length > 100) return null;
  return signatureHolds(authSecret, MEDIA_LABEL, [key, link], query.get("until"), query.get("sig"), LINK_MEDIA_LIFE_MS, now) ? link : null;
}
