import { passwordProblem } from "#app/lib/auth/password-strength.server.ts";
import { loadSiteSettings } from "#app/domain/site/site-settings.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { parseRoles } from "#app/lib/auth/profile.ts";

export type AdminListEntry = { id: string; email: string; name: string; roles: string[]; /** Epoch ms. */ createdAt: number };

function withRole(role: string | null, add: boolean): string {
  const roles = new Set(parseRoles(role));
  if (add) roles.add("admin");
  else roles.delete("admin");
  if (roles.size === 0) roles.add("user");
  return [...roles].join(",");
}

async function findUser(services: Pick<Services, "db">, email: string) {
  return services.db
    .selectFrom("user")
    .select(["id", "email", "name", "role"])
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function hasAnyAdmin(services: Services): Promise<boolean> {
  const users = await services.db.selectFrom("user").select("role").where("role", "like", "%admin%").execute();
  return users.some((u) => parseRoles(u.role).includes("admin"));
}

export async function listAdmins(services: Services): Promise<AdminListEntry[]> {
  const users = await services.db
    .selectFrom("user")
    .select(["id", "email", "name", "role", "createdAt"])
    .where("role", "like", "%admin%")
    .orderBy("email")
    .execute();
  return users
    .map((u) => ({ id: u.id, email: u.email, name: u.name, roles: parseRoles(u.role), createdAt: new Date(u.createdAt).getTime() }))
    .filter((u) => u.roles.includes("admin"));
}

/**
 * Grants admin to an existing account. Returns false when no account has that
 * e-mail. Every one-time setup link dies with it: once an admin exists none is
 * needed, and one printed earlier must not work again if the admin is later
 * revoked.
 */
export async function grantAdmin(services: Pick<Services, "db">, email: string): Promise<boolean> {
  const user = await findUser(services, email);
  if (!user) return false;
  await services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("user")
      .set({ role: withRole(user.role, true), updatedAt: new Date().toISOString() })
      .where("id", "=", user.id)
      .execute();
    await trx.deleteFrom("setupTokens").execute();
  });
  return true;
}

/** Takes admin away and ends every session of that account at once. */
export async function revokeAdmin(services: Services, email: string): Promise<boolean> {
  const user = await findUser(services, email);
  if (!user) return false;
  await services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("user")
      .set({ role: withRole(user.role, false), updatedAt: new Date().toISOString() })
      .where("id", "=", user.id)
      .execute();
    await trx.deleteFrom("session").where("userId", "=", user.id).execute();
  });
  return true;
}

/**
 * Creates an account through better-auth (so the password is hashed its way)
 * and makes it admin; an existing account is promoted and keeps its password.
 */
export async function createAdmin(
  services: Services,
  input: { email: string; password: string; name: string },
): Promise<"created" | "promoted"> {
  const existing = await findUser(services, input.email);
  if (!existing) {
    await services.auth.api.signUpEmail({
      body: { email: input.email.trim().toLowerCase(), password: input.password, name: input.name.trim() },
    });
  }
  await grantAdmin(services, input.email);
  return existing ? "promoted" : "created";
}

/**
 * A new password for the account with this e-mail, set by whoever runs the
 * server: the way back in for an artist who forgot theirs on a site that
 * sends no mail. Refused as a guessable password is everywhere else; every
 * session of the account ends, as after a reset.
 */
export async function setPassword(
  services: Services,
  email: string,
  password: string,
): Promise<"changed" | "no-account" | { refused: string }> {
  const user = await findUser(services, email);
  if (!user) return "no-account";
  const { artist } = await loadSiteSettings(services.db);
  const problem = await passwordProblem(password, [user.email, user.name], [artist.name, new URL(services.env.publicUrl).hostname]);
  if (problem) return { refused: problem };
  // As better-auth's own set-user-password does it: its hash, its account row.
  const auth = await services.auth.$context;
  const hash = await auth.password.hash(password);
  if (await auth.internalAdapter.findCredentialAccount(user.id)) await auth.internalAdapter.updatePassword(user.id, hash);
  else await auth.internalAdapter.createAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
  await auth.internalAdapter.deleteUserSessions(user.id);
  return "changed";
}
