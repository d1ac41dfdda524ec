import { listAdmins } from "./admins.server.ts";
import { listAdminEvents, listPendingInvites } from "./invites.server.ts";
import { callAuth, headersWithCookies, type AuthCallResult } from "./auth-request.server.ts";
import { INVALID_PASSWORD } from "#app/lib/auth/auth.server.ts";
import type { Profile } from "#app/lib/auth/profile.ts";
import { readForm, textFields } from "#app/lib/http/read-form.server.ts";
import { adminRefusal } from "#app/lib/auth/require-admin.server.ts";
import { formAnswer } from "#app/lib/http/wire.ts";
import { isRefusalStatus, ok, refused, type RefusalStatus } from "#app/lib/result.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { getProfile } from "#app/lib/auth/session.server.ts";
import { takeFormRateLimit, type FormRateLimit } from "#app/lib/http/form-guard.server.ts";
import { isCurrentPassword, requestEmailChange } from "./email-change.server.ts";
import { accountSchema, type AccountInput } from "./schema.ts";
import { ACCOUNT_INTENTS, ACCOUNT_TEXT, EMAIL_CHANGE_TEXT, type AccountField, type AccountIntent, type AccountResult } from "./ui-text.ts";

/** Tries of a current password that better-auth does not count itself (our own checks), per client. */
export const PASSWORD_TRIES: FormRateLimit = { name: "current-password", max: 10, windowMs: 10 * 60 * 1000 };

/** One admin as the Account page lists them; `you` marks the one signed in. */
export type AccountAdmin = { id: string; name: string; email: string; createdAt: number; you: boolean };

/**
 * What the Account page shows: the signed-in admin's own name and address,
 * every admin, the invites waiting, the latest steps taken on the admins, and
 * whether invites go out by mail.
 */
export async function accountPage(services: Services, profile: Profile) {
  const [admins, invites, history] = await Promise.all([listAdmins(services), listPendingInvites(services), listAdminEvents(services)]);
  return {
    name: profile.displayName,
    email: profile.email,
    // The signed-in admin first, then the others as listed (by address).
    admins: admins
      .map((admin): AccountAdmin => ({
        id: admin.id,
        name: admin.name,
        email: admin.email,
        createdAt: admin.createdAt,
        you: admin.id === profile.id,
      }))
      .sort((a, b) => Number(b.you) - Number(a.you)),
    invites,
    history,
    mailOn: Boolean(services.mail),
  };
}

/** Why a change was refused, and the field it is about. */
type AccountRefusal = { status: RefusalStatus; error: string; field: AccountField | null };

const refuse = (refusal: AccountRefusal, intent: AccountIntent | null, values: { name?: string; newEmail?: string } = {}) =>
  formAnswer<AccountResult>(refused(refusal.status, refusal.error, { intent, field: refusal.field, values }));

const saved = (intent: AccountIntent, message: string, headers?: Headers) => formAnswer<AccountResult>(ok({ intent, message }), headers);

/** The refusals our own hook (checkInput in auth.server.ts) makes, already in a person's words. */
const OWN_WORDS = new Set(["PASSWORD_TOO_WEAK", "FIELD_TOO_LONG", "NUL_CHARACTER"]);

/** better-auth's refusal in our words, at the field it is about. */
function refusalOf(result: AuthCallResult & { ok: false }, newPasswordField: boolean): AccountRefusal {
  if (result.status === 429) return { status: 429, error: ACCOUNT_TEXT.tooManyTries, field: null };
  if (result.code === INVALID_PASSWORD.code) return { status: 400, error: ACCOUNT_TEXT.wrongPassword, field: "currentPassword" };
  if (result.code === "PASSWORD_TOO_WEAK" && result.message) {
    return { status: 400, error: result.message, field: newPasswordField ? "newPassword" : null };
  }
  if (result.code !== null && OWN_WORDS.has(result.code) && result.message) return { status: 400, error: result.message, field: null };
  console.error(`Account change refused (${result.status} ${result.code ?? ""}): ${result.message ?? "no message"}`);
  return { status: isRefusalStatus(result.status) ? result.status : 500, error: ACCOUNT_TEXT.failed, field: null };
}

/** The form that asked, when it said: so its answer is shown there, even when the rest of the body is wrong. */
function intentOf(fields: Record<string, string>): AccountIntent | null {
  return ACCOUNT_INTENTS.find((intent) => intent === fields.intent) ?? null;
}

/**
 * The Account page's POST: an admin changes their own name, e-mail or
 * password. Each goes through better-auth's HTTP endpoint (rate limits,
 * password checks, session handling) as the signed-in admin.
 */
