import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_BASE_PATH, PASSWORD_CHECK_LIMIT } from "#app/lib/auth/auth.server.ts";
import { COMMON_PASSWORD_MESSAGE, WEAK_PASSWORD_MESSAGE } from "#app/lib/auth/password-strength.server.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import { getProfile } from "#app/lib/auth/session.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { accountPage, handleAccountAction } from "./account.server.ts";
import { createAdmin } from "./admins.server.ts";
import { callAuth } from "./auth-request.server.ts";
import { ACCOUNT_TEXT, LOGIN_TEXT } from "./ui-text.ts";

const cookieHeader = (cookies: string[]) => cookies.map((c) => c.split(";")[0]).join("; ");

/** A browser-like request from one client address, with the session's cookies. */
function requestFrom(ip: string, cookies: string[] = [], init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  if (cookies.length) headers.set("cookie", cookieHeader(cookies));
  return new Request("http://localhost:3999/juniper-dashboard/account", { ...init, headers });
}

describe.each(testStacks)("the Account page's changes on %s", (kind) => {
  let site: TestSite;
  const owner = { email: "owner@example.com", password: "juniper-harbour-9", name: "Owner" };

  const signIn = async (email: string, password: string, ip = "10.1.0.1") => {
    const result = await callAuth(site.services, requestFrom(ip), "/sign-in/email", { email, password });
    return result.ok ? result.setCookies : null;
  };
  const post = async (cookies: string[], fields: Record<string, string>, ip = "10.1.0.1") => {
    const result = await handleAccountAction(
      site.services,
      requestFrom(ip, cookies, { method: "POST", body: new URLSearchParams(fields) }),
    );
    return { status: result.init?.status ?? 200, body: result.data, setCookies: new Headers(result.init?.headers).getSetCookie() };
  };
  const storedUser = (email: string) =>
    site.services.db.selectFrom("user").select(["id", "name", "email"]).where("email", "=", email).executeTakeFirst();
  // better-auth's own table, outside our schema's types.
  const passwordHashes = async () =>
    (await sql<{ password: string | null }>`select "password" from "account"`.execute(site.services.db)).rows;

  beforeAll(async () => {
    site = await createTestSite(kind);
    await createAdmin(site.services, owner);
  });
  afterAll(() => site.cleanup());

  it("answers only an admin: 401 without a session, 403 for a fan, and changes nothing", async () => {
    const fan = { email: "fan@example.com", password: "plum-harbour-9", name: "Fan" };
    expect((await callAuth(site.services, requestFrom("10.1.0.2"), "/sign-up/email", fan)).ok).toBe(true);
    const fanCookies = await signIn(fan.email, fan.password, "10.1.0.2");
    expect(fanCookies).not.toBeNull();

    expect(await post([], { intent: "name", name: "Mallory" }, "10.1.0.2")).toMatchObject({
      status: 401,
      body: { ok: false, error: "Please sign in as an admin." },
    });
    expect(await post(fanCookies ?? [], { intent: "name", name: "Mallory" }, "10.1.0.2")).toMatchObject({
      status: 403,
      body: { ok: false, error: "Only admins can do this." },
    });
    expect((await storedUser(fan.email))?.name).toBe("Fan");
  });

  it("changes the admin's name, trimmed, and refuses an empty or overlong one at its field", async () => {
    const cookies = (await signIn(owner.email, owner.password)) ?? [];
    expect(await post(cookies, { intent: "name", name: "  Juniper Vale  " })).toEqual({
      status: 200,
      body: { intent: "name", ok: true, message: ACCOUNT_TEXT.nameSaved },
      setCookies: expect.any(Array),
    });
    expect((await getProfile(site.services, requestFrom("10.1.0.1", cookies)))?.displayName).toBe("Juniper Vale");

    expect(await post(cookies, { intent: "name", name: "   " })).toMatchObject({
      status: 400,
      body: { intent: "name", ok: false, field: "name", error: LOGIN_TEXT.missingName },
    });
    expect(await post(cookies, { intent: "name", name: "N".repeat(101) })).toMatchObject({
      status: 400,
      body: { intent: "name", ok: false, field: "name", error: ACCOUNT_TEXT.nameTooLong },
    });
    expect(await post(cookies, { intent: "something-else" })).toMatchObject({ status: 400, body: { intent: null, ok: false } });
    expect((await storedUser(owner.email))?.name).toBe("Juniper Vale");
  });

  it("changes the e-mail only with the current password; the new address signs in, the old one no longer", async () => {
    const cookies = (await signIn(owner.email, owner.password, "10.1.0.3")) ?? [];
    const change = (fields: Record<string, string>) => post(cookies, { intent: "email", ...fields }, "10.1.0.3");

    expect(await change({ newEmail: "new.owner@example.com", currentPassword: "not-my-password" })).toMatchObject({
      status: 400,
      body: {
        intent: "email",
        ok: false,
        field: "currentPassword",
        error: ACCOUNT_TEXT.wrongPassword,
        values: { newEmail: "new.owner@example.com" },
      },
    });
    expect(await change({ newEmail: "new.owner@example.com", currentPassword: "" })).toMatchObject({
      status: 400,
      body: { field: "currentPassword", error: ACCOUNT_TEXT.missingCurrentPassword },
    });
    expect(await change({ newEmail: "not-an-address", currentPassword: owner.password })).toMatchObject({
      status: 400,
      body: { field: "newEmail", error: LOGIN_TEXT.invalidEmail },
    });
    expect(await change({ newEmail: "Owner@Example.com", currentPassword: owner.password })).toMatchObject({
      status: 400,
      body: { field: "newEmail", error: ACCOUNT_TEXT.emailSame },
    });
    // Another account's address: refused, saying only that it is in use.
    const taken = await change({ newEmail: "FAN@example.com", currentPassword: owner.password });
    expect(taken).toMatchObject({ status: 409, body: { intent: "email", ok: false, field: "newEmail", error: ACCOUNT_TEXT.emailInUse } });
    expect(JSON.stringify(taken.body)).not.toMatch(/Fan\b|plum/);
    expect(await storedUser(owner.email)).toBeDefined();
    expect((await storedUser("fan@example.com"))?.name).toBe("Fan");

    expect(await change({ newEmail: " New.Owner@Example.com ", currentPassword: owner.password })).toMatchObject({
      status: 200,
      body: { intent: "email", ok: true, message: ACCOUNT_TEXT.emailSaved("new.owner@example.com") },
    });
    expect(await storedUser(owner.email)).toBeUndefined();
    // Still signed in here, now under the new address.
    expect((await getProfile(site.services, requestFrom("10.1.0.3", cookies)))?.email).toBe("new.owner@example.com");
    expect(await signIn(owner.email, owner.password, "10.1.0.3")).toBeNull();
    expect(await signIn("new.owner@example.com", owner.password, "10.1.0.3")).not.toBeNull();
    owner.email = "new.owner@example.com";
  });

  it("asks for the current password on better-auth's own change-email endpoint too", async () => {
    const cookies = (await signIn(owner.email, owner.password, "10.1.0.4")) ?? [];
    const changeEmail = async (body: Record<string, unknown>) => {
      const response = await site.services.auth.handler(
        new Request(`${site.services.env.publicUrl}${AUTH_BASE_PATH}/change-email`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: site.services.env.publicUrl,
            cookie: cookieHeader(cookies),
            [CLIENT_IP_HEADER]: "10.1.0.4",
          },
          body: JSON.stringify(body),
        }),
      );
      return { status: response.status, body: (await response.json()) as unknown };
    };
    expect(await changeEmail({ newEmail: "stolen@example.com" })).toEqual({
      status: 400,
      body: { code: "INVALID_PASSWORD", message: "Invalid password" },
    });
    expect(await changeEmail({ newEmail: "stolen@example.com", currentPassword: "guess-number-one" })).toMatchObject({ status: 400 });
    expect(await storedUser(owner.email)).toBeDefined();
    expect(await storedUser("stolen@example.com")).toBeUndefined();
  });

  it("refuses a wrong current password, a weak or mismatched new one, each at its field, and changes nothing", async () => {
    const cookies = (await signIn(owner.email, owner.password, "10.1.0.5")) ?? [];
    const before = await passwordHashes();
    const change = (fields: Record<string, string>) => post(cookies, { intent: "password", ...fields }, "10.1.0.5");
    const strong = "tangerine-lighthouse-4";

    expect(await change({ currentPassword: "not-my-password", newPassword: strong, confirmPassword: strong })).toMatchObject({
      status: 400,
      body: { intent: "password", ok: false, field: "currentPassword", error: ACCOUNT_TEXT.wrongPassword },
    });
    expect(await change({ currentPassword: owner.password, newPassword: "password123", confirmPassword: "password123" })).toMatchObject({
      status: 400,
      body: { field: "newPassword", error: COMMON_PASSWORD_MESSAGE },
    });
    // Their own name (Juniper) and two digits: fine for anyone else, not for them.
    expect(await change({ currentPassword: owner.password, newPassword: "juniper77", confirmPassword: "juniper77" })).toMatchObject({
      status: 400,
      body: { field: "newPassword", error: WEAK_PASSWORD_MESSAGE },
    });
    expect(await change({ currentPassword: owner.password, newPassword: "short", confirmPassword: "short" })).toMatchObject({
      status: 400,
      body: { field: "newPassword", error: LOGIN_TEXT.passwordTooShort },
    });
    expect(await change({ currentPassword: owner.password, newPassword: strong, confirmPassword: `${strong}!` })).toMatchObject({
      status: 400,
      body: { field: "confirmPassword", error: ACCOUNT_TEXT.passwordsDiffer },
    });
    expect(await passwordHashes()).toEqual(before);
    expect(await signIn(owner.email, owner.password, "10.1.0.5")).not.toBeNull();
  });

  it("changes the password: every other session ends, this one carries on, and only the new password signs in", async () => {
    const here = (await signIn(owner.email, owner.password, "10.1.0.6")) ?? [];
    const elsewhere = (await signIn(owner.email, owner.password, "10.1.0.7")) ?? [];
    const newPassword = "tangerine-lighthouse-4";
    const result = await post(
      here,
      { intent: "password", currentPassword: owner.password, newPassword, confirmPassword: newPassword },
      "10.1.0.6",
    );
    expect(result).toMatchObject({ status: 200, body: { intent: "password", ok: true, message: ACCOUNT_TEXT.passwordSaved } });

    expect(await getProfile(site.services, requestFrom("10.1.0.7", elsewhere))).toBeNull();
    // better-auth replaced this browser's session: the answer carries its new cookie.
    expect(result.setCookies.some((cookie) => /session_token=/.test(cookie))).toBe(true);
    expect((await getProfile(site.services, requestFrom("10.1.0.6", result.setCookies)))?.email).toBe(owner.email);

    expect(await signIn(owner.email, owner.password, "10.1.0.6")).toBeNull();
    expect(await signIn(owner.email, newPassword, "10.1.0.6")).not.toBeNull();
    owner.password = newPassword;
  });

  it(`answers the ${PASSWORD_CHECK_LIMIT.max + 1}th guess at the current password in a minute with 429, and says to wait`, async () => {
    const cookies = (await signIn(owner.email, owner.password, "10.1.0.8")) ?? [];
    const guess = (i: number) =>
      post(
        cookies,
        {
          intent: "password",
          currentPassword: `guess-${i}-abc`,
          newPassword: "tangerine-lighthouse-5",
          confirmPassword: "tangerine-lighthouse-5",
        },
        "10.1.0.8",
      );
    for (let i = 0; i < PASSWORD_CHECK_LIMIT.max; i++) expect((await guess(i)).status).toBe(400);
    expect(await guess(99)).toMatchObject({ status: 429, body: { ok: false, field: null, error: ACCOUNT_TEXT.tooManyTries } });
    // The e-mail form checks the same password, and has its own budget of guesses.
    expect((await post(cookies, { intent: "email", newEmail: "x@example.com", currentPassword: "guess" }, "10.1.0.8")).status).toBe(400);
  });

  it("lists every admin with the signed-in one first and marked", async () => {
    await createAdmin(site.services, { email: "aaa.second@example.com", password: "plum-harbour-10", name: "Second Admin" });
    const cookies = (await signIn(owner.email, owner.password, "10.1.0.9")) ?? [];
    const profile = await getProfile(site.services, requestFrom("10.1.0.9", cookies));
    if (!profile) throw new Error("not signed in");
    const page = await accountPage(site.services, profile);
    expect(page).toMatchObject({ name: "Juniper Vale", email: owner.email });
    expect(page.admins.map(({ name, email, you }) => ({ name, email, you }))).toEqual([
      { name: "Juniper Vale", email: owner.email, you: true },
      { name: "Second Admin", email: "aaa.second@example.com", you: false },
    ]);
    for (const admin of page.admins) expect(Date.now() - admin.createdAt).toBeLessThan(10 * 60_000);
    // A fan is no admin and is not listed.
    expect(page.admins.map((admin) => admin.email)).not.toContain("fan@example.com");
  });
});
