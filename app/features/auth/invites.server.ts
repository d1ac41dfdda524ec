import { createHash, randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import { enqueueMail } from "#app/lib/mail/outbox.server.ts";
import { parseRoles, type Profile } from "#app/lib/auth/profile.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { currentArtistName } from "#app/domain/site/site-settings.server.ts";
import { createAdmin, grantAdmin } from "./admins.server.ts";
import { INVITE_TEXT } from "./ui-text.ts";

/** An invite link works this long. */
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60_000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const emailSchema = z.string().trim().toLowerCase().max(254, INVITE_TEXT.invalidEmail).pipe(z.email(INVITE_TEXT.invalidEmail));

/** How an admin is named in the history: their name and address. */
const actorOf = (profile: Pick<Profile, "displayName" | "email">) =>
  profile.displayName ? `${profile.displayName} (${profile.email})` : profile.email;

export type PendingInvite = { id: string; email: string; createdAt: number; expiresAt: number };
export type AdminEvent = {
  id: string;
  at: number;
  event: "invited" | "invite-revoked" | "invite-accepted" | "admin-removed";
  actor: string;
  subject: string;
};

async function recordEvent(services: Pick<Services, "db">, event: AdminEvent["event"], actor: string, subject: string, at = Date.now()) {
  await services.db.insertInto("adminEvents").values({ id: randomUUID(), at, event, actor, subject }).execute();
}

/**
 * Invites an e-mail address to become an admin: a one-time link, mailed when
 * the site sends mail, otherwise given back for the inviting admin to pass on
 * (once: only its hash is kept). An earlier invite to the same address stops
 * working, so only the newest link is live.
 */
export async function createInvite(
  services: Services,
  by: Profile,
  rawEmail: unknown,
  now = Date.now(),
): Promise<Result<{ email: string; mailed: boolean; link: string | null }>> {
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) return refused(400, parsed.error.issues[0]?.message ?? INVITE_TEXT.invalidEmail);
  const email = parsed.data;
  const existing = await services.db.selectFrom("user").select("role").where("email", "=", email).executeTakeFirst();
  if (existing && parseRoles(existing.role).includes("admin")) return refused(400, INVITE_TEXT.alreadyAdmin(email));
  const token = randomBytes(32).toString("base64url");
  const link = `${services.env.publicUrl}/invite?token=${token}`;
  const artist = await currentArtistName(services.db);
  await services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("adminInvites")
      .set({ revokedAt: now })
      .where("email", "=", email)
      .where("acceptedAt", "is", null)
      .where("revokedAt", "is", null)
      .execute();
    await trx
      .insertInto("adminInvites")
      .values({ id: randomUUID(), email, tokenHash: hashOf(token), invitedBy: by.id, createdAt: now, expiresAt: now + INVITE_LIFETIME_MS })
      .execute();
    await recordEvent({ db: trx }, "invited", actorOf(by), email, now);
    if (services.mail) {
      await enqueueMail(trx, { ...INVITE_TEXT.mail(artist, by.displayName || by.email, link), listUnsubscribe: false }, [email], now);
    }
  });
  services.mail?.wake();
  return ok({ email, mailed: Boolean(services.mail), link: services.mail ? null : link });
}

/** Invites still waiting for their person, newest first. */
export async function listPendingInvites(services: Services, now = Date.now()): Promise<PendingInvite[]> {
  const rows = await services.db
    .selectFrom("adminInvites")
    .select(["id", "email", "createdAt", "expiresAt"])
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", now)
    .orderBy("createdAt", "desc")
    .execute();
  return rows.map((row) => ({ id: row.id, email: row.email, createdAt: Number(row.createdAt), expiresAt: Number(row.expiresAt) }));
}

