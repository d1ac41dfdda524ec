import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE, passwordProblem, WEAK_PASSWORD_MESSAGE } from "#app/lib/auth/password-strength.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { createAdmin, setPassword, grantAdmin, hasAnyAdmin, listAdmins, revokeAdmin } from "./admins.server.ts";
import { callAuth, type AuthCallResult } from "./auth-request.server.ts";
import { handleLogin } from "./login.server.ts";
import { AUTH_BASE_PATH, SIGN_IN_LIMIT, SIGN_UP_MIN_MS, USER_FIELD_LIMITS, USER_FIELD_MESSAGES } from "#app/lib/auth/auth.server.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import { isAdmin } from "#app/lib/auth/profile.ts";
import { connectRedis } from "#app/lib/platform/redis.server.ts";
import { storedRateLimitKey } from "#app/lib/platform/rate-limit.server.ts";
import { getProfile } from "#app/lib/auth/session.server.ts";
import { consumeSetupTokens, isSetupTokenValid, issueSetupToken } from "./setup-token.server.ts";

/** A browser-like request from one client address, optionally carrying cookies. */
function requestFrom(ip: string, cookies: string[] = []): Request {
  const headers = new Headers({ [CLIENT_IP_HEADER]: ip });
  if (cookies.length) headers.set("cookie", cookies.map((c) => c.split(";")[0]).join("; "));
  return new Request("http://localhost:3999/login", { method: "POST", headers });
}