export async function handleAccountAction(services: Services, request: Request, who: "admin" | "anyone signed in" = "admin") {
  if (who === "admin") {
    const denied = await adminRefusal(services, request);
    if (denied) return refuse({ status: denied.status, error: denied.error, field: null }, null);
  } else if (!(await getProfile(services, request))) {
    return refuse({ status: 401, error: ACCOUNT_TEXT.signInFirst, field: null }, null);
  }
  const read = await readForm(request);
  if (!read.ok) return refuse({ status: read.status, error: read.error, field: null }, null);
  const fields = textFields(read.form);
  const intent = intentOf(fields);
  // What was typed goes back with a refusal, so a page rendered without JavaScript keeps it; passwords never do.
  const values = { name: fields.name?.slice(0, 100), newEmail: fields.newEmail?.slice(0, 254) };
  const parsed = accountSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length === 1 ? accountFieldOf(issue.path[0]) : null;
    return refuse({ status: 400, error: issue?.message ?? ACCOUNT_TEXT.failed, field }, intent, values);
  }
  try {
    return await change(services, request, parsed.data, values);
  } catch (error) {
    console.error(`Account ${parsed.data.intent} change failed unexpectedly`, error);
    return refuse({ status: 500, error: ACCOUNT_TEXT.failed, field: null }, parsed.data.intent, values);
  }
}

const ACCOUNT_FIELDS: readonly AccountField[] = ["name", "newEmail", "currentPassword", "newPassword", "confirmPassword"];
const accountFieldOf = (key: PropertyKey | undefined): AccountField | null => ACCOUNT_FIELDS.find((field) => field === key) ?? null;

async function change(services: Services, request: Request, input: AccountInput, values: { name?: string; newEmail?: string }) {
  switch (input.intent) {
    case "name": {
      const result = await callAuth(services, request, "/update-user", { name: input.name });
      if (!result.ok) return refuse(refusalOf(result, false), "name", values);
      return saved("name", ACCOUNT_TEXT.nameSaved);
    }
    case "email":
      return changeEmail(services, request, input, values);
    case "password": {
      const result = await callAuth(services, request, "/change-password", {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      });
      if (!result.ok) return refuse(refusalOf(result, true), "password", values);
      // better-auth ended every session of this account and opened a new one for this browser: its cookie.
      return saved("password", ACCOUNT_TEXT.passwordSaved, headersWithCookies(result.setCookies));
    }
  }
}

async function changeEmail(
  services: Services,
  request: Request,
  input: { newEmail: string; currentPassword: string },
  values: { name?: string; newEmail?: string },
) {
  const profile = await getProfile(services, request);
  if (!profile) return refuse({ status: 401, error: ACCOUNT_TEXT.failed, field: null }, "email", values);
  if (input.newEmail === profile.email) return refuse({ status: 400, error: ACCOUNT_TEXT.emailSame, field: "newEmail" }, "email", values);
  if (services.mail) {
    // With mail, the new address must confirm, and the old one is told (email-change.server.ts).
    if (!(await takeFormRateLimit(services, request, PASSWORD_TRIES))) {
      return refuse({ status: 429, error: ACCOUNT_TEXT.tooManyTries, field: null }, "email", values);
    }
    if (!(await isCurrentPassword(services, profile.id, input.currentPassword))) {
      return refuse({ status: 400, error: ACCOUNT_TEXT.wrongPassword, field: "currentPassword" }, "email", values);
    }
    const taken = await services.db.selectFrom("user").select("id").where("email", "=", input.newEmail).executeTakeFirst();
    if (taken) return refuse({ status: 409, error: ACCOUNT_TEXT.emailInUse, field: "newEmail" }, "email", values);
    await requestEmailChange(services, profile, input.newEmail);
    return saved("email", EMAIL_CHANGE_TEXT.pending(input.newEmail, profile.email));
  }
  const result = await callAuth(services, request, "/change-email", { newEmail: input.newEmail, currentPassword: input.currentPassword });
  if (!result.ok) return refuse(refusalOf(result, false), "email", values);
  // better-auth answers an address another account holds as if it had changed
  // it (so as not to tell anyone who has an account). Only an admin who has
  // just given the right password gets here, and is told.
  const now = await services.db.selectFrom("user").select("email").where("id", "=", profile.id).executeTakeFirst();
  if (now?.email !== input.newEmail) return refuse({ status: 409, error: ACCOUNT_TEXT.emailInUse, field: "newEmail" }, "email", values);
  return saved("email", ACCOUNT_TEXT.emailSaved(input.newEmail));
}
