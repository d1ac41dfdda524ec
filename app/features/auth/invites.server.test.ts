import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailConfig } from "#app/lib/mail/mail-config.server.ts";
import type { Profile } from "#app/lib/auth/profile.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { createAdmin, listAdmins } from "./admins.server.ts";
import {
  acceptInvite,
  createInvite,
  INVITE_LIFETIME_MS,
  inviteState,
  listAdminEvents,
  listPendingInvites,
  removeAdmin,
  revokeInvite,
} from "./invites.server.ts";
import { INVITE_TEXT } from "./ui-text.ts";

const MAIL: MailConfig = {
  smtp: { host: "127.0.0.1", port: 2525, secure: false, auth: undefined },
  from: { name: "Site", address: "site@example.com" },
  perSecond: 10,
};
const tokenOf = (link: string | null) => new URL(link ?? "http://x/").searchParams.get("token") ?? "";

describe.each(testStacks)("admin invites on %s", (kind) => {
  let site: TestSite;
  let owner: Profile;
  beforeAll(async () => {
    site = await createTestSite(kind);
    await createAdmin(site.services, { email: "owner@example.com", password: "juniper-harbour-9", name: "Owner" });
    const [admin] = await listAdmins(site.services);
    owner = { id: admin?.id ?? "", email: "owner@example.com", displayName: "Owner", roles: ["admin"] } as Profile;
  });
  afterAll(() => site.cleanup());

  it("without mail, gives the link back once, stores only its hash, and the invitee becomes an admin by setting a name and password", async () => {
    const made = await createInvite(site.services, owner, " New.Admin@Example.com ");
    expect(made).toMatchObject({ ok: true, email: "new.admin@example.com", mailed: false });
    const token = tokenOf(made.ok ? made.link : null);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await site.services.db.selectFrom("adminInvites").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await listPendingInvites(site.services)).map((i) => i.email)).toEqual(["new.admin@example.com"]);
    expect(await inviteState(site.services, token)).toEqual({ state: "open", email: "new.admin@example.com", hasAccount: false });

    expect(await acceptInvite(site.services, token, { signedInAs: null, name: "Nova", password: "tangerine-lighthouse-4" })).toEqual({
      ok: true,
      email: "new.admin@example.com",
    });
    expect((await listAdmins(site.services)).map((a) => a.email).sort()).toEqual(["new.admin@example.com", "owner@example.com"]);
    // Used: it says so, and works no more.
    expect(await inviteState(site.services, token)).toEqual({ state: "used" });
    expect(await acceptInvite(site.services, token, { signedInAs: null, name: "Eve", password: "tangerine-lighthouse-5" })).toEqual({
      ok: false,
      status: 410,
      error: INVITE_TEXT.closed.used,
    });
    expect(await listPendingInvites(site.services)).toEqual([]);
    const history = (await listAdminEvents(site.services)).map((e) => [e.event, e.actor, e.subject]);
    expect(history).toEqual([
      ["invite-accepted", "Nova (new.admin@example.com)", "new.admin@example.com"],
      ["invited", "Owner (owner@example.com)", "new.admin@example.com"],
    ]);
  });

  it("with mail on, mails the link through the outbox and gives none back; a newer invite to the address replaces the older", async () => {
    const withMail: Services = { ...site.services, mail: { config: MAIL, wake: () => {} } };
    const first = await createInvite(withMail, owner, "mailed@example.com");
    expect(first).toEqual({ ok: true, email: "mailed@example.com", mailed: true, link: null });
    const mails = await site.services.db
      .selectFrom("outbox")
      .innerJoin("mailContents", "mailContents.id", "outbox.contentId")
      .select(["mailContents.subject", "mailContents.text"])
      .where("outbox.recipient", "=", "mailed@example.com")
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Owner invited you to run Juniper Vale's site");
    const token = /\/invite\?token=([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? "")?.[1] ?? "";
    expect((await inviteState(site.services, token)).state).toBe("open");
    await createInvite(withMail, owner, "mailed@example.com");
    expect(await inviteState(site.services, token)).toEqual({ state: "revoked" });
    expect((await listPendingInvites(site.services)).filter((i) => i.email === "mailed@example.com")).toHaveLength(1);
  });

  it("refuses a bad address and an admin's own; a revoked or expired link says so", async () => {
    expect(await createInvite(site.services, owner, "not-an-address")).toEqual({ ok: false, status: 400, error: INVITE_TEXT.invalidEmail });
    expect(await createInvite(site.services, owner, "owner@example.com")).toEqual({
      ok: false,
      status: 400,
      error: INVITE_TEXT.alreadyAdmin("owner@example.com"),
    });

    const made = await createInvite(site.services, owner, "revoked@example.com");
    const id = (await listPendingInvites(site.services)).find((i) => i.email === "revoked@example.com")?.id;
    expect(await revokeInvite(site.services, owner, id)).toEqual({ ok: true });
    expect(await revokeInvite(site.services, owner, id)).toEqual({ ok: false, status: 404, error: INVITE_TEXT.notFound });
    expect(await inviteState(site.services, tokenOf(made.ok ? made.link : null))).toEqual({ state: "revoked" });

    const old = Date.now() - INVITE_LIFETIME_MS - 1000;
    const expired = await createInvite(site.services, owner, "late@example.com", old);
    expect(await inviteState(site.services, tokenOf(expired.ok ? expired.link : null))).toEqual({ state: "expired" });
    expect(await inviteState(site.services, "made-up")).toEqual({ state: "unknown" });
  });

  it("makes an existing account admin only when it is the one signed in, keeping its password", async () => {
    await site.services.auth.api.signUpEmail({ body: { email: "fan@example.com", password: "kitchen-table-77", name: "Fan" } });
    const made = await createInvite(site.services, owner, "fan@example.com");
    const token = tokenOf(made.ok ? made.link : null);
    expect(await inviteState(site.services, token)).toMatchObject({ state: "open", hasAccount: true });
    expect(await acceptInvite(site.services, token, { signedInAs: null, name: "Mallory", password: "tangerine-lighthouse-9" })).toEqual({
      ok: false,
      status: 403,
      error: INVITE_TEXT.signInFirst("fan@example.com"),
    });
    const fan = { id: "x", email: "fan@example.com", displayName: "Fan", roles: ["user"] } as Profile;
    expect(await acceptInvite(site.services, token, { signedInAs: fan })).toEqual({ ok: true, email: "fan@example.com" });
    expect((await listAdmins(site.services)).map((a) => a.email)).toContain("fan@example.com");
  });

  it("a guessable password is refused and the link keeps working for another try", async () => {
    const made = await createInvite(site.services, owner, "weak@example.com");
    const token = tokenOf(made.ok ? made.link : null);
    await expect(acceptInvite(site.services, token, { signedInAs: null, name: "Weak", password: "password1" })).rejects.toThrow();
    expect((await inviteState(site.services, token)).state).toBe("open");
  });

  it("removes an admin (their sessions end), records it, and never the last", async () => {
    const admins = await listAdmins(site.services);
    expect(admins.length).toBeGreaterThan(1);
    for (const admin of admins.filter((a) => a.email !== "owner@example.com")) {
      expect(await removeAdmin(site.services, owner, admin.id)).toEqual({ ok: true, email: admin.email, self: false });
    }
    const [last] = await listAdmins(site.services);
    expect(last?.email).toBe("owner@example.com");
    expect(await removeAdmin(site.services, owner, last?.id)).toEqual({ ok: false, status: 400, error: INVITE_TEXT.lastAdmin });
    expect(await removeAdmin(site.services, owner, "nobody")).toEqual({ ok: false, status: 400, error: INVITE_TEXT.notAnAdmin });
    expect((await listAdminEvents(site.services)).filter((e) => e.event === "admin-removed").length).toBe(admins.length - 1);
  });

  it("two admins removing each other at once leave one of them", async () => {
    const made = await createInvite(site.services, owner, "second@example.com");
    await acceptInvite(site.services, tokenOf(made.ok ? made.link : null), {
      signedInAs: null,
      name: "Second",
      password: "tangerine-lighthouse-6",
    });
    const admins = await listAdmins(site.services);
    const second = admins.find((a) => a.email === "second@example.com");
    const secondProfile = { id: second?.id ?? "", email: "second@example.com", displayName: "Second", roles: ["admin"] } as Profile;
    const results = await Promise.all([removeAdmin(site.services, owner, second?.id), removeAdmin(site.services, secondProfile, owner.id)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await listAdmins(site.services)).toHaveLength(1);
  });
});
