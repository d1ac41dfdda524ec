import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink.ts";
import { parseMailFrom, parseSmtpUrl, type MailConfig } from "./mail-config.server.ts";
import { createMailer, type Mailer } from "./mailer.server.ts";
import { enqueueMail, type Outbox, outboxProgress, startOutbox, UNSUBSCRIBE_PLACEHOLDER } from "./outbox.server.ts";

const until = async (check: () => Promise<boolean> | boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(testStacks)("the outbox on %s, through a real SMTP server", (stack) => {
  let site: TestSite;
  let sink: SmtpSink;
  let config: MailConfig;
  const running: { outbox: Outbox; mailer: Mailer }[] = [];
  // The outbox's clock runs ahead of the real one by this much: a retry's wait passes at once.
  let ahead = 0;

  beforeAll(async () => {
    site = await createTestSite(stack);
    sink = await startSmtpSink();
    const smtp = parseSmtpUrl(sink.url);
    const from = parseMailFrom("news@juniper.example");
    if (!smtp.ok || !from.ok) throw new Error("bad test config");
    config = { smtp: smtp.smtp, from: { name: from.name, address: from.address }, perSecond: 1000 };
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map(async ({ outbox, mailer }) => (await outbox.stop(), mailer.close())));
    sink.received.length = 0;
    sink.refuse = null;
  });
  afterAll(async () => {
    await sink.close();
    await site.cleanup();
  });

  function start(events: { result: string; recipient: string; error?: string }[] = []) {
    const mailer = createMailer(config);
    const outbox = startOutbox({
      db: site.services.db,
      mailer,
      config,
      artistName: async () => "Juniper Vale",
      unsubscribeUrl: (email) => `https://juniper.example/unsubscribe?email=${encodeURIComponent(email)}&token=t`,
      idleMs: 50,
      now: () => Date.now() + ahead,
      onAttempt: (event) => events.push(event),
    });
    running.push({ outbox, mailer });
    return outbox;
  }

  it("sends a mailing to each recipient once, with their own unsubscribe link, both List-Unsubscribe headers and a stable Message-ID", async () => {
    const fans = ["ada@fans.example", "bo@fans.example", "cy@fans.example"];
    const contentId = await enqueueMail(
      site.services.db,
      { subject: "New song: Paper Boats", text: `It is out.\n\nUnsubscribe: ${UNSUBSCRIBE_PLACEHOLDER}`, listUnsubscribe: true },
      fans,
    );
    // Queued twice for the same people: still once each.
    await enqueueMail(site.services.db, { subject: "unrelated", text: "x", listUnsubscribe: false }, []);
    start();
    await until(async () => (await outboxProgress(site.services.db, contentId)).left === 0);
    expect(await outboxProgress(site.services.db, contentId)).toEqual({ sent: 3, failed: 0, left: 0 });
    expect(sink.received.map((mail) => mail.to[0]).sort()).toEqual(fans);
    for (const mail of sink.received) {
      const fan = mail.to[0] ?? "";
      const link = `https://juniper.example/unsubscribe?email=${encodeURIComponent(fan)}&token=t`;
      expect(mail.headers.get("list-unsubscribe")).toBe(`<${link}>`);
      expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      expect(mail.headers.get("from")).toBe("Juniper Vale <news@juniper.example>");
      expect(mail.headers.get("subject")).toBe("New song: Paper Boats");
      expect(mail.raw).toContain(link.replace(/=/g, "=3D").slice(0, 40));
      expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@juniper\.example>$/);
    }
    expect(sink.repeats()).toBe(0);
  });

  it("sends a subject or name stored with a line break as one line: no header of its own, no other recipient", async () => {
    const contentId = await enqueueMail(
      site.services.db,
      { subject: "Hello\r\nBcc: everyone@evil.example\r\nX-Injected: yes", text: "hi", listUnsubscribe: false },
      ["fi@fans.example"],
    );
    const mailer = createMailer(config);
    const outbox = startOutbox({
      db: site.services.db,
      mailer,
      config,
      artistName: async () => "Juniper\nBcc: x@evil.example",
      unsubscribeUrl: () => "https://juniper.example/u",
      idleMs: 50,
    });
    running.push({ outbox, mailer });
    await until(async () => (await outboxProgress(site.services.db, contentId)).sent === 1);
    const [mail] = sink.received;
    expect(mail?.to).toEqual(["fi@fans.example"]);
    expect(mail?.headers.get("subject")).toBe("Hello  Bcc: everyone@evil.example  X-Injected: yes");
    expect(mail?.headers.has("bcc")).toBe(false);
    expect(mail?.headers.has("x-injected")).toBe(false);
    expect(mail?.headers.get("from")).toBe('"Juniper Bcc: x@evil.example" <news@juniper.example>');
  });

  it("names the artist as they are named when each mail goes, and sends a stored Reply-To, one line", async () => {
    let artist = "Juniper Vale";
    const mailer = createMailer(config);
    const outbox = startOutbox({
      db: site.services.db,
      mailer,
      config,
      artistName: async () => artist,
      unsubscribeUrl: () => "https://juniper.example/u",
      idleMs: 50,
    });
    running.push({ outbox, mailer });
    const first = await enqueueMail(
      site.services.db,
      {
        subject: "New message from Ada",
        text: "hi",
        listUnsubscribe: false,
        replyTo: { name: "Ada\r\nBcc: x@evil.example", address: "ada@fans.example" },
      },
      ["reply-1@fans.example"],
    );
    await until(async () => (await outboxProgress(site.services.db, first)).sent === 1);
    artist = "The Harbour Lights";
    const second = await enqueueMail(site.services.db, { subject: "Later", text: "hi", listUnsubscribe: false }, ["reply-2@fans.example"]);
    outbox.wake();
    await until(async () => (await outboxProgress(site.services.db, second)).sent === 1);
    const byRecipient = (to: string) => sink.received.find((mail) => mail.to[0] === to);
    expect(byRecipient("reply-1@fans.example")?.headers.get("from")).toBe("Juniper Vale <news@juniper.example>");
    expect(byRecipient("reply-1@fans.example")?.headers.get("reply-to")).toBe('"Ada  Bcc: x@evil.example" <ada@fans.example>');
    expect(byRecipient("reply-1@fans.example")?.headers.has("bcc")).toBe(false);
    expect(byRecipient("reply-2@fans.example")?.headers.get("from")).toBe("The Harbour Lights <news@juniper.example>");
    expect(byRecipient("reply-2@fans.example")?.headers.has("reply-to")).toBe(false);
  });

  it("keeps mail the server refuses for now, and sends it once the server takes mail again", async () => {
    const events: { result: string; recipient: string; error?: string }[] = [];
    sink.refuse = { code: 451, message: "Try again later" };
    const contentId = await enqueueMail(site.services.db, { subject: "Soon", text: "hello", listUnsubscribe: false }, [
      "dee@fans.example",
      "eve@fans.example",
    ]);
    const outbox = start(events);
    await until(() => events.filter((event) => event.result === "retry").length >= 2);
    expect(sink.received).toEqual([]);
    expect(await outboxProgress(site.services.db, contentId)).toEqual({ sent: 0, failed: 0, left: 2 });
    sink.refuse = null;
    // The retry is due a minute later.
    ahead += 61_000;
    outbox.wake();
    await until(async () => (await outboxProgress(site.services.db, contentId)).sent === 2);
    expect(sink.received.map((mail) => mail.to[0]).sort()).toEqual(["dee@fans.example", "eve@fans.example"]);
    expect(sink.repeats()).toBe(0);
  });

  it("keeps mail while the server is down (nothing listening), and sends it once the server is back", async () => {
    const events: { result: string; recipient: string; error?: string }[] = [];
    const port = sink.port;
    await sink.close();
    const contentId = await enqueueMail(site.services.db, { subject: "While down", text: "hello", listUnsubscribe: false }, [
      "gus@fans.example",
    ]);
    const outbox = start(events);
    await until(() => events.some((event) => event.result === "retry"));
    expect(await outboxProgress(site.services.db, contentId)).toEqual({ sent: 0, failed: 0, left: 1 });
    sink = await startSmtpSink(port);
    ahead += 61_000;
    outbox.wake();
    await until(async () => (await outboxProgress(site.services.db, contentId)).sent === 1);
    expect(sink.received.map((mail) => mail.to[0])).toEqual(["gus@fans.example"]);
  });

  it("records a mail the server refuses for good, with the server's words, and does not try it again", async () => {
    const events: { result: string; recipient: string; error?: string }[] = [];
    sink.refuse = { code: 550, message: "No such user here" };
    const contentId = await enqueueMail(site.services.db, { subject: "Hi", text: "hello", listUnsubscribe: false }, ["gone@fans.example"]);
    start(events);
    await until(async () => (await outboxProgress(site.services.db, contentId)).failed === 1);
    const row = await site.services.db.selectFrom("outbox").selectAll().where("contentId", "=", contentId).executeTakeFirstOrThrow();
    expect(row.lastError).toMatch(/No such user here/);
    sink.refuse = null;
    ahead += 2 * 60 * 60_000;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.received).toEqual([]);
    expect(events.filter((event) => event.recipient === "gone@fans.example")).toHaveLength(1);
  });

  it("shares the outbox between two senders: every recipient gets the mail once", async () => {
    const fans = Array.from({ length: 300 }, (_, i) => `fan${i}@fans.example`);
    const contentId = await enqueueMail(site.services.db, { subject: "Tour", text: "dates", listUnsubscribe: true }, fans);
    const events: { result: string; recipient: string }[][] = [[], []];
    start(events[0]);
    start(events[1]);
    await until(async () => (await outboxProgress(site.services.db, contentId)).left === 0, 60_000);
    expect(sink.received).toHaveLength(300);
    expect(new Set(sink.received.map((mail) => mail.to[0])).size).toBe(300);
    expect(sink.repeats()).toBe(0);
    // Both took part (on SQLite too: each takes a batch at a time).
    expect(events.map((list) => list.length > 0)).toEqual([true, true]);
  });
});
