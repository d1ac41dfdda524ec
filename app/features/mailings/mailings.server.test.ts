import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink.ts";
import { parseMailFrom, parseSmtpUrl, type MailConfig } from "#app/lib/mail/mail-config.server.ts";
import { createMailer } from "#app/lib/mail/mailer.server.ts";
import { outboxProgress, startOutbox } from "#app/lib/mail/outbox.server.ts";
import { unsubscribeUrl } from "#app/lib/mail/unsubscribe-link.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { listMailings, renderMailing, saveDraft, sendMailing } from "./mailings.server.ts";
import { mailingDraftSchema } from "./schema.ts";
import { MAILING_TEXT } from "./ui-text.ts";

const draft = (fields: Record<string, string>) => mailingDraftSchema.parse({ body: "It is out.", ...fields });

describe("what a mailing may say", () => {
  it("refuses a subject with a line break (a header of its own) and an empty one, with the Mail area's words", () => {
    for (const subject of ["New song\r\nBcc: everyone@example.com", "New\nsong", "New\u2028song", "   "]) {
      const parsed = mailingDraftSchema.safeParse({ subject, body: "x" });
      expect(parsed.success, JSON.stringify(subject)).toBe(false);
      expect([MAILING_TEXT.subjectOneLine, MAILING_TEXT.subjectRequired]).toContain(parsed.error?.issues[0]?.message);
    }
    expect(mailingDraftSchema.safeParse({ subject: "New song", body: "" }).error?.issues[0]?.message).toBe(MAILING_TEXT.bodyRequired);
  });
});

describe.each(testStacks)("mailings on %s", (stack) => {
  let site: TestSite;
  let sink: SmtpSink;
  let services: Services;
  beforeAll(async () => {
    site = await createTestSite(stack);
    sink = await startSmtpSink();
    const smtp = parseSmtpUrl(sink.url);
    const from = parseMailFrom("Juniper Vale <news@juniper.example>");
    if (!smtp.ok || !from.ok) throw new Error("bad test config");
    const config: MailConfig = { smtp: smtp.smtp, from: { name: from.name, address: from.address }, perSecond: 1000 };
    // The site with mail on; the sender is started by the test itself.
    services = { ...site.services, mail: { config, wake: () => {} } };
  });
  afterAll(async () => {
    await sink.close();
    await site.cleanup();
  });

  async function subscribe(emails: string[], subscribed = 1) {
    await services.db
      .insertInto("subscribers")
      .values(emails.map((email, i) => ({ id: randomUUID(), email, timestamp: 1_000 + i, subscribed, source: "website" })))
      .execute();
  }

  it("renders the words as safe HTML and plain text, with the song card, the contact line and each fan's unsubscribe link", async () => {
    const content = await renderMailing(
      services,
      draft({ subject: "Out now", body: "**Hello** <script>alert(1)</script> [tour](/shows)" }),
    );
    expect(content.html).toContain("<strong>Hello</strong>");
    expect(content.html).not.toContain("<script>");
    expect(content.html).toContain("&lt;script&gt;");
    expect(content.html).toContain(`href="${services.env.publicUrl}/shows"`);
    expect(content.html).toContain('href="{{unsubscribeUrl}}"');
    expect(content.text).toContain("Unsubscribe: {{unsubscribeUrl}}");
    expect(content.listUnsubscribe).toBe(true);
  });

  it("sends to every subscriber on the list once, even when sent twice, and reaches each through the outbox", async () => {
    const fans = Array.from({ length: 40 }, (_, i) => `fan${i}@fans.example`);
    await subscribe(fans);
    await subscribe(["left@fans.example"], 0);
    const saved = await saveDraft(services.db, undefined, draft({ subject: "Paper Boats is out" }), "Ada");
    if (!saved.ok) throw new Error(saved.error);
    const [first, second] = await Promise.all([sendMailing(services, saved.id, "Ada"), sendMailing(services, saved.id, "Bo")]);
    const answers = [first, second].map((answer) => (answer.ok ? answer.message : answer.error)).sort();
    expect(answers).toEqual([MAILING_TEXT.alreadySent, MAILING_TEXT.sending(40)].sort());
    // A sent mailing cannot be changed.
    expect(await saveDraft(services.db, saved.id, draft({ subject: "Changed" }), "Ada")).toMatchObject({ ok: false, status: 409 });

    const mailer = createMailer(services.mail!.config);
    const outbox = startOutbox({
      db: services.db,
      mailer,
      config: services.mail!.config,
      artistName: async () => "Juniper Vale",
      unsubscribeUrl: (email) => unsubscribeUrl(services.env, email),
      idleMs: 50,
    });
    try {
      const [mailing] = (await listMailings(services.db)).filter((m) => m.id === saved.id);
      expect(mailing).toMatchObject({ status: "sent", recipients: 40 });
      const row = await services.db.selectFrom("mailings").select("contentId").where("id", "=", saved.id).executeTakeFirstOrThrow();
      const deadline = Date.now() + 20_000;
      while ((await outboxProgress(services.db, row.contentId ?? "")).left > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(await outboxProgress(services.db, row.contentId ?? "")).toEqual({ sent: 40, failed: 0, left: 0 });
    } finally {
      await outbox.stop();
      mailer.close();
    }
    expect(sink.received.map((mail) => mail.to[0]).sort()).toEqual([...fans].sort());
    expect(sink.repeats()).toBe(0);
    const one = sink.received.find((mail) => mail.to[0] === "fan7@fans.example");
    expect(one?.headers.get("list-unsubscribe")).toBe(`<${unsubscribeUrl(services.env, "fan7@fans.example")}>`);
    expect(one?.headers.get("subject")).toBe("Paper Boats is out");
  });

  it("refuses to send when nobody is on the list, and keeps the draft", async () => {
    await services.db.updateTable("subscribers").set({ subscribed: 0 }).execute();
    const saved = await saveDraft(services.db, undefined, draft({ subject: "Nobody hears this" }), "Ada");
    if (!saved.ok) throw new Error(saved.error);
    expect(await sendMailing(services, saved.id, "Ada")).toEqual({ ok: false, error: MAILING_TEXT.noSubscribers, status: 409 });
    expect((await listMailings(services.db)).find((m) => m.id === saved.id)?.status).toBe("draft");
  });
});
