import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { admin } from "better-auth/plugins/admin";
import { sql, type Kysely } from "kysely";
import type { SqlDialect } from "#db/migrations/dialect.ts";
import type { Env } from "#app/lib/platform/env.server.ts";
import { CLIENT_IP_HEADER, trustedOrigins } from "#app/lib/platform/request-origin.server.ts";
import { passwordProblem } from "./password-strength.server.ts";
import type { RateLimiter } from "#app/lib/platform/rate-limit.server.ts";
import { containsNul, FORM_ERRORS } from "#app/lib/http/read-form.server.ts";

export const AUTH_BASE_PATH = "/api/auth";

/** Documented limits: docs/decisions/004-auth.md. */
export const SIGN_IN_LIMIT = { window: 60, max: 10 };
const SIGN_UP_LIMIT = { window: 60, max: 10 };
/**
 * Changing the password or the e-mail checks the current password: each try
 * is a guess at it, so it gets the sign-in budget (better-auth's own default
 * for these paths, 3 per 10 s, would allow 18 a minute).
 */
export const PASSWORD_CHECK_LIMIT = SIGN_IN_LIMIT;

/** What better-auth answers a wrong current password with, on change-password and (by our hook) change-email. */
export const INVALID_PASSWORD = { code: "INVALID_PASSWORD", message: "Invalid password" } as const;

/** Every endpoint that sets a password, and the body field it comes in. */
const PASSWORD_FIELDS: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/admin/create-user": "password",
  "/admin/set-user-password": "newPassword",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
};
const PASSWORD_LENGTH = { min: 8, max: 128 };

/**
 * The most a user field may hold, wherever it is set: sign-up, update-user,
 * change-email and the admin plugin's create-user, update-user, set-role and
 * ban-user. Counted as the forms count (zod's `max`, UTF-16 units), on the
 * value as sent: better-auth stores names untrimmed, and the forms trim first.
 */
export const USER_FIELD_LIMITS = { name: 100, email: 254, newEmail: 254, image: 2048, role: 100, banReason: 500 } as const;
type UserField = keyof typeof USER_FIELD_LIMITS;
export const USER_FIELD_MESSAGES: Record<UserField, string> = {
  name: `Names can be at most ${USER_FIELD_LIMITS.name} characters.`,
  email: `E-mail addresses can be at most ${USER_FIELD_LIMITS.email} characters.`,
  newEmail: `E-mail addresses can be at most ${USER_FIELD_LIMITS.email} characters.`,
  image: `Image addresses can be at most ${USER_FIELD_LIMITS.image} characters.`,
  role: `Roles can be at most ${USER_FIELD_LIMITS.role} characters together.`,
  banReason: `Ban reasons can be at most ${USER_FIELD_LIMITS.banReason} characters.`,
};

/**
 * Sign-up answers a taken address with a stand-in user instead of creating
 * one (decision 004). Both answers take at least this long, so the time the
 * new account's writes take does not tell the two apart either. Hashing the
 * password (done on both paths) takes well under this.
 */
export const SIGN_UP_MIN_MS = 400;

/** What better-auth hands a `before` hook: the path, the body, the request, the auth context. */
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** A field's length as stored: the admin plugin keeps a list of roles joined by commas. */
function storedLength(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (Array.isArray(value)) return value.map(String).join(",").length;
  return 0;
}

/** The first user field over its limit in a body (or its `data`, as the admin plugin's create-user and update-user send). */
function oversizeUserField(body: unknown): UserField | null {
  for (const fields of [record(body), record(record(body)?.data)]) {
    for (const [name, limit] of Object.entries(USER_FIELD_LIMITS) as [UserField, number][]) {
      if (storedLength(fields?.[name]) > limit) return name;
    }
  }
  return null;
}

