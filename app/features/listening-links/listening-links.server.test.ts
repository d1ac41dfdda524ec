import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { linkToken } from "./link-secrets.server.ts";
import { tokenHash } from "#app/lib/auth/bearer-secrets.server.ts";
import { createLink, extendLink, listReleaseLinks, openLink, recordPlay, recordVisit, revokeLink } from "./listening-links.server.ts";
import { LINK_TEXT } from "./ui-text.ts";

const DAY = 86_400_000;

describe.each(testStacks)("private listening links on %s", (stack) => {
  let site: TestSite;
  const releaseId = crypto.randomUUID();
  const otherReleaseId = crypto.randomUUID();
  const songId = crypto.randomUUID();

  beforeAll(async () => {
    // Mail on (an outbox to fill), to a server nobody listens on: nothing here is sent.
    site = await createTestSite(stack, { SMTP_URL: "smtp://127.0.0.1:2", MAIL_FROM: "Juniper Vale <site@example.com>" });
    const { db } = site.services;
    const now = Date.now();
    for (const [id, title] of [
      [releaseId, "Low Tide"],
      [otherReleaseId, "Paper Boats"],
    ] as const) {
      await db.insertInto("releases").values({ id, slug: id, title, kind: "ep", createdAt: now, updatedAt: now }).execute();
    }
    await db
      .insertInto("songs")
      .values({
        id: songId,
        title: "Night Ferry",
        artist: "Juniper Vale",
        audioKey: "music/1700000000000_night.wav",
        coverKey: "covers/1700000000000_night.png",
        createdAt: now,
        updatedAt: now,
        released: 0,
        releaseAt: now + 30 * DAY,
        releaseTimeZone: "UTC",
        releaseId,
        trackNumber: 1,
        slug: "night-ferry",
      })
      .execute();
    // The artist's account, as the admin CLI leaves it (made directly: accounts are another feature's).
    const at = new Date(now).toISOString();
    await db
      .insertInto("user")
      .values({
        id: crypto.randomUUID(),
        name: "Owner",
        email: "owner@example.com",
        emailVerified: 1,
        createdAt: at,
        updatedAt: at,
        role: "admin",
      })
      .execute();
  });
  afterAll(() => site.cleanup());

  const outboxCount = async () =>
    Number(
      (
        await site.services.db
          .selectFrom("outbox")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses a link for nobody, a name too long, a day that is not a day or is over, each beside its field, saving nothing", async () => {
    const before = (await listReleaseLinks(site.services, releaseId)).length;
    const cases: [Record<string, string>, string, string][] = [
      [{ recipient: "   " }, "recipient", LINK_TEXT.recipientRequired],
      [{ recipient: "x".repeat(121) }, "recipient", LINK_TEXT.recipientTooLong],
      [{ recipient: "Jane", expires: "next week" }, "expires", LINK_TEXT.expiresInvalid],
      [{ recipient: "Jane", expires: "2027-02-31" }, "expires", LINK_TEXT.expiresInvalid],
      [{ recipient: "Jane", expires: "2020-01-01" }, "expires", LINK_TEXT.expiresPast],
    ];
    for (const [form, field, message] of cases) {
      const made = await createLink(site.services, releaseId, form);
      expect(made, JSON.stringify(form)).toMatchObject({ ok: false, status: 400, fields: { [field]: message } });
    }
    // A track of another release is not this release's to give.
    expect(await createLink(site.services, otherReleaseId, { recipient: "Jane", target: songId })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await listReleaseLinks(site.services, releaseId)).toHaveLength(before);
  });

  it("keeps only the token's hash; the dashboard shows the address again, and the address opens the link until it ends or runs out", async () => {
    const made = await createLink(site.services, releaseId, { recipient: "Jane, Rolling Stone", target: songId, allowDownload: "on" });
    if (!made.ok || !made.id) throw new Error("not made");
    const token = linkToken(site.services.env.authSecret, made.id);
    const row = await site.services.db.selectFrom("listeningLinks").selectAll().where("id", "=", made.id).executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(tokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = (await listReleaseLinks(site.services, releaseId)).find((link) => link.id === made.id);
    expect(listed).toMatchObject({ url: `${site.services.env.publicUrl}/listen/${token}`, state: "live", songId, allowDownload: true });

    expect(await openLink(site.services.db, token)).toMatchObject({ state: "live" });
    expect(await openLink(site.services.db, "0".repeat(40))).toEqual({ state: "missing" });
    await revokeLink(site.services, releaseId, { linkId: made.id });
    expect(await openLink(site.services.db, token)).toEqual({ state: "gone" });
    expect((await listReleaseLinks(site.services, releaseId)).find((link) => link.id === made.id)?.state).toBe("revoked");
    // Another release's editor cannot reach it.
    expect(await revokeLink(site.services, otherReleaseId, { linkId: made.id })).toMatchObject({ ok: false, status: 404 });
  });

  it("runs out at the end of its day in the artist's zone, and a new day brings it back", async () => {
    const day = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    const made = await createLink(site.services, releaseId, { recipient: "Booker", expires: day, zone: "America/New_York" });
    if (!made.ok || !made.id) throw new Error("not made");
    const token = linkToken(site.services.env.authSecret, made.id);
    const [link] = (await listReleaseLinks(site.services, releaseId)).filter((view) => view.id === made.id);
    // 23:59:59.999 in New York is 04:59:59.999 the next day in UTC (no summer time in that month or the next).
    expect(new Date(link?.expiresAt ?? 0).toISOString().slice(11)).toMatch(/^0[34]:59:59\.999Z$/);
    expect(await openLink(site.services.db, token, (link?.expiresAt ?? 0) - 1)).toMatchObject({ state: "live" });
    expect(await openLink(site.services.db, token, (link?.expiresAt ?? 0) + 1)).toEqual({ state: "gone" });
    expect(await extendLink(site.services, releaseId, { linkId: made.id, expires: "", zone: "UTC" })).toMatchObject({
      ok: true,
      message: LINK_TEXT.unlimited("Booker"),
    });
    expect(await openLink(site.services.db, token, Date.now() + 365 * DAY)).toMatchObject({ state: "live" });
  });

  it("counts visits and plays, and mails the admins once, on the first visit only, when asked", async () => {
    const made = await createLink(site.services, releaseId, { recipient: "Jane, Rolling Stone", notify: "on" });
    const quiet = await createLink(site.services, releaseId, { recipient: "Quiet Label" });
    if (!made.ok || !made.id || !quiet.ok || !quiet.id) throw new Error("not made");
    const rowOf = (id: string) => site.services.db.selectFrom("listeningLinks").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const mails = await outboxCount();
    await Promise.all([recordVisit(site.services, await rowOf(made.id)), recordVisit(site.services, await rowOf(made.id))]);
    await recordVisit(site.services, await rowOf(made.id));
    await recordPlay(site.services, await rowOf(made.id));
    await recordVisit(site.services, await rowOf(quiet.id));
    expect(await outboxCount()).toBe(mails + 1);
    const mail = await site.services.db
      .selectFrom("outbox")
      .innerJoin("mailContents", "mailContents.id", "outbox.contentId")
      .select(["outbox.recipient", "mailContents.subject", "mailContents.text"])
      .orderBy("outbox.createdAt", "desc")
      .executeTakeFirstOrThrow();
    expect(mail.recipient).toBe("owner@example.com");
    expect(mail.subject).toBe('Jane, Rolling Stone opened your private link to "Low Tide"');
    expect(mail.text).toContain(`/music/${releaseId}`);
    const views = await listReleaseLinks(site.services, releaseId);
    expect(views.find((view) => view.id === made.id)).toMatchObject({ visits: 3, plays: 1 });
    expect(views.find((view) => view.id === made.id)?.firstVisitAt).not.toBeNull();
    expect(views.find((view) => view.id === quiet.id)).toMatchObject({ visits: 1, plays: 0 });
  });

  it("shows no address for a link made under another AUTH_SECRET (the site moved without it), which still opens for whoever has it", async () => {
    const made = await createLink(site.services, releaseId, { recipient: "Moved" });
    if (!made.ok || !made.id) throw new Error("not made");
    const oldToken = linkToken("an-older-secret-0123456789-0123456789", made.id);
    await site.services.db
      .updateTable("listeningLinks")
      .set({ tokenHash: tokenHash(oldToken) })
      .where("id", "=", made.id)
      .execute();
    expect((await listReleaseLinks(site.services, releaseId)).find((view) => view.id === made.id)?.url).toBeNull();
    expect(await openLink(site.services.db, oldToken)).toMatchObject({ state: "live" });
  });
});