/** The latest steps taken on the admins, newest first. */
export async function listAdminEvents(services: Services, limit = 20): Promise<AdminEvent[]> {
  const rows = await services.db.selectFrom("adminEvents").selectAll().orderBy("at", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map((row) => ({ ...row, at: Number(row.at) }));
}

export async function revokeInvite(services: Services, by: Profile, id: unknown, now = Date.now()): Promise<Result> {
  if (typeof id !== "string" || id === "" || id.length > 100) return refused(400, INVITE_TEXT.idRequired);
  return services.db.transaction().execute(async (trx) => {
    const invite = await trx
      .selectFrom("adminInvites")
      .select("email")
      .where("id", "=", id)
      .where("acceptedAt", "is", null)
      .where("revokedAt", "is", null)
      .executeTakeFirst();
    if (!invite) return refused(404, INVITE_TEXT.notFound);
    await trx.updateTable("adminInvites").set({ revokedAt: now }).where("id", "=", id).execute();
    await recordEvent({ db: trx }, "invite-revoked", actorOf(by), invite.email, now);
    return ok();
  });
}

/** What a link is: waiting, with its address; or why it no longer works. */
export type InviteState = { state: "open"; email: string; hasAccount: boolean } | { state: "used" | "expired" | "revoked" | "unknown" };

export async function inviteState(services: Services, token: string, now = Date.now()): Promise<InviteState> {
  if (!token || token.length > 200) return { state: "unknown" };
  const row = await services.db.selectFrom("adminInvites").selectAll().where("tokenHash", "=", hashOf(token)).executeTakeFirst();
  if (!row) return { state: "unknown" };
  if (row.acceptedAt !== null) return { state: "used" };
  if (row.revokedAt !== null) return { state: "revoked" };
  if (Number(row.expiresAt) <= now) return { state: "expired" };
  const account = await services.db.selectFrom("user").select("id").where("email", "=", row.email).executeTakeFirst();
  return { state: "open", email: row.email, hasAccount: account !== undefined };
}

/**
 * Accepts an invite. The link is claimed first, so two presses (or two people
 * with the link) make one admin. A new address gets an account with the name
 * and password given (checked as every password is); an address that already
 * has an account is made admin only when that account is the one signed in.
 * A link that no longer works is refused as gone (410); one whose account is
 * not the one signed in, as forbidden (403).
 */
export async function acceptInvite(
  services: Services,
  token: string,
  input: { signedInAs: Profile | null; name?: string; password?: string },
  now = Date.now(),
): Promise<Result<{ email: string }>> {
  const state = await inviteState(services, token, now);
  if (state.state !== "open") return refused(410, INVITE_TEXT.closed[state.state]);
  const { email } = state;
  if (state.hasAccount && input.signedInAs?.email !== email) return refused(403, INVITE_TEXT.signInFirst(email));
  const claimed = await services.db
    .updateTable("adminInvites")
    .set({ acceptedAt: now })
    .where("tokenHash", "=", hashOf(token))
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return refused(410, INVITE_TEXT.closed.used);
  try {
    if (state.hasAccount) await grantAdmin(services, email);
    else await createAdmin(services, { email, name: input.name ?? "", password: input.password ?? "" });
  } catch (error) {
    // Not made (a guessable password, say): the link works again for another try.
    await services.db.updateTable("adminInvites").set({ acceptedAt: null }).where("tokenHash", "=", hashOf(token)).execute();
    throw error;
  }
  await recordEvent(
    services,
    "invite-accepted",
    state.hasAccount && input.signedInAs ? actorOf(input.signedInAs) : `${input.name} (${email})`,
    email,
    now,
  );
  return ok({ email });
}

/**
 * Takes the admin role from an account and ends its sessions at once. Never
 * the last admin: a site must keep someone who can run it. An admin may remove
 * themselves while another remains.
 */
export async function removeAdmin(
  services: Services,
  by: Profile,
  userId: unknown,
  now = Date.now(),
): Promise<Result<{ email: string; self: boolean }>> {
  if (typeof userId !== "string" || userId === "" || userId.length > 200) return refused(400, INVITE_TEXT.idRequired);
  return services.db.transaction().execute(async (trx) => {
    // Touching every admin's row first locks them (PostgreSQL) or the database (SQLite): two admins removing
    // each other at once are taken one after the other, and the second is told the site would have none.
    await trx
      .updateTable("user")
      .set({ updatedAt: new Date(now).toISOString() })
      .where("role", "like", "%admin%")
      .execute();
    const rows = await trx.selectFrom("user").select(["id", "email", "role"]).where("role", "like", "%admin%").execute();
    const admins = rows.filter((row) => parseRoles(row.role).includes("admin"));
    const target = admins.find((admin) => admin.id === userId);
    if (!target) return refused(400, INVITE_TEXT.notAnAdmin);
    if (admins.length <= 1) return refused(400, INVITE_TEXT.lastAdmin);
    const roles = parseRoles(target.role).filter((role) => role !== "admin");
    await trx
      .updateTable("user")
      .set({ role: (roles.length > 0 ? roles : ["user"]).join(",") })
      .where("id", "=", target.id)
      .execute();
    await trx.deleteFrom("session").where("userId", "=", target.id).execute();
    await recordEvent({ db: trx }, "admin-removed", actorOf(by), target.email, now);
    return ok({ email: target.email, self: target.id === by.id });
  });
}
