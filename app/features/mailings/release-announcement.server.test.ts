import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { parseMailFrom, parseSmtpUrl } from "#app/lib/mail/mail-config.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { listMailings } from "./mailings.server.ts";
import { RELEASE_FORM, releaseAnnouncement } from "./release-announcement.server.ts";
import { MAILING_TEXT } from "./ui-text.ts";

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

  async function song(title: string) {
    const id = randomUUID();
    await services.db
      .insertInto("songs")
      .values({
        id,
        title,
        artist: "Juniper Vale",
        audioKey: `music/${id}.wav`,
        coverKey: `covers/${id}.png`,
        durationMs: 1000,
        createdAt: 1,
        updatedAt: 1,
      })
      .execute();
    return id;
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
    const id = await song("Paper Boats");
    const step = releaseAnnouncement(services);
    expect(await services.db.transaction().execute((trx) => step(trx, { id, title: "Paper Boats", announce: true }, Date.now()))).toBe(
      true,
    );
    const found = await recipientsOf(id);
    expect(found?.recipients).toEqual(["asked@fans.example", "one@fans.example", "two@fans.example"]);
    expect(found?.mailing).toMatchObject({
      subject: MAILING_TEXT.announcementSubject("Paper Boats"),
      status: "sent",
      recipients: 3,
      updatedBy: MAILING_TEXT.announcementBy,
    });
  });

  it("otherwise mails only the fans who asked on the song's page; with none, queues nothing", async () => {
    const id = await song("Quiet One");
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
    expect(await services.db.transaction().execute((trx) => step(trx, { id, title: "Quiet One", announce: false }, Date.now()))).toBe(true);
    expect((await recipientsOf(id))?.recipients).toEqual(["asked@fans.example"]);

    const unasked = await song("Nobody Asked");
    expect(
      await services.db.transaction().execute((trx) => step(trx, { id: unasked, title: "Nobody Asked", announce: false }, Date.now())),
    ).toBe(false);
    expect(await recipientsOf(unasked)).toBeNull();
  });
});
