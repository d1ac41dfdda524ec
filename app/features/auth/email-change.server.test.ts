import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailConfig } from "#app/lib/mail/mail-config.server.ts";
import type { Profile } from "#app/lib/auth/profile.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { createAdmin } from "./admins.server.ts";
import {
  confirmEmailChange,
  deleteAccount,
  EMAIL_CHANGE_LIFETIME_MS,
  emailChangeState,
  maskedEmail,
  requestEmailChange,
} from "./email-change.server.ts";
import { EMAIL_CHANGE_TEXT } from "./ui-text.ts";

const MAIL: MailConfig = {
  smtp: { host: "127.0.0.1", port: 2525, secure: false, auth: undefined },
  from: { name: "Site", address: "site@example.com" },
  perSecond: 10,
};

describe("maskedEmail", () => {
  it("keeps the first letter and the domain", () => {
    expect(maskedEmail("nova@example.com")).toBe("n•••@example.com");
  });
});

describe.each(testStacks)("a change of sign-in e-mail, and deleting an account, on %s", (kind) => {
  let site: TestSite;
  let services: Services;
  beforeAll(async () => {
    site = await createTestSite(kind);
    services = { ...site.services, mail: { config: MAIL, wake: () => {} } };
  });
  afterAll(() => site.cleanup());

  async function account(email: string, name = "Fan"): Promise<Profile> {
    await site.services.auth.api.signUpEmail({ body: { email, password: "kitchen-table-77", name } });
    const row = await site.services.db.selectFrom("user").select(["id", "role"]).where("email", "=", email).executeTakeFirstOrThrow();
    return { id: row.id, email, displayName: name, roles: (row.role ?? "user").split(","), createdAt: "" } as Profile;
  }
  const mailsTo = (email: string) =>
    site.services.db
      .selectFrom("outbox")
      .innerJoin("mailContents", "mailContents.id", "outbox.contentId")
      .select(["mailContents.subject", "mailContents.text"])
      .where("outbox.recipient", "=", email)
      .orderBy("outbox.createdAt")
      .execute();
  const emailOf = async (id: string) =>
    (await site.services.db.selectFrom("user").select("email").where("id", "=", id).executeTakeFirst())?.email;

  it("changes nothing until the new address confirms; tells the old address at once and once it is done; the link works once", async () => {
    const fan = await account("old@fans.example");
    await requestEmailChange(services, fan, "new@fans.example");
    expect(await emailOf(fan.id)).toBe("old@fans.example");
    const [confirm] = await mailsTo("new@fans.example");
    expect(confirm?.subject).toBe("Confirm your new e-mail for Juniper Vale's site");
    const token = /\/account\/email\?token=([A-Za-z0-9_-]+)/.exec(confirm?.text ?? "")?.[1] ?? "";
    const [notice] = await mailsTo("old@fans.example");
    expect(notice?.text).toContain("n•••@fans.example");
    expect(notice?.text).not.toContain("new@fans.example");
    expect(await emailChangeState(services, token)).toEqual({ state: "open", newEmail: "new@fans.example" });

    expect(await confirmEmailChange(services, token)).toEqual({ ok: true, newEmail: "new@fans.example" });
    expect(await emailOf(fan.id)).toBe("new@fans.example");
    expect((await mailsTo("old@fans.example")).map((m) => m.subject)).toEqual([
      "Your sign-in e-mail for Juniper Vale's site is being changed",
      "Your sign-in e-mail for Juniper Vale's site was changed",
    ]);
    expect(await confirmEmailChange(services, token)).toEqual({ ok: false, status: 410, error: EMAIL_CHANGE_TEXT.closed });
    expect(await emailChangeState(services, token)).toEqual({ state: "closed" });
  });

  it("a newer request replaces the older; an old link, an address taken meanwhile and a stranger's token are refused", async () => {
    const fan = await account("twice@fans.example");
    await requestEmailChange(services, fan, "first@fans.example");
    const first = /token=([A-Za-z0-9_-]+)/.exec((await mailsTo("first@fans.example"))[0]?.text ?? "")?.[1] ?? "";
    await requestEmailChange(services, fan, "second@fans.example");
    expect(await confirmEmailChange(services, first)).toEqual({ ok: false, status: 410, error: EMAIL_CHANGE_TEXT.closed });
    const second = /token=([A-Za-z0-9_-]+)/.exec((await mailsTo("second@fans.example"))[0]?.text ?? "")?.[1] ?? "";
    await account("second@fans.example", "Someone Else");
    expect(await confirmEmailChange(services, second)).toEqual({ ok: false, status: 410, error: EMAIL_CHANGE_TEXT.taken });
    expect(await emailOf(fan.id)).toBe("twice@fans.example");
    expect(await confirmEmailChange(services, "made-up")).toEqual({ ok: false, status: 410, error: EMAIL_CHANGE_TEXT.closed });

    const late = Date.now() - EMAIL_CHANGE_LIFETIME_MS - 1000;
    await requestEmailChange(services, fan, "late@fans.example", late);
    const lateToken = /token=([A-Za-z0-9_-]+)/.exec((await mailsTo("late@fans.example"))[0]?.text ?? "")?.[1] ?? "";
    expect(await emailChangeState(services, lateToken)).toEqual({ state: "closed" });
  });

  it("a change of password before the link is used voids it, as the old address's notice promises", async () => {
    const fan = await account("stolen@fans.example");
    await requestEmailChange(services, fan, "thief@elsewhere.example");
    const token = /token=([A-Za-z0-9_-]+)/.exec((await mailsTo("thief@elsewhere.example"))[0]?.text ?? "")?.[1] ?? "";
    expect((await emailChangeState(services, token)).state).toBe("open");
    const auth = await services.auth.$context;
    await auth.internalAdapter.updatePassword(fan.id, await auth.password.hash("a-new-password-of-mine"));
    expect(await emailChangeState(services, token)).toEqual({ state: "closed" });
    expect(await confirmEmailChange(services, token)).toEqual({ ok: false, status: 410, error: EMAIL_CHANGE_TEXT.closed });
    expect(await emailOf(fan.id)).toBe("stolen@fans.example");
  });

  it("deletes an account with the right password, never the last admin's", async () => {
    const fan = await account("leaving@fans.example");
    expect(await deleteAccount(services, fan, "wrong-password-1")).toEqual({
      ok: false,
      status: 400,
      error: EMAIL_CHANGE_TEXT.wrongPassword,
      field: "currentPassword",
    });
    expect(await deleteAccount(services, fan, "kitchen-table-77")).toEqual({ ok: true });
    expect(await emailOf(fan.id)).toBeUndefined();

    await createAdmin(site.services, { email: "only-admin@example.com", password: "juniper-harbour-9", name: "Only" });
    const row = await site.services.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", "only-admin@example.com")
      .executeTakeFirstOrThrow();
    const admin = { id: row.id, email: "only-admin@example.com", displayName: "Only", roles: ["admin"], createdAt: "" } as Profile;
    expect(await deleteAccount(services, admin, "juniper-harbour-9")).toEqual({
      ok: false,
      status: 400,
      error: EMAIL_CHANGE_TEXT.lastAdmin,
    });
    expect(await emailOf(admin.id)).toBe("only-admin@example.com");
  });
});