/** A JSON call to one of better-auth's own endpoints, through its HTTP handler, as a browser would make it. */
async function authPost(site: TestSite, path: string, body: Record<string, unknown>, options: { ip: string; cookies?: string[] }) {
  const headers = new Headers({ "content-type": "application/json", origin: site.services.env.publicUrl, [CLIENT_IP_HEADER]: options.ip });
  if (options.cookies?.length) headers.set("cookie", options.cookies.map((c) => c.split(";")[0]).join("; "));
  const response = await site.services.auth.handler(
    new Request(`${site.services.env.publicUrl}${AUTH_BASE_PATH}${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const json = (await response.json().catch(() => null)) as { message?: string } | null;
  return { status: response.status, message: json?.message };
}

describe.each(testStacks)("auth on %s", (kind) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());

  it("refuses a sign-up that asks for a role, and stores nothing", async () => {
    const result = await callAuth(site.services, requestFrom("10.0.0.1"), "/sign-up/email", {
      email: "sneaky@example.com",
      password: "a-long-password",
      name: "Sneaky",
      role: "admin",
    });
    expect(result).toMatchObject({ ok: false, status: 400 });
    const rows = await site.services.db.selectFrom("user").select("id").execute();
    expect(rows).toEqual([]);
  });

  it("signs up with a lowercased e-mail as a plain user", async () => {
    const result = await callAuth(site.services, requestFrom("10.0.0.1"), "/sign-up/email", {
      email: "New.Fan@Example.COM",
      password: "a-long-password",
      name: "New Fan",
    });
    expect(result.ok).toBe(true);
    const row = await site.services.db
      .selectFrom("user")
      .select(["email", "name", "role"])
      .where("email", "=", "new.fan@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: "new.fan@example.com", name: "New Fan", role: "user" });

    const signIn = await callAuth(site.services, requestFrom("10.0.0.1"), "/sign-in/email", {
      email: "new.fan@example.com",
      password: "a-long-password",
    });
    const profile = await getProfile(site.services, requestFrom("10.0.0.1", signIn.setCookies));
    expect(profile).toMatchObject({ email: "new.fan@example.com", displayName: "New Fan", roles: ["user"] });
    expect(isAdmin(profile)).toBe(false);
  });

  it("answers a sign-up for a taken address exactly as for a new one, and changes nothing (no enumeration)", async () => {
    const ask = (email: string) =>
      callAuth(site.services, requestFrom("10.0.0.8"), "/sign-up/email", {
        email,
        password: "another-long-password",
        name: "Someone Else",
      });
    const shape = (result: AuthCallResult) => ({
      ok: result.ok,
      status: result.status,
      cookies: result.setCookies.length,
      keys: result.ok ? Object.keys(result.body as object).sort() : [],
      userKeys: result.ok ? Object.keys((result.body as { user: object }).user).sort() : [],
    });
    // better-auth's own table, outside our schema's types.
    const accounts = async () =>
      (await sql<{ userId: string; password: string }>`select "userId", "password" from "account"`.execute(site.services.db)).rows;
    const before = await accounts();
    const taken = await ask("New.Fan@example.com");
    const fresh = await ask("brand.new.fan@example.com");
    expect(shape(taken)).toEqual(shape(fresh));
    expect(taken).toMatchObject({ ok: true, status: 200, setCookies: [] });
    // The taken address keeps its one account, its name and its password.
    const after = await accounts();
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after).toHaveLength(before.length + 1);
    const owner = await site.services.db.selectFrom("user").select("name").where("email", "=", "new.fan@example.com").execute();
    expect(owner).toEqual([{ name: "New Fan" }]);
  });

  it("answers better-auth's own JSON sign-up for a taken address byte for byte as for a new one, ids aside, and no sooner", async () => {
    // Through the HTTP handler, as /api/auth/sign-up/email reaches it.
    const signUp = async (email: string) => {
      const started = performance.now();
      const response = await site.services.auth.handler(
        new Request(`${site.services.env.publicUrl}${AUTH_BASE_PATH}/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: site.services.env.publicUrl, [CLIENT_IP_HEADER]: "10.0.0.12" },
          body: JSON.stringify({ email, password: "another-long-password", name: "Someone Else" }),
        }),
      );
      const text = await response.text();
      const ms = performance.now() - started;
      const body = JSON.parse(text) as { user: Record<string, unknown> };
      const generic = text
        .replace(JSON.stringify(body.user.id), '"ID"')
        .replaceAll(String(body.user.createdAt), "T")
        .replaceAll(String(body.user.updatedAt), "T")
        .replace(email, "EMAIL");
      return { status: response.status, cookies: response.headers.getSetCookie().length, generic, ms };
    };
    const taken = await signUp("new.fan@example.com");
    const fresh = await signUp("json.fan@example.com");
    expect(taken.generic).toBe(fresh.generic);
    expect([taken.status, taken.cookies]).toEqual([fresh.status, fresh.cookies]);
    expect(JSON.parse(fresh.generic).user.role).toBe("user");
    // Writing the new account takes time the stand-in answer does not: both are held to one floor.
    expect(taken.ms).toBeGreaterThanOrEqual(SIGN_UP_MIN_MS - 5);
    expect(fresh.ms).toBeGreaterThanOrEqual(SIGN_UP_MIN_MS - 5);
  });

  it("bounds every user field, through sign-up and update-user alike", async () => {
    const huge = "N".repeat(300_000);
    const signUp = await callAuth(site.services, requestFrom("10.0.0.13"), "/sign-up/email", {
      email: "huge@example.com",
      password: "a-long-password",
      name: huge,
    });
    expect(signUp).toMatchObject({ ok: false, status: 400, message: USER_FIELD_MESSAGES.name });
    const longEmail = await callAuth(site.services, requestFrom("10.0.0.13"), "/sign-up/email", {
      email: `${"e".repeat(250)}@example.com`,
      password: "a-long-password",
      name: "E",
    });
    expect(longEmail).toMatchObject({ ok: false, status: 400, message: USER_FIELD_MESSAGES.email });
    expect(await site.services.db.selectFrom("user").select("id").where("email", "in", ["huge@example.com"]).execute()).toEqual([]);

    const signIn = await callAuth(site.services, requestFrom("10.0.0.13"), "/sign-in/email", {
      email: "new.fan@example.com",
      password: "a-long-password",
    });
    const update = (body: Record<string, unknown>) =>
      site.services.auth.handler(
        new Request(`${site.services.env.publicUrl}${AUTH_BASE_PATH}/update-user`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: site.services.env.publicUrl,
            cookie: signIn.setCookies.map((c) => c.split(";")[0]).join("; "),
            [CLIENT_IP_HEADER]: "10.0.0.13",
          },
          body: JSON.stringify(body),
        }),
      );
    const refused = await update({ name: huge });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(USER_FIELD_MESSAGES.name);
    expect((await update({ image: `https://example.com/${"i".repeat(3000)}` })).status).toBe(400);
    expect((await update({ name: "New Fan" })).status).toBe(200);
    expect(await site.services.db.selectFrom("user").select("name").where("email", "=", "new.fan@example.com").execute()).toEqual([
      { name: "New Fan" },
    ]);
  });

  it("refuses trivially guessable passwords that no list holds, with a message", async () => {
    for (const [i, password] of ["aaaaaaaa", "abcdefgh", "        ", "Passw0rd!", "qwertyui", "zephyrine77"].entries()) {
      const email = `zephyrine-${i}@example.com`;
      const result = await callAuth(site.services, requestFrom("10.0.0.14"), "/sign-up/email", { email, password, name: "Zephyrine" });
      expect(result, JSON.stringify(password)).toMatchObject({ ok: false, status: 400 });
      expect([COMMON_PASSWORD_MESSAGE, WEAK_PASSWORD_MESSAGE], JSON.stringify(password)).toContain(result.ok ? "" : result.message);
      expect(await site.services.db.selectFrom("user").select("id").where("email", "=", email).execute()).toEqual([]);
    }
    await expect(createAdmin(site.services, { email: "weak-admin@example.com", password: "abcdefgh", name: "Weak" })).rejects.toThrow(
      /too (easy|common)/,
    );
  });

  it("counts the artist's own name and the site's address against every password (issue #30)", async () => {
    for (const [i, password] of ["Juniper2026!", "JuniperVale1", "vale-juniper", "localhost3999"].entries()) {
      const email = `fan-${i}@example.com`;
      const result = await callAuth(site.services, requestFrom("10.0.0.16"), "/sign-up/email", { email, password, name: "Sam Okafor" });
      expect(result, password).toMatchObject({ ok: false, status: 400, message: WEAK_PASSWORD_MESSAGE });
    }
    expect(await setPassword(site.services, "new.fan@example.com", "Juniper2026!")).toEqual({ refused: WEAK_PASSWORD_MESSAGE });
    const fine = await callAuth(site.services, requestFrom("10.0.0.16"), "/sign-up/email", {
      email: "fan-fine@example.com",
      password: "marmalade-harbour-7",
      name: "Sam Okafor",
    });
    expect(fine.ok).toBe(true);
  });

  it("counts the signed-in person's own name and address against a new password on change-password", async () => {
    const account = { email: "zephyrine.quill@example.com", name: "Zephyrine Quill", password: "juniper-harbour-9" };
    expect((await callAuth(site.services, requestFrom("10.0.0.15"), "/sign-up/email", account)).ok).toBe(true);
    const signIn = await callAuth(site.services, requestFrom("10.0.0.15"), "/sign-in/email", {
      email: account.email,
      password: account.password,
    });
    const change = (newPassword: string) =>
      authPost(
        site,
        "/change-password",
        { currentPassword: account.password, newPassword },
        { ip: "10.0.0.15", cookies: signIn.setCookies },
      );
    // Fine for anyone else; for Zephyrine it is her own name and two digits.
    expect(await passwordProblem("zephyrine77")).toBeNull();
    expect(await change("zephyrine77")).toEqual({ status: 400, message: WEAK_PASSWORD_MESSAGE });
    expect(await change("aaaaaaaa")).toEqual({ status: 400, message: WEAK_PASSWORD_MESSAGE });
    expect((await change("tangerine-lighthouse-4")).status).toBe(200);
  });

  it("the sign-up form signs in the owner of a taken address, and tells anyone else only what a wrong password would", async () => {
    const form = (fields: Record<string, string>, ip: string) =>
      new Request("http://localhost:3999/login", {
        method: "POST",
        headers: { [CLIENT_IP_HEADER]: ip },
        body: new URLSearchParams(fields),
      });
    const signUp = (email: string, password: string) =>
      handleLogin(site.services, form({ intent: "signup", name: "Fan", email, password }, "10.0.0.9"));
    const signIn = (email: string, password: string) => handleLogin(site.services, form({ intent: "signin", email, password }, "10.0.0.9"));
    const answer = async (result: Awaited<ReturnType<typeof handleLogin>>) =>
      result instanceof Response
        ? { status: result.status, location: result.headers.get("location") }
        : { status: result.init?.status, data: result.data };

    const wrongPassword = await answer(await signIn("new.fan@example.com", "not-the-password"));
    expect(wrongPassword).toEqual({ status: 400, data: { error: "Invalid email or password" } });
    expect(await answer(await signUp("new.fan@example.com", "not-the-password"))).toEqual(wrongPassword);
    // A new address gets an account and is signed in; so is the owner who typed their own password.
    expect(await answer(await signUp("form.fan@example.com", "form-fan-password"))).toEqual({ status: 302, location: "/" });
    expect(await answer(await signUp("new.fan@example.com", "a-long-password"))).toEqual({ status: 302, location: "/" });
  });

  it("refuses common passwords, whatever their case, with a message, and creates nobody", async () => {
    for (const [i, password] of ["12345678", "Password1", "QWERTYUIOP", "iloveyou"].entries()) {
      const email = `common-${i}@example.com`;
      const result = await callAuth(site.services, requestFrom("10.0.0.7"), "/sign-up/email", { email, password, name: "Common" });
      expect(result, password).toMatchObject({ ok: false, status: 400, message: COMMON_PASSWORD_MESSAGE });
      expect(await site.services.db.selectFrom("user").select("id").where("email", "=", email).execute()).toEqual([]);
    }
    await expect(createAdmin(site.services, { email: "lazy-admin@example.com", password: "password123", name: "Lazy" })).rejects.toThrow(
      COMMON_PASSWORD_MESSAGE,
    );
    // An uncommon one of the same length is fine.
    expect(
      (
        await callAuth(site.services, requestFrom("10.0.0.7"), "/sign-up/email", {
          email: "rare@example.com",
          password: "plum-harbour-9",
          name: "Rare",
        })
      ).ok,
    ).toBe(true);
  });

  it("signs in, and signing out ends the session on the server", async () => {
    const signIn = await callAuth(site.services, requestFrom("10.0.0.2"), "/sign-in/email", {
      email: "new.fan@example.com",
      password: "a-long-password",
    });
    expect(signIn.ok).toBe(true);
    expect(await getProfile(site.services, requestFrom("10.0.0.2", signIn.setCookies))).not.toBeNull();

    await callAuth(site.services, requestFrom("10.0.0.2", signIn.setCookies), "/sign-out");
    expect(await getProfile(site.services, requestFrom("10.0.0.2", signIn.setCookies))).toBeNull();
  });

  it("issues a new session token at every sign-in, whatever token the browser brought (no session fixation)", async () => {
    const tokenOf = (cookies: string[]) =>
      cookies
        .find((c) => /session_token=/.test(c))
        ?.split(";")[0]
        ?.split("=")[1];
    // An attacker plants a token of their choosing, then the fan signs in.
    const planted = ["better-auth.session_token=attacker-chosen-token"];
    const first = await callAuth(site.services, requestFrom("10.0.0.8", planted), "/sign-in/email", {
      email: "new.fan@example.com",
      password: "a-long-password",
    });
    expect(first.ok).toBe(true);
    const firstToken = tokenOf(first.setCookies);
    expect(firstToken).toBeTruthy();
    expect(firstToken).not.toContain("attacker-chosen-token");
    expect(await getProfile(site.services, requestFrom("10.0.0.8", planted))).toBeNull();
    // Signing in again, even from the same browser, gives another token; each is its own session.
    const second = await callAuth(site.services, requestFrom("10.0.0.8", first.setCookies), "/sign-in/email", {
      email: "new.fan@example.com",
      password: "a-long-password",
    });
    expect(second.ok).toBe(true);
    expect(tokenOf(second.setCookies)).not.toBe(firstToken);
    expect(await getProfile(site.services, requestFrom("10.0.0.8", second.setCookies))).toMatchObject({ email: "new.fan@example.com" });
  });

  it("refuses a wrong password with a message", async () => {
    const result = await callAuth(site.services, requestFrom("10.0.0.3"), "/sign-in/email", {
      email: "new.fan@example.com",
      password: "wrong-password",
    });
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(result.ok ? "" : result.message).toMatch(/invalid email or password/i);
    // An address with no account gets the very same answer (no enumeration).
    const unknown = await callAuth(site.services, requestFrom("10.0.0.3"), "/sign-in/email", {
      email: "nobody.here@example.com",
      password: "wrong-password",
    });
    expect(unknown).toEqual(result);
  });

  it(`answers 429 after ${SIGN_IN_LIMIT.max} sign-in attempts from one address in a minute`, async () => {
    const attempt = () =>
      callAuth(site.services, requestFrom("10.9.9.9"), "/sign-in/email", {
        email: "new.fan@example.com",
        password: "wrong-password",
      });
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++) expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(429);
    // Another address is not affected.
    const other = await callAuth(site.services, requestFrom("10.9.9.10"), "/sign-in/email", {
      email: "new.fan@example.com",
      password: "a-long-password",
    });
    expect(other.ok).toBe(true);

    // The count lives in the site's shared store (Redis when the site has it, else the database),
    // under an HMAC of its key: no row holds the address.
    const key = storedRateLimitKey(site.services.env.authSecret, "10.9.9.9|/sign-in/email");
    const { rows: plain } = await sql<{ key: string }>`select "key" from "rateLimit" where "key" like ${"%10.9.9.9%"}`.execute(
      site.services.db,
    );
    expect(plain).toHaveLength(0);
    const rows = await site.services.db.selectFrom("formRateLimits").select(["key", "count"]).where("key", "=", key).execute();
    const { redisUrl, redisKeyPrefix } = site.services.env;
    if (!redisUrl) {
      expect(rows).toEqual([{ key, count: SIGN_IN_LIMIT.max + 1 }]);
      return;
    }
    expect(rows).toHaveLength(0);
    const redis = await connectRedis(redisUrl);
    try {
      expect(await redis.get(`${redisKeyPrefix}rate-limit:${key}`)).toBe(String(SIGN_IN_LIMIT.max + 1));
      expect(await redis.pTTL(`${redisKeyPrefix}rate-limit:${key}`)).toBeGreaterThan(0);
    } finally {
      await redis.close();
    }
  });

  it("creates, lists, grants and revokes admins; revoking ends their sessions", async () => {
    expect(await hasAnyAdmin(site.services)).toBe(false);
    expect(await createAdmin(site.services, { email: "Owner@Example.com", password: "owner-password", name: "Owner" })).toBe("created");
    expect(await hasAnyAdmin(site.services)).toBe(true);
    expect(await createAdmin(site.services, { email: "new.fan@example.com", password: "ignored-pass", name: "x" })).toBe("promoted");
    expect((await listAdmins(site.services)).map((a) => a.email)).toEqual(["new.fan@example.com", "owner@example.com"]);

    const session = await callAuth(site.services, requestFrom("10.0.0.4"), "/sign-in/email", {
      email: "owner@example.com",
      password: "owner-password",
    });
    const asOwner = () => getProfile(site.services, requestFrom("10.0.0.4", session.setCookies));
    expect(isAdmin(await asOwner())).toBe(true);

    expect(await revokeAdmin(site.services, "owner@example.com")).toBe(true);
    expect(await asOwner()).toBeNull();
    expect((await listAdmins(site.services)).map((a) => a.email)).toEqual(["new.fan@example.com"]);

    expect(await grantAdmin(site.services, "OWNER@example.com")).toBe(true);
    expect(await grantAdmin(site.services, "nobody@example.com")).toBe(false);
    expect((await listAdmins(site.services)).map((a) => a.email)).toEqual(["new.fan@example.com", "owner@example.com"]);
  });

  it("bounds user fields on the admin plugin's endpoints too, with a message, changing nothing", async () => {
    const session = await callAuth(site.services, requestFrom("10.0.0.16"), "/sign-in/email", {
      email: "owner@example.com",
      password: "owner-password",
    });
    const asAdmin = (path: string, body: Record<string, unknown>) =>
      authPost(site, path, body, { ip: "10.0.0.16", cookies: session.setCookies });
    // The admin plugin's ban columns are better-auth's, outside our schema's types.
    const fan = async () =>
      (
        await sql<{
          id: string;
          name: string;
          image: string | null;
          role: string;
          banned: unknown;
          banReason: string | null;
        }>`select "id", "name", "image", "role", "banned", "banReason" from "user" where "email" = 'zephyrine.quill@example.com'`.execute(
          site.services.db,
        )
      ).rows[0];
    const before = await fan();
    const userId = before?.id;
    const tooLong = (field: keyof typeof USER_FIELD_LIMITS) => "x".repeat(USER_FIELD_LIMITS[field] + 1);

    expect(
      await asAdmin("/admin/create-user", { email: "made@example.com", password: "tangerine-lighthouse-4", name: tooLong("name") }),
    ).toEqual({ status: 400, message: USER_FIELD_MESSAGES.name });
    expect(
      await asAdmin("/admin/create-user", {
        email: "made@example.com",
        password: "tangerine-lighthouse-4",
        name: "Made",
        data: { image: tooLong("image") },
      }),
    ).toEqual({ status: 400, message: USER_FIELD_MESSAGES.image });
    expect(await asAdmin("/admin/update-user", { userId, data: { name: tooLong("name") } })).toEqual({
      status: 400,
      message: USER_FIELD_MESSAGES.name,
    });
    expect(await asAdmin("/admin/update-user", { userId, data: { email: `${tooLong("email")}@example.com` } })).toEqual({
      status: 400,
      message: USER_FIELD_MESSAGES.email,
    });
    expect(await asAdmin("/admin/ban-user", { userId, banReason: tooLong("banReason") })).toEqual({
      status: 400,
      message: USER_FIELD_MESSAGES.banReason,
    });
    expect(await asAdmin("/admin/set-role", { userId, role: ["user", tooLong("role")] })).toEqual({
      status: 400,
      message: USER_FIELD_MESSAGES.role,
    });
    expect(await fan()).toEqual(before);
    expect(await site.services.db.selectFrom("user").select("id").where("email", "=", "made@example.com").execute()).toEqual([]);

    // Within the limits, they work as before.
    expect((await asAdmin("/admin/update-user", { userId, data: { name: "N".repeat(USER_FIELD_LIMITS.name) } })).status).toBe(200);
    expect((await fan())?.name).toBe("N".repeat(USER_FIELD_LIMITS.name));
  });
});

