// A download is a grant (decision 028): a row whose token, carried by the
// download page's address, lets one fan take a release home for a while. The
// token comes from AUTH_SECRET and the grant's id; the database keeps only its
// hash. The page names each file by an address signed for an hour, which the
// file route checks with the row on every request, so an ended or expired
// grant stops at once and an address passed on lapses soon.
import { randomUUID } from "node:crypto";
import type { Db } from "#app/lib/db/db.server.ts";
import type { DownloadGrantsTable } from "#app/lib/db/db-schema.ts";
import { bearerToken, signatureHolds, signatureOf, tokenHash } from "#app/lib/auth/bearer-secrets.server.ts";
import type { DownloadFormat } from "#app/lib/db/db-schema.ts";

const LABEL = "download-grants";
const FILE_LABEL = `${LABEL}:file`;

/** How long a signed file address works; the page gives new ones whenever it is opened. */
export const FILE_ADDRESS_LIFE_MS = 60 * 60_000;

/** How long a grant's page works: a day for what a fan can ask for again, a week for what came by mail or from a code. */
export const GRANT_LIFE_MS = {
  free: 24 * 60 * 60_000,
  pay: 24 * 60 * 60_000,
  email: 7 * 24 * 60 * 60_000,
  code: 7 * 24 * 60 * 60_000,
} as const;

export type GrantVia = DownloadGrantsTable["via"];
export type GrantRow = Pick<
  DownloadGrantsTable,
  "id" | "releaseId" | "via" | "email" | "openedAt" | "expiresAt" | "revokedAt" | "createdAt"
>;

const grantToken = (authSecret: string, grantId: string) => bearerToken(authSecret, LABEL, grantId);

/** The download page of a grant. */
export const grantPath = (token: string) => `/download/${token}`;

/**
 * Makes a grant for `releaseId`. `open` false keeps it waiting (an e-mail grant
 * until its address is confirmed): its page says so and serves nothing.
 */
export async function createGrant(
  db: Db,
  authSecret: string,
  grant: { releaseId: string; via: GrantVia; email?: string | null; codeId?: string | null; open: boolean },
  now = Date.now(),
): Promise<{ id: string; token: string }> {
  const id = randomUUID();
  const token = grantToken(authSecret, id);
  await db
    .insertInto("downloadGrants")
    .values({
      id,
      tokenHash: tokenHash(token),
      releaseId: grant.releaseId,
      via: grant.via,
      email: grant.email ?? null,
      codeId: grant.codeId ?? null,
      openedAt: grant.open ? now : null,
      createdAt: now,
      expiresAt: now + GRANT_LIFE_MS[grant.via],
      revokedAt: null,
    })
    .execute();
  return { id, token };
}

export type OpenedGrant = { state: "missing" } | { state: "gone"; grant: GrantRow } | { state: "waiting" | "live"; grant: GrantRow };

/** The grant a token opens and where it stands. */
export async function openGrant(db: Db, token: string, now = Date.now()): Promise<OpenedGrant> {
  const grant = await db
    .selectFrom("downloadGrants")
    .select(["id", "releaseId", "via", "email", "openedAt", "expiresAt", "revokedAt", "createdAt"])
    .where("tokenHash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!grant) return { state: "missing" };
  if (grant.revokedAt !== null || Number(grant.expiresAt) <= now) return { state: "gone", grant };
  return { state: grant.openedAt === null ? "waiting" : "live", grant };
}

/**
 * Opens the waiting e-mail grants of `email` (its owner has just confirmed it),
 * each for its full life from now. Resolves the grants opened, with their tokens,
 * for the page and the mail that name them.
 */
export async function openEmailGrants(
  db: Db,
  authSecret: string,
  email: string,
  now = Date.now(),
): Promise<{ id: string; releaseId: string; token: string }[]> {
  const waiting = await db
    .selectFrom("downloadGrants")
    .select(["id", "releaseId"])
    .where("email", "=", email)
    .where("via", "=", "email")
    .where("openedAt", "is", null)
    .where("revokedAt", "is", null)
    .execute();
  // One at a time, each only while still waiting: of two confirmations at once, each grant is
  // opened (and so mailed) by one alone.
  const opened: typeof waiting = [];
  for (const grant of waiting) {
    const result = await db
      .updateTable("downloadGrants")
      .set({ openedAt: now, expiresAt: now + GRANT_LIFE_MS.email })
      .where("id", "=", grant.id)
      .where("openedAt", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) opened.push(grant);
  }
  return opened.map((grant) => ({ ...grant, token: grantToken(authSecret, grant.id) }));
}

/** The address of one of a grant's files, signed until an hour from `now`. */
export function signedFilePath(authSecret: string, token: string, grantId: string, format: DownloadFormat, now = Date.now()): string {
  const until = now + FILE_ADDRESS_LIFE_MS;
  const query = new URLSearchParams({ until: String(until), sig: signatureOf(authSecret, FILE_LABEL, [grantId, format], until) });
  return `${grantPath(token)}/${format}.zip?${query}`;
}

/** True when a file request's query is ours for this grant and format and has not lapsed. */
export function fileAddressHolds(
  authSecret: string,
  grantId: string,
  format: DownloadFormat,
  query: URLSearchParams,
  now = Date.now(),
): boolean {
  return signatureHolds(authSecret, FILE_LABEL, [grantId, format], query.get("until"), query.get("sig"), FILE_ADDRESS_LIFE_MS, now);
}

/** A download started: the counts are read from these rows. */
export async function recordDownload(
  db: Db,
  grant: Pick<GrantRow, "id" | "releaseId">,
  format: DownloadFormat,
  now = Date.now(),
): Promise<void> {
  await db
    .insertInto("downloadEvents")
    .values({ id: randomUUID(), grantId: grant.id, releaseId: grant.releaseId, format, at: now })
    .execute();
}
