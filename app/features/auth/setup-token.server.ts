import { createHash, randomBytes } from "node:crypto";
import { hasAnyAdmin } from "./admins.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";

const SETUP_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Once any admin exists no setup link may work, now or after that admin is
 * revoked. Granting admin deletes every token (admins.server.ts); this also
 * clears any an admin made some other way (better-auth's admin endpoints, the
 * database by hand) left behind. True when there is an admin.
 */
async function settledByAnAdmin(services: Services): Promise<boolean> {
  if (!(await hasAnyAdmin(services))) return false;
  await consumeSetupTokens(services);
  return true;
}

/**
 * On a site with no admin yet, issues a one-time token for /setup and returns
 * it (only its hash is stored). Returns null once an admin exists.
 */
export async function issueSetupToken(services: Services): Promise<string | null> {
  if (await settledByAnAdmin(services)) return null;
  const token = randomBytes(24).toString("base64url");
  const now = Date.now();
  await services.db.deleteFrom("setupTokens").where("expiresAt", "<", now).execute();
  await services.db
    .insertInto("setupTokens")
    .values({ tokenHash: hash(token), expiresAt: now + SETUP_TOKEN_LIFETIME_MS })
    .execute();
  return token;
}

/** True while the token is unexpired and the site still has no admin. */
export async function isSetupTokenValid(services: Services, token: string): Promise<boolean> {
  if (!token || (await settledByAnAdmin(services))) return false;
  const row = await services.db.selectFrom("setupTokens").select("expiresAt").where("tokenHash", "=", hash(token)).executeTakeFirst();
  return !!row && row.expiresAt > Date.now();
}

/** Spends the token: every setup token is deleted, so no link works twice. */
export async function consumeSetupTokens(services: Services): Promise<void> {
  await services.db.deleteFrom("setupTokens").execute();
}
