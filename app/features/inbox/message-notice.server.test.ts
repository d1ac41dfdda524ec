import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import type { MailConfig } from "#app/lib/mail/mail-config.server.ts";
import { NOTIFY_EVERY_MS, setMessageNotice } from "#app/lib/mail/notifications.server.ts";
import { notifyNewMessages } from "./message-notice.server.ts";

const MAIL: MailConfig = {
  smtp: { host: "127.0.0.1", port: 2525, secure: false, auth: undefined },
  from: { name: undefined, address: "news@juniper.example" },
  perSecond: 10,
};

describe.each(testStacks)("mail about new fan messages on %s", (stack) => {
  let site: TestSite;
  let services: Parameters<typeof notifyNewMessages>[0];
  beforeAll(async () => {
    site = await createTestSite(stack);
    services = { db: site.services.db, env: site.services.env, mail: { config: MAIL, wake: () => {} } };
    const now = new Date();
    for (const [email, role] of [
      ["artist@juniper.example", "admin"],
      ["fan@example.com", "user"],
    ] as const) {
      // better-auth's columns, as its adapter writes them on each dialect.
      await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)
        values (${randomUUID()}, ${email}, ${email}, ${stack === "scale" ? false : 0}, ${stack === "scale" ? now : now.toISOString()}, ${stack === "scale" ? now : now.toISOString()}, ${role})`.execute(
        site.services.db,
      );
    }
  });
  afterAll(() => site.cleanup());

  const write = (name: string, at: number) =>
    site.services.db
      .insertInto("contacts")
      .values({ id: randomUUID(), name, email: `${name.toLowerCase()}@fans.example`, message: `Hello from ${name}`, timestamp: at })
      .execute();
  const notices = () =>
    site.services.db
      .selectFrom("outbox")
      .innerJoin("mailContents", "mailContents.id", "outbox.contentId")
      .select(["recipient", "subject", "text", "replyTo"])
      .where("recipient", "=", "artist@juniper.example")
      .orderBy("mailContents.createdAt")
      .execute();

  it("mails the admins once about everything new, then waits ten minutes, whatever number of processes look", async () => {
    const t0 = 1_000_000_000;
    // The first look starts the notice: what came before is not mailed about.
    await write("Early", t0 - 1_000);
    expect(await notifyNewMessages(services, t0)).toBe(false);
    await write("Ada", t0 + 1_000);
    await write("Bo", t0 + 2_000);
    const looks = await Promise.all([notifyNewMessages(services, t0 + 3_000), notifyNewMessages(services, t0 + 3_000)]);
    expect(looks.filter(Boolean)).toHaveLength(1);
    let mails = await notices();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: "artist@juniper.example", subject: "2 new messages on Juniper Vale's site" });
    expect(mails[0]?.text).toContain("Hello from Ada");
    expect(mails[0]?.text).toContain("Hello from Bo");
    expect(mails[0]?.text).not.toContain("Hello from Early");
    // Two fans: no one Reply-To, each message with its own way to answer.
    expect(mails[0]?.replyTo).toBeNull();
    expect(mails[0]?.text).toContain("Reply: mailto:ada@fans.example");

    await write("Cy", t0 + 60_000);
    expect(await notifyNewMessages(services, t0 + 120_000)).toBe(false);
    expect(await notifyNewMessages(services, t0 + 3_000 + NOTIFY_EVERY_MS)).toBe(true);
    mails = await notices();
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatchObject({ subject: "New message from Cy" });
    expect(mails[1]?.text).not.toContain("Hello from Ada");
    // One fan: Reply answers them.
    expect(JSON.parse(mails[1]?.replyTo ?? "null")).toEqual({ name: "Cy", address: "cy@fans.example" });
    expect(mails[1]?.text).toContain("Reply to this mail to answer.");
  });

  it("sends nothing while turned off, and once on again, only about what comes after", async () => {
    const t1 = 2_000_000_000;
    await setMessageNotice(site.services.db, false, t1);
    await write("Dee", t1 + 1_000);
    expect(await notifyNewMessages(services, t1 + NOTIFY_EVERY_MS * 2)).toBe(false);
    await setMessageNotice(site.services.db, true, t1 + NOTIFY_EVERY_MS * 2);
    await write("Eve", t1 + NOTIFY_EVERY_MS * 2 + 1_000);
    expect(await notifyNewMessages(services, t1 + NOTIFY_EVERY_MS * 3)).toBe(true);
    const last = (await notices()).at(-1);
    expect(last?.subject).toBe("New message from Eve");
    expect(last?.text).not.toContain("Dee");
    // Without mail, nothing at all.
    await write("Fay", t1 + NOTIFY_EVERY_MS * 5);
    expect(await notifyNewMessages({ ...services, mail: undefined }, t1 + NOTIFY_EVERY_MS * 6)).toBe(false);
  });
});
