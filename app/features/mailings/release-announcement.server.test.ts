import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { parseMailFrom, parseSmtpUrl } from "#app/lib/mail/mail-config.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { listMailings, saveDraft, sendMailing } from "./mailings.server.ts";
import { RELEASE_FORM, releaseAnnouncement, upcomingAnnouncements } from "./release-announcement.server.ts";
import { MAILING_TEXT } from "./ui-text.ts";
import { insertSingles } from "#app/domain/song-rows.server.ts";

describe.each(testStacks)("a release's announcement on %s", (stack) => {
  let site: TestSite;
  let services: Services;
  beforeAll(async () => {
    site = await createTestSite(stack);
    const smtp = parseSmtpUrl("smtp://127.0.0.1:2525");
    const from = parseMailFrom("Juniper Vale <news@juniper.example>");
    if (!smtp.ok || !from.ok) throw new Error("bad test config");
    services = { ...site.services, mail: { config: { smtp: smtp.smtp, from, perSecond: 100 }, wake: () => {} } };
    const fan = (email: string, subscribed: number) => ({ id: randomUUID(), email, timestamp: 1, subscribed, source: "website" });
    await services.db
      .insertInto("subscribers")
      .values([fan("one@fans.example", 1), fan("two@fans.example", 1), fan("asked@fans.example", 1), fan("pending@fans.example", 0)])
      .execute();
  });
  afterAll(() => site.cleanup());

  async function song(title: string, releaseAt: number | null = null) {
    const id = randomUUID();
    await insertSingles(services.db, [
      {
        id,
        title,
        artist: "Juniper Vale",
        audioKey: `music/${id}.wav`,
        coverKey: `covers/${id}.png`,
        durationMs: 1000,
        ...(releaseAt === null ? {} : { released: 0, releaseAt, releaseAnnounce: 1 }),
        createdAt: 1,
        updatedAt: 1,
      },
    ]);
    const { releaseId } = await services.db.selectFrom("songs").select("releaseId").where("id", "=", id).executeTakeFirstOrThrow();
    return { id, releaseId };
  }
  const recipientsOf = async (songId: string) => {
    const mailing = (await listMailings(services.db)).find((m) => m.songId === songId);
    if (!mailing) return null;
    const row = await services.db.selectFrom("mailings").select("contentId").where("id", "=", mailing.id).executeTakeFirstOrThrow();
    const rows = await services.db
      .selectFrom("outbox")
      .select("recipient")
      .where("contentId", "=", row.contentId ?? "")
      .execute();
    return { mailing, recipients: rows.map((r) => r.recipient).sort() };
  };

  it("mails every confirmed subscriber once when the artist chose to announce, and shows in the Mail area as sent", async () => {
    const { id, releaseId } = await song("Paper Boats");
    const step = releaseAnnouncement(services);
    expect(
      await services.db
        .transaction()
        .execute((trx) => step(trx, { id: releaseId, title: "Paper Boats", announce: true, trackIds: [id] }, Date.now())),
    ).toBe(true);
    const found = await recipientsOf(id);
    expect(found?.recipients).toEqual(["asked@fans.example", "one@fans.example", "two@fans.example"]);
    expect(found?.mailing).toMatchObject({
      subject: MAILING_TEXT.announcementSubject("Paper Boats"),
      status: "sent",
      recipients: 3,
      updatedBy: MAILING_TEXT.announcementBy,
    });
    // Its card's link goes through /go/, stored with the mailing in the release's transaction.
    const links = await services.db
      .selectFrom("mailingLinks")
      .select(["id", "url"])
      .where("mailingId", "=", found?.mailing.id ?? "")
      .execute();
    const { slug } = await services.db.selectFrom("releases").select("slug").where("id", "=", releaseId).executeTakeFirstOrThrow();
    expect(links.map((link) => link.url)).toEqual([`${services.env.publicUrl}/music/${slug}`]);
    const content = await services.db
      .selectFrom("mailings")
      .innerJoin("mailContents", "mailContents.id", "mailings.contentId")
      .select(["mailContents.html", "mailContents.text"])
      .where("mailings.id", "=", found?.mailing.id ?? "")
      .executeTakeFirstOrThrow();
    expect(content.html).toContain(`href="${services.env.publicUrl}/go/${links[0]?.id}"`);
    expect(content.text).toContain(`Listen: ${services.env.publicUrl}/go/${links[0]?.id}`);
  });

  it("otherwise mails only the fans who asked on the song's page; with none, queues nothing", async () => {
    const { id, releaseId } = await song("Quiet One");
    await services.db
      .insertInto("consents")
      .values({
        id: randomUUID(),
        email: "asked@fans.example",
        event: "signed-up",
        at: 1,
        words: "Hear it first",
        form: RELEASE_FORM,
        page: `/music/${id}`,
      })
      .execute();
    const step = releaseAnnouncement(services);
    expect(
      await services.db
        .transaction()
        .execute((trx) => step(trx, { id: releaseId, title: "Quiet One", announce: false, trackIds: [id] }, Date.now())),
    ).toBe(true);
    expect((await recipientsOf(id))?.recipients).toEqual(["asked@fans.example"]);

    const unasked = await song("Nobody Asked");
    expect(
      await services.db
        .transaction()
        .execute((trx) => step(trx, { id: unasked.releaseId, title: "Nobody Asked", announce: false, trackIds: [unasked.id] }, Date.now())),
    ).toBe(false);
    expect(await recipientsOf(unasked.id)).toBeNull();
  });

  it("goes out in the artist's own words when they wrote them in the Mail area, and only with its song", async () => {
    const at = Date.now() + 86_400_000;
    const { id, releaseId } = await song("Harbour Lights", at);
    let [upcoming] = (await upcomingAnnouncements(services.db)).filter((a) => a.releaseId === releaseId);
    expect(upcoming).toMatchObject({ title: "Harbour Lights", releaseAt: at, toEveryone: true, recipients: 3, draftId: null });
    expect(upcoming?.words.subject).toBe(MAILING_TEXT.announcementSubject("Harbour Lights"));

    const words = { subject: "Tonight: Harbour Lights", body: "Written by me,\nfor you.", songId: null };
    const saved = await saveDraft(services.db, undefined, words, "Juniper", Date.now(), releaseId);
    if (!saved.ok) throw new Error(saved.error);
    // One per release: a second save from another tab changes the same draft.
    const again = await saveDraft(services.db, undefined, { ...words, subject: "Tonight!" }, "Juniper", Date.now(), releaseId);
    expect(again).toMatchObject({ ok: true, id: saved.id });
    [upcoming] = (await upcomingAnnouncements(services.db)).filter((a) => a.releaseId === releaseId);
    expect(upcoming).toMatchObject({ draftId: saved.id, words: { subject: "Tonight!", songId: id } });
    // Send is not how it goes: the release sends it.
    expect(await sendMailing(services, saved.id, "Juniper")).toMatchObject({ ok: false, error: MAILING_TEXT.goesWithRelease });

    const step = releaseAnnouncement(services);
    expect(
      await services.db
        .transaction()
        .execute((trx) => step(trx, { id: releaseId, title: "Harbour Lights", announce: true, trackIds: [id] }, Date.now())),
    ).toBe(true);
    const found = await recipientsOf(id);
    expect(found?.mailing).toMatchObject({ id: saved.id, subject: "Tonight!", status: "sent", recipients: 3 });
    const content = await services.db
      .selectFrom("mailContents")
      .innerJoin("mailings", "mailings.contentId", "mailContents.id")
      .select("mailContents.text")
      .where("mailings.id", "=", saved.id)
      .executeTakeFirstOrThrow();
    expect(content.text).toContain("Written by me,\nfor you.");
    // Out now (as the release step's own transaction marks it): no longer upcoming, and not to be written any more.
    await services.db.updateTable("songs").set({ released: 1 }).where("id", "=", id).execute();
    expect((await upcomingAnnouncements(services.db)).some((a) => a.releaseId === releaseId)).toBe(false);
    expect(await saveDraft(services.db, undefined, words, "Juniper", Date.now(), releaseId)).toMatchObject({
      ok: false,
      error: MAILING_TEXT.announcementGone,
    });
  });

  it("announces an EP once, naming it and linking its page, to the fans who asked on any of its pages", async () => {
    const at = Date.now() + 86_400_000;
    const { id: first, releaseId } = await song("Low Tide", at);
    await services.db.updateTable("releases").set({ kind: "ep", slug: "low-tide-ep" }).where("id", "=", releaseId).execute();
    await services.db.updateTable("songs").set({ releaseAnnounce: 0 }).where("id", "=", first).execute();
    const second = randomUUID();
    await services.db
      .insertInto("songs")
      .values({
        id: second,
        title: "Undertow",
        artist: "Juniper Vale",
        audioKey: `music/${second}.wav`,
        coverKey: `covers/${second}.png`,
        createdAt: 1,
        updatedAt: 1,
        released: 0,
        releaseAt: at,
        releaseId,
        trackNumber: 2,
        slug: "undertow",
      })
      .execute();
    // Asked on the second track's page: told when the EP comes out.
    await services.db
      .insertInto("consents")
      .values({
        id: randomUUID(),
        email: "two@fans.example",
        event: "signed-up",
        at: 1,
        words: "Hear it first",
        form: RELEASE_FORM,
        page: "/music/low-tide-ep/undertow",
      })
      .execute();
    const upcoming = (await upcomingAnnouncements(services.db)).filter((a) => a.releaseId === releaseId);
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]).toMatchObject({ title: "Low Tide", toEveryone: false, recipients: 1 });
    expect(upcoming[0]?.words.body).toBe(MAILING_TEXT.announcementBody("Low Tide", "Juniper Vale", "ep"));

    const step = releaseAnnouncement(services);
    expect(
      await services.db
        .transaction()
        .execute((trx) => step(trx, { id: releaseId, title: "Low Tide", announce: false, trackIds: [first, second] }, Date.now())),
    ).toBe(true);
    const sent = (await listMailings(services.db)).filter((m) => m.announces === releaseId);
    expect(sent).toHaveLength(1);
    expect((await recipientsOf(first))?.recipients).toEqual(["two@fans.example"]);
    const content = await services.db
      .selectFrom("mailContents")
      .innerJoin("mailings", "mailings.contentId", "mailContents.id")
      .select("mailContents.text")
      .where("mailings.announces", "=", releaseId)
      .executeTakeFirstOrThrow();
    expect(content.text).toContain("the new EP from Juniper Vale");
    // The card links the EP's page, through /go/.
    const [link] = await services.db
      .selectFrom("mailingLinks")
      .select(["id", "url"])
      .where("mailingId", "=", sent[0]?.id ?? "")
      .execute();
    expect(link?.url).toBe(`${services.env.publicUrl}/music/low-tide-ep`);
    expect(content.text).toContain(`Low Tide\nListen: ${services.env.publicUrl}/go/${link?.id}\n`);
  });
});
