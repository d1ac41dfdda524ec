import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin } from "better-auth/plugins/admin";
import type { Kysely } from "kysely";
import type { SqlDialect } from "#db/migrations/dialect.ts";
import type { Env } from "./env.server.ts";
import { CLIENT_IP_HEADER, trustedOrigins } from "./http-security.server.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.server.ts";
import type { RateLimiter } from "./rate-limit.server.ts";
import { containsNul, FORM_ERRORS } from "./read-form.server.ts";

export const AUTH_BASE_PATH = "/api/auth";

/** Documented limits: docs/decisions/004-auth.md. */
export const SIGN_IN_LIMIT = { window: 60, max: 10 };
export const SIGN_UP_LIMIT = { window: 60, max: 10 };

/** Every endpoint that sets a password, and the body field it comes in. */
const PASSWORD_FIELDS: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/admin/create-user": "password",
  "/admin/set-user-password": "newPassword",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
};

/**
 * Runs before every better-auth endpoint: refuses a body holding a null
 * character (PostgreSQL cannot store one; a 400 instead of a database error),
 * and a common password wherever one is set, with a message the form shows.
 */
const checkInput = createAuthMiddleware(async (ctx) => {
  if (containsNul(ctx.body)) throw new APIError("BAD_REQUEST", { message: FORM_ERRORS.nulCharacter, code: "NUL_CHARACTER" });
  const field = PASSWORD_FIELDS[ctx.path];
  const password: unknown = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
  if (typeof password === "string" && (await isCommonPassword(password))) {
    throw new APIError("BAD_REQUEST", { message: COMMON_PASSWORD_MESSAGE, code: "PASSWORD_TOO_COMMON" });
  }
});

export function createAuth(options: { db: Kysely<never>; dialect: SqlDialect; env: Env; rateLimiter: RateLimiter }) {
  const { db, dialect, env, rateLimiter } = options;
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
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No cookie cache: a revoked session or role ends on the very next request.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      // With Redis, every process counts sign-ins in Redis. Without it,
      // better-auth's own `rateLimit` table does the counting: it is atomic,
      // prunes its old rows, and is shared by every process on the database.
      ...(rateLimiter.store === "redis" ? { customStorage: rateLimiter } : { storage: "database" as const }),
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": SIGN_IN_LIMIT,
        "/sign-up/email": SIGN_UP_LIMIT,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    hooks: { before: checkInput },
    // Sign-up can never grant admin: `role` is not an input field and starts as "user".
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] })],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
