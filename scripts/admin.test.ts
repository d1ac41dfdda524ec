import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { USER_FIELD_LIMITS } from "#app/lib/auth/auth.server.ts";
import type { Env } from "#app/lib/platform/env.server.ts";
import { COMMON_PASSWORD_MESSAGE, WEAK_PASSWORD_MESSAGE } from "#app/lib/auth/password-strength.server.ts";
import { isSetupTokenValid, issueSetupToken } from "#app/features/auth/setup-token.server.ts";
import { callAuth } from "#app/features/auth/auth-request.server.ts";
import { getProfile } from "#app/lib/auth/session.server.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";

/** The variables that point a process at the same site (database, storage, Redis) as `env`. */
function variablesFor(env: Env): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "test",
    DATA_DIR: env.dataDir,
    PUBLIC_URL: env.publicUrl,
    AUTH_SECRET: env.authSecret,
    DATABASE_URL: env.databaseUrl ?? "",
    S3_BUCKET: env.s3?.bucket ?? "",
    S3_ENDPOINT: env.s3?.endpoint ?? "",
    S3_REGION: env.s3?.region ?? "",
    S3_ACCESS_KEY_ID: env.s3?.credentials?.accessKeyId ?? "",
    S3_SECRET_ACCESS_KEY: env.s3?.credentials?.secretAccessKey ?? "",
    REDIS_URL: env.redisUrl ?? "",
    REDIS_KEY_PREFIX: env.redisKeyPrefix,
  };
}

// What an operator runs, as a real process: npm run admin -- create|grant|revoke|password.
describe.each(testStacks)("npm run admin on %s", (kind) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());

  const admin = (...args: string[]) =>
    spawnSync(process.execPath, ["scripts/admin.ts", ...args], { env: variablesFor(site.services.env), encoding: "utf8" });
  const accounts = () => site.services.db.selectFrom("user").select("email").execute();
  const setupTokens = () => site.services.db.selectFrom("setupTokens").select("tokenHash").execute();

  it("prints its usage for --help, -h and help (exit 0), and says what is wrong with an unknown option or command (exit 2), never a stack trace", () => {
    for (const args of [["--help"], ["-h"], ["help"], ["list", "--help"]]) {
      const run = admin(...args);
      expect(run.status, args.join(" ")).toBe(0);
      expect(run.stdout).toContain("Usage:");
      expect(run.stdout).toContain("npm run admin -- create --email E --password P --name N");
      expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    }
    for (const [args, said] of [
      [["--verbose"], "Unknown option '--verbose'"],
      [["dance"], 'Unknown command "dance".'],
      [[], "No command given."],
    ] as const) {
      const run = admin(...args);
      expect(run.status, args.join(" ")).toBe(2);
      expect(run.stderr).toContain(said);
      expect(run.stderr).toContain("Usage:");
      expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+|TypeError|ERR_PARSE_ARGS/);
    }
  }, 60_000);

  it("refuses a guessable password, or a name or address over its limit, with a message and no stack trace, creating nobody", async () => {
    for (const [password, message] of [
      ["aaaaaaaa", WEAK_PASSWORD_MESSAGE],
      ["Passw0rd!", WEAK_PASSWORD_MESSAGE],
      ["12345678", COMMON_PASSWORD_MESSAGE],
    ] as const) {
      const run = admin("create", "--email", "owner@example.com", "--password", password, "--name", "Owner");
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr.trim()).toBe(`Could not create the admin: ${message}`);
    }
    const longName = admin(
      "create",
      "--email",
      "owner@example.com",
      "--password",
      "tangerine-lighthouse-4",
      "--name",
      "N".repeat(USER_FIELD_LIMITS.name + 1),
    );
    expect(longName.status).toBe(2);
    expect(longName.stderr).toContain(`--name can be at most ${USER_FIELD_LIMITS.name} characters`);
    const longEmail = admin(
      "create",
      "--email",
      `${"e".repeat(USER_FIELD_LIMITS.email)}@example.com`,
      "--password",
      "tangerine-lighthouse-4",
      "--name",
      "Owner",
    );
    expect(longEmail.status).toBe(2);
    expect(longEmail.stderr).toContain(`--email can be at most ${USER_FIELD_LIMITS.email} characters`);
    expect(await accounts()).toEqual([]);
  }, 60_000);

  it("deletes every setup link when it makes or grants an admin, so none works again after a revoke", async () => {
    const printed = await issueSetupToken(site.services);
    expect(printed).not.toBeNull();
    const created = admin("create", "--email", "Owner@Example.com", "--password", "tangerine-lighthouse-4", "--name", "Owner");
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain("Created admin owner@example.com.");
    expect(await setupTokens()).toEqual([]);

    expect(admin("revoke", "owner@example.com").status).toBe(0);
    expect(await isSetupTokenValid(site.services, printed ?? "")).toBe(false);

    // With no admin again, start-up prints a new link; granting admin ends it too.
    const next = await issueSetupToken(site.services);
    expect(await isSetupTokenValid(site.services, next ?? "")).toBe(true);
    const granted = admin("grant", "owner@example.com");
    expect(granted.status, granted.stderr).toBe(0);
    expect(await setupTokens()).toEqual([]);
    expect(admin("revoke", "owner@example.com").status).toBe(0);
    expect(await isSetupTokenValid(site.services, next ?? "")).toBe(false);
  }, 60_000);
  it("sets a forgotten password: the old one stops working, the new one signs in, and the sessions open before end", async () => {
    const email = "forgetful@example.com";
    expect(admin("create", "--email", email, "--password", "tangerine-lighthouse-4", "--name", "Forgetful").status).toBe(0);
    const signIn = async (password: string) => {
      const headers = new Headers({ [CLIENT_IP_HEADER]: "10.9.0.1" });
      const result = await callAuth(site.services, new Request("http://localhost:3999/login", { headers }), "/sign-in/email", {
        email,
        password,
      });
      return result.ok ? result.setCookies.map((c) => c.split(";")[0]).join("; ") : null;
    };
    const signedIn = await signIn("tangerine-lighthouse-4");
    expect(signedIn).not.toBeNull();
    const profileOf = (cookie: string) => getProfile(site.services, new Request("http://localhost:3999/", { headers: { cookie } }));
    expect((await profileOf(signedIn ?? ""))?.email).toBe(email);

    // Refused as anywhere else, and nothing changes: a guessable one, one too short, no such account.
    const guessable = admin("password", email, "--password", "forgetful123");
    expect(guessable.status).toBe(1);
    expect(guessable.stderr.trim()).toMatch(/^Could not change the password: /);
    const short = admin("password", email, "--password", "short");
    expect(short.status).toBe(2);
    expect(short.stderr).toContain("--password must be at least 8 characters");
    const nobody = admin("password", "nobody@example.com", "--password", "copper-meadow-river-7");
    expect(nobody.status).toBe(1);
    expect(nobody.stderr.trim()).toBe("No account with the e-mail nobody@example.com.");
    expect((await profileOf(signedIn ?? ""))?.email).toBe(email);

    const changed = admin("password", email, "--password", "copper-meadow-river-7");
    expect(changed.status, changed.stderr).toBe(0);
    expect(changed.stdout.trim()).toBe(`The password of ${email} is changed; their sessions were ended.`);
    expect(await profileOf(signedIn ?? "")).toBeNull();
    expect(await signIn("tangerine-lighthouse-4")).toBeNull();
    expect(await signIn("copper-meadow-river-7")).not.toBeNull();
  }, 60_000);
});
