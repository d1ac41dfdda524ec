import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_UP_MIN_MS } from "#app/lib/auth/auth.server.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { createAdmin } from "./admins.server.ts";
import { callAuth } from "./auth-request.server.ts";

// Issue #30: asking for a reset link as JSON takes as long whether or not an
// account has the address, and using one link ends every other of the account.
describe.each(testStacks)("password-reset links on %s", (kind) => {
  let site: TestSite;
  beforeAll(async () => {
    // Mail on (the links are queued in the outbox, which this site does not send).
    site = await createTestSite(kind, { SMTP_URL: "smtp://127.0.0.1:2", MAIL_FROM: "Juniper Vale <site@example.com>" });
    await createAdmin(site.services, { email: "owner@example.com", password: "marmalade-harbour-7", name: "Owner" });
  });
  afterAll(() => site.cleanup());

  const from = (ip: string) => new Request("http://localhost:3999/login/forgot", { headers: { [CLIENT_IP_HEADER]: ip } });
  /** The reset links the outbox holds for `email`, oldest first. */
  const linksFor = async (email: string) => {
    const rows = await site.services.db
      .selectFrom("outbox")
      .innerJoin("mailContents", "mailContents.id", "outbox.contentId")
      .select(["mailContents.text", "outbox.createdAt"])
      .where("outbox.recipient", "=", email)
      .orderBy("outbox.createdAt")
      .execute();
    return rows.flatMap((row) => /\/login\/reset\?token=([\w-]+)/.exec(row.text)?.[1] ?? []);
  };

  it("answers the JSON request in the same time and words for an address with an account and one without", async () => {
    const ask = async (email: string, ip: string) => {
      const started = performance.now();
      const response = await site.services.auth.handler(
        new Request(`${site.services.env.publicUrl}/api/auth/request-password-reset`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: site.services.env.publicUrl, [CLIENT_IP_HEADER]: ip },
          body: JSON.stringify({ email }),
        }),
      );
      return { status: response.status, text: await response.text(), ms: performance.now() - started };
    };
    const taken = await ask("owner@example.com", "10.0.1.1");
    const unknown = await ask("nobody@example.com", "10.0.1.2");
    expect([taken.status, taken.text]).toEqual([unknown.status, unknown.text]);
    expect(taken.ms).toBeGreaterThanOrEqual(SIGN_UP_MIN_MS - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(SIGN_UP_MIN_MS - 5);
  });

  it("ends every other reset link of the account when one is used", async () => {
    await callAuth(site.services, from("10.0.1.3"), "/request-password-reset", { email: "owner@example.com" });
    await callAuth(site.services, from("10.0.1.3"), "/request-password-reset", { email: "owner@example.com" });
    const links = await linksFor("owner@example.com");
    expect(links.length).toBeGreaterThanOrEqual(2);
    const newest = links.at(-1) ?? "";
    const older = links.slice(0, -1);
    const used = await callAuth(site.services, from("10.0.1.4"), "/reset-password", {
      token: newest,
      newPassword: "quince-lantern-harbour-4",
    });
    expect(used).toMatchObject({ ok: true });
    for (const token of older) {
      const again = await callAuth(site.services, from("10.0.1.5"), "/reset-password", {
        token,
        newPassword: "taken-over-by-an-old-mail-9",
      });
      expect(again, token).toMatchObject({ ok: false, status: 400 });
    }
    const signIn = await callAuth(site.services, from("10.0.1.6"), "/sign-in/email", {
      email: "owner@example.com",
      password: "quince-lantern-harbour-4",
    });
    expect(signIn.ok).toBe(true);
  });
});