describe.each(testStacks)("first-admin setup link on %s", (kind) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());

  it("is issued only while there is no admin, works once, and only with the right token", async () => {
    const token = await issueSetupToken(site.services);
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(await isSetupTokenValid(site.services, token ?? "")).toBe(true);
    expect(await isSetupTokenValid(site.services, "not-the-token")).toBe(false);
    expect(await isSetupTokenValid(site.services, "")).toBe(false);

    // Only a hash is stored.
    const stored = await site.services.db.selectFrom("setupTokens").select("tokenHash").execute();
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);

    await consumeSetupTokens(site.services);
    expect(await isSetupTokenValid(site.services, token ?? "")).toBe(false);

    const second = await issueSetupToken(site.services);
    await createAdmin(site.services, { email: "first@example.com", password: "first-password", name: "First" });
    expect(await isSetupTokenValid(site.services, second ?? "")).toBe(false);
    expect(await issueSetupToken(site.services)).toBeNull();
    // The link printed before the CLI made the admin is gone, not merely refused:
    // it must not come back to life if that admin is revoked.
    expect(await site.services.db.selectFrom("setupTokens").select("tokenHash").execute()).toEqual([]);
    await revokeAdmin(site.services, "first@example.com");
    expect(await isSetupTokenValid(site.services, second ?? "")).toBe(false);
  });

  it("is deleted too when an admin appears some other way (better-auth's set-role, the database by hand)", async () => {
    const token = await issueSetupToken(site.services);
    expect(await isSetupTokenValid(site.services, token ?? "")).toBe(true);
    const setRole = (role: string) => site.services.db.updateTable("user").set({ role }).where("email", "=", "first@example.com").execute();
    await setRole("admin");
    expect(await isSetupTokenValid(site.services, token ?? "")).toBe(false);
    expect(await site.services.db.selectFrom("setupTokens").select("tokenHash").execute()).toEqual([]);
    await setRole("user");
    expect(await isSetupTokenValid(site.services, token ?? "")).toBe(false);
  });
});
