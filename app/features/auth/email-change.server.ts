import { createHash, randomBytes, randomUUID } from "node:crypto";
import { enqueueMail } from "#app/lib/mail/outbox.server.ts";
import type { Profile } from "#app/lib/auth/profile.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { currentArtistName } from "#app/domain/site/site-settings.server.ts";
import { EMAIL_CHANGE_TEXT } from "./ui-text.ts";

/** A confirmation link works this long. */
export const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60_000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** `n•••@example.com`: enough for the owner of the old address to recognise, no more for anyone reading over a shoulder. */
export function maskedEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}•••@${domain}`;
}

/** A fingerprint of the account's password hash as it is now (empty without a password). */
async function passwordStampOf(services: Services, userId: string): Promise<string> {
  const auth = await services.auth.$context;
  const account = await auth.internalAdapter.findCredentialAccount(userId);
  return account?.password ? hashOf(account.password) : "";
}

/** True when the current password is the account's: for the steps better-auth does not check itself. */
export async function isCurrentPassword(services: Services, userId: string, password: string): Promise<boolean> {
  if (!password || password.length > 128) return false;
  const auth = await services.auth.$context;
  const account = await auth.internalAdapter.findCredentialAccount(userId);
  return account?.password ? auth.password.verify({ hash: account.password, password }) : false;
}

/**
 * Asks the new address to confirm a change of sign-in e-mail (the site sends
 * mail): a one-time link to it, and a notice to the old address at once, so a
 * stranger with the password cannot move the account away unseen. Nothing
 * changes until the link is used; a newer request replaces an older one.
 */
export async function requestEmailChange(services: Services, profile: Profile, newEmail: string, now = Date.now()): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const link = `${services.env.publicUrl}/account/email?token=${token}`;
  const artist = await currentArtistName(services.db);
  const passwordStamp = await passwordStampOf(services, profile.id);
  await services.db.transaction().execute(async (trx) => {
    await trx.updateTable("emailChanges").set({ usedAt: now }).where("userId", "=", profile.id).where("usedAt", "is", null).execute();
    await trx
      .insertInto("emailChanges")
      .values({
        id: randomUUID(),
        userId: profile.id,
        oldEmail: profile.email,
        newEmail,
        tokenHash: hashOf(token),
        passwordStamp,
        createdAt: now,
        expiresAt: now + EMAIL_CHANGE_LIFETIME_MS,
      })
      .execute();
    await enqueueMail(trx, { ...EMAIL_CHANGE_TEXT.confirmMail(artist, link), listUnsubscribe: false }, [newEmail], now);
    await enqueueMail(
      trx,
      { ...EMAIL_CHANGE_TEXT.noticeMail(artist, maskedEmail(newEmail)), listUnsubscribe: false },
      [profile.email],
      now,
    );
  });
  services.mail?.wake();
}

export type EmailChangeState = { state: "open"; newEmail: string } | { state: "closed" };

export async function emailChangeState(services: Services, token: string, now = Date.now()): Promise<EmailChangeState> {
  if (!token || token.length > 200) return { state: "closed" };
  const row = await services.db
    .selectFrom("emailChanges")
    .select(["newEmail", "usedAt", "expiresAt", "userId", "passwordStamp"])
    .where("tokenHash", "=", hashOf(token))
    .executeTakeFirst();
  if (!row || row.usedAt !== null || Number(row.expiresAt) <= now) return { state: "closed" };
  if ((await passwordStampOf(services, row.userId)) !== row.passwordStamp) return { state: "closed" };
  return { state: "open", newEmail: row.newEmail };
}

/**
 * Makes the change the link stands for: the account signs in with the new
 * address from now on, and the old one is told it was done. Once only; refused
 * when another account has taken the address meanwhile. Every refusal is a
 * 410: this link will not work, whatever is tried again.
 */
export async function confirmEmailChange(services: Services, token: string, now = Date.now()): Promise<Result<{ newEmail: string }>> {
  const row = await services.db
    .selectFrom("emailChanges")
    .selectAll()
    .where("tokenHash", "=", hashOf(token))
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
  if (!row) return refused(410, EMAIL_CHANGE_TEXT.closed);
  // The old address was told to change the password if this was not them: that voids the request.
  if ((await passwordStampOf(services, row.userId)) !== row.passwordStamp) return refused(410, EMAIL_CHANGE_TEXT.closed);
  const taken = await services.db.selectFrom("user").select("id").where("email", "=", row.newEmail).executeTakeFirst();
  if (taken && taken.id !== row.userId) return refused(410, EMAIL_CHANGE_TEXT.taken);
  const claimed = await services.db
    .updateTable("emailChanges")
    .set({ usedAt: now })
    .where("id", "=", row.id)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return refused(410, EMAIL_CHANGE_TEXT.closed);
  const auth = await services.auth.$context;
  await auth.internalAdapter.updateUser(row.userId, { email: row.newEmail, emailVerified: true, updatedAt: new Date(now) });
  const artist = await currentArtistName(services.db);
  await enqueueMail(
    services.db,
    { ...EMAIL_CHANGE_TEXT.doneMail(artist, maskedEmail(row.newEmail)), listUnsubscribe: false },
    [row.oldEmail],
    now,
  );
  services.mail?.wake();
  return ok({ newEmail: row.newEmail });
}

/**
 * Deletes the signed-in account: its sessions, its password and the account
 * itself. Never the site's last admin. The caller signs the browser out first
 * and decides about the mailing list (the fan's choice); messages sent through
 * the contact form were the artist's to keep and stay.
 */
export async function deleteAccount(
  services: Services,
  profile: Profile,
  password: string,
): Promise<Result<object, { field?: "currentPassword" }>> {
  if (!(await isCurrentPassword(services, profile.id, password))) {
    return refused(400, EMAIL_CHANGE_TEXT.wrongPassword, { field: "currentPassword" as const });
  }
  if (profile.roles.includes("admin")) {
    const admins = await services.db.selectFrom("user").select("role").where("role", "like", "%admin%").execute();
    if (admins.filter((row) => (row.role ?? "").split(",").includes("admin")).length <= 1) {
      return refused(400, EMAIL_CHANGE_TEXT.lastAdmin);
    }
  }
  const auth = await services.auth.$context;
  await auth.internalAdapter.deleteUser(profile.id);
  await services.db.deleteFrom("emailChanges").where("userId", "=", profile.id).execute();
  return ok();
}