/**
 * The words an attacker would try first against this person's password: the
 * name and address being signed up or created, or the signed-in person's own
 * on change-password. Not looked up for the admin's set-user-password: that
 * hook runs before the admin check, and would tell anyone whether a password
 * resembles some account's name.
 */
async function userInputsFor(ctx: HookContext, body: Record<string, unknown> | undefined): Promise<(string | undefined)[]> {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  if (ctx.path === "/change-password") {
    const session = await getSessionFromCtx(ctx);
    return [text(session?.user.email), text(session?.user.name)];
  }
  return [text(body?.email), text(body?.name)];
}

/**
 * better-auth's change-email asks only for a session, so a borrowed or
 * stolen one would be enough to move the address its owner signs in with.
 * It asks for the current password too, checked as change-password checks
 * it, under the same rate limit. Without a session the endpoint answers 401 itself.
 */
async function requireCurrentPassword(ctx: HookContext, body: Record<string, unknown> | undefined): Promise<void> {
  const session = await getSessionFromCtx(ctx);
  if (!session) return;
  const password = body?.currentPassword;
  if (typeof password !== "string" || password === "" || password.length > PASSWORD_LENGTH.max) {
    throw new APIError("BAD_REQUEST", INVALID_PASSWORD);
  }
  const account = await ctx.context.internalAdapter.findCredentialAccount(session.user.id);
  const valid = account?.password ? await ctx.context.password.verify({ hash: account.password, password }) : false;
  if (!valid) throw new APIError("BAD_REQUEST", INVALID_PASSWORD);
}

/**
 * Endpoints whose answer time must not tell whether an address has an account:
 * sign-up (a stand-in user for a taken one) and asking for a reset link (a mail
 * queued for one), as JSON too (issue #30; /login/forgot has its own floor).
 */
const FLOORED_PATHS = new Set(["/sign-up/email", "/request-password-reset"]);
/** When each such request arrived, for the floor on its answer's time. */
const flooredStarted = new WeakMap<object, number>();

/**
 * Runs before every better-auth endpoint: refuses a body holding a null
 * character (PostgreSQL cannot store one; a 400 instead of a database error),
 * a user field over its limit, a change of e-mail without the right current
 * password, and a guessable password wherever one is set, with a message the
 * form shows.
 */
const checkInputWith = (siteWords: () => Promise<string[]>) =>
  createAuthMiddleware(async (ctx) => {
    if (FLOORED_PATHS.has(ctx.path) && ctx.request) flooredStarted.set(ctx.request, performance.now());
    if (containsNul(ctx.body)) throw new APIError("BAD_REQUEST", { message: FORM_ERRORS.nulCharacter, code: "NUL_CHARACTER" });
    const oversize = oversizeUserField(ctx.body);
    if (oversize) throw new APIError("BAD_REQUEST", { message: USER_FIELD_MESSAGES[oversize], code: "FIELD_TOO_LONG" });
    const field = PASSWORD_FIELDS[ctx.path];
    const body = record(ctx.body);
    if (ctx.path === "/change-email") await requireCurrentPassword(ctx, body);
    const password = field ? body?.[field] : undefined;
    // Out-of-range lengths get better-auth's own messages.
    if (typeof password !== "string" || password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max) return;
    // The artist's own name and the site's address are words anyone tries first against any of its accounts.
    const problem = await passwordProblem(password, await userInputsFor(ctx, body), await siteWords());
    if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "PASSWORD_TOO_WEAK" });
  });

/** Holds every answer of FLOORED_PATHS to SIGN_UP_MIN_MS, whichever way it went. */
const evenOutSignUp = createAuthMiddleware(async (ctx) => {
  const started = FLOORED_PATHS.has(ctx.path) && ctx.request ? flooredStarted.get(ctx.request) : undefined;
  if (started === undefined) return;
  const wait = SIGN_UP_MIN_MS - (performance.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
});

/** How long a password-reset link works. */
const RESET_LINK_SECONDS = 60 * 60;
/** Asking for a reset link: the sign-in budget (each ask may send a mail). */
const RESET_REQUEST_LIMIT = SIGN_IN_LIMIT;

export type AuthOptions = {
  db: Kysely<never>;
  dialect: SqlDialect;
  env: Env;
  rateLimiter: RateLimiter;
  /**
   * With mail on, how a reset link reaches its owner (queued in the outbox,
   * with the link to our own page); without it, there is no reset by mail.
   */
  sendResetLink?: (to: { email: string; name: string }, link: string) => Promise<void>;
  /** Words of the site itself (the artist's name, its address) a password must not be guessable from. */
  siteWords?: () => Promise<string[]>;
};

export function createAuth(options: AuthOptions) {
  const { db, dialect, env, rateLimiter, sendResetLink, siteWords } = options;
  return betterAuth({
    appName: "Artist site",
    baseURL: env.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: env.authSecret,
    trustedOrigins: trustedOrigins(env.publicUrl, env.port),
    database: { db, type: dialect },
    emailAndPassword: {
      enabled: true,
      // Off so that sign-up answers the same whether or not the address has an
      // account (better-auth then hashes anyway and returns a stand-in user);
      // our /login action signs in as a second step. Decision 004.
      autoSignIn: false,
      // The stand-in answer for a taken address has every field a new account's
      // answer has, with the same values (the admin plugin's role among them).
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: "user",
        banned: false,
        banReason: null,
        banExpires: null,
        ...additionalFields,
        id,
      }),
      minPasswordLength: PASSWORD_LENGTH.min,
      maxPasswordLength: PASSWORD_LENGTH.max,
      // A reset link works once (better-auth consumes its token with the
      // change), for an hour, and ends every session of the account.
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Every other reset link of the account dies with the one used (issue #30): an older mail
      // left in an inbox must not reset the password again.
      onPasswordReset: async ({ user }) => {
        await sql`delete from verification where value = ${user.id}`.execute(db);
      },
      ...(sendResetLink
        ? {
            sendResetPassword: async ({ user, token }: { user: { email: string; name: string }; token: string }) => {
              await sendResetLink(user, `${env.publicUrl}/login/reset?${new URLSearchParams({ token })}`);
            },
          }
        : {}),
    },
    user: {
      // No address is ever "verified" (the site sends no verification mail),
      // so a change takes effect at once (better-auth updates only unverified
      // ones this way). The current password is asked first (checkInput); an
      // address another account holds is left unchanged without saying so,
      // better-auth's guard against enumeration (our admin form says it).
      changeEmail: { enabled: true, updateEmailWithoutVerification: true },
    },
    // A reset link's token is kept only as its hash: whoever can read the database (a backup, a
    // local account) cannot use a link waiting in someone's inbox (issue #30).
    verification: { storeIdentifier: "hashed" },
    // A session keeps no address and no browser: no row of the site holds either (issue #37).
    databaseHooks: {
      session: { create: { before: async (session) => ({ data: { ...session, ipAddress: null, userAgent: null } }) } },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No cookie cache: a revoked session or role ends on the very next request.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      // The site's own limiter, shared by every process (Redis, or the
      // database without it), which keeps no client's address: it counts
      // under an HMAC of each key, where better-auth's `rateLimit` table would
      // keep "address|path" in the clear (issue #37).
      customStorage: rateLimiter,
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": SIGN_IN_LIMIT,
        "/sign-up/email": SIGN_UP_LIMIT,
        "/change-password": PASSWORD_CHECK_LIMIT,
        "/change-email": PASSWORD_CHECK_LIMIT,
        "/request-password-reset": RESET_REQUEST_LIMIT,
        "/reset-password": PASSWORD_CHECK_LIMIT,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    hooks: { before: checkInputWith(siteWords ?? (async () => [])), after: evenOutSignUp },
    // Sign-up can never grant admin: `role` is not an input field and starts as "user".
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] })],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
