import { randomUUID } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { METRIC } from "#app/domain/counted.ts";
import { saveDraft, sendMailing } from "#app/features/mailings/mailings.server.ts";
import { mailingDraftSchema } from "#app/features/mailings/schema.ts";
import { parseMailFrom, parseSmtpUrl } from "#app/lib/mail/mail-config.server.ts";
import { LINK_ID_PATTERN } from "#app/lib/mail/mail-links.ts";
import { utcDay } from "#app/lib/numbers/daily-counter.server.ts";
import { appContext } from "#app/lib/platform/app-context.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { createAdmin } from "#app/features/auth/admins.server.ts";
import { callAuth } from "#app/features/auth/auth-request.server.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import { loader } from "./go.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

// A mailing sent with its links through /go/, and /go/ as React Router calls it, on each stack.
describe.each(testStacks)("a mailing's links on %s", (stack) => {
  let site: TestSite;
  let services: Services;
  beforeAll(async () => {
    site = await createTestSite(stack);
    const smtp = parseSmtpUrl("smtp://127.0.0.1:2525");
    const from = parseMailFrom("Juniper Vale <news@juniper.example>");
    if (!smtp.ok || !from.ok) throw new Error("bad test config");
    // Mail on, so a mailing can be sent; nothing here sends it on to a server.
    services = { ...site.services, mail: { config: { smtp: smtp.smtp, from, perSecond: 100 }, wake: () => {} } };
    await services.db
      .insertInto("subscribers")
      .values({ id: randomUUID(), email: "fan@fans.example", timestamp: 1, subscribed: 1, source: "website" })
      .execute();
  });
  afterAll(() => site.cleanup());

  async function go(linkId: string, headers: Record<string, string> = { "user-agent": BROWSER }, method = "GET") {
    const context = new RouterContextProvider();
    context.set(appContext, {
      services,
      cspNonce: "",
      formStarted: () => "",
      renderedForCache: false,
      markDegraded: () => {},
      changesAt: () => {},
    });
    const request = new Request(`${services.env.publicUrl}/go/${encodeURIComponent(linkId)}`, { method, headers });
    try {
      return await loader({ request, context, params: { linkId }, unstable_pattern: "/go/:linkId" } as unknown as Parameters<
        typeof loader
      >[0]);
    } catch (thrown) {
      // React Router answers what a loader throws (data(null, { status: 404 })) with that status.
      const init = (thrown as { init?: ResponseInit }).init;
      return new Response(null, { status: init?.status ?? 500, headers: init?.headers });
    }
  }

  const clicksOf = async (linkId: string) => {
    await services.numbers.flush();
    const row = await services.db
      .selectFrom("dailyCounts")
      .select("count")
      .where("metric", "=", METRIC.click)
      .where("subject", "=", linkId)
      .where("day", "=", utcDay(Date.now()))
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  };

  async function sendOne(body: string) {
    const draft = mailingDraftSchema.parse({ subject: `Links ${randomUUID().slice(0, 6)}`, body });
    const saved = await saveDraft(services.db, undefined, draft, "Ada");
    if (!saved.ok) throw new Error(saved.error);
    const sent = await sendMailing(services, saved.id, "Ada");
    if (!sent.ok) throw new Error(sent.error);
    const links = await services.db
      .selectFrom("mailingLinks")
      .select(["id", "position", "url"])
      .where("mailingId", "=", saved.id)
      .orderBy("position")
      .execute();
    const content = await services.db
      .selectFrom("mailings")
      .innerJoin("mailContents", "mailContents.id", "mailings.contentId")
      .select(["mailContents.html", "mailContents.text"])
      .where("mailings.id", "=", saved.id)
      .executeTakeFirstOrThrow();
    return { links, html: content.html ?? "", text: content.text };
  }

  it("sends a mailing with every http(s) link of its words through /go/, one stored link per address, in order", async () => {
    const { links, html, text } = await sendOne(
      "Pre-order [the record](https://shop.example/lp?size=12&colour=red#buy), see [the shows](/shows),\n" +
        "write to [me](mailto:hi@juniper.example), and [the record](https://shop.example/lp?size=12&colour=red#buy) again.",
    );
    expect(links.map((link) => [link.position, link.url])).toEqual([
      [0, "https://shop.example/lp?size=12&colour=red#buy"],
      [1, `${services.env.publicUrl}/shows`],
    ]);
    for (const link of links) expect(link.id).toMatch(LINK_ID_PATTERN);
    const [record, shows] = links.map((link) => `${services.env.publicUrl}/go/${link.id}`);
    expect(html.split(`href="${record}"`)).toHaveLength(3);
    expect(html).toContain(`href="${shows}"`);
    expect(html).not.toContain("https://shop.example");
    expect(text).toContain(`the record (${record})`);
    expect(text).toContain(`the shows (${shows})`);
    expect(text).not.toContain("https://shop.example");
    // What stays as it was: mailto, each fan's unsubscribe link, and the footer's address of the site.
    expect(html).toContain('href="mailto:hi@juniper.example"');
    expect(html).toContain('href="{{unsubscribeUrl}}"');
    expect(html).toContain(`href="${services.env.publicUrl}"`);
  });

  it("redirects a click to the link's address, uncached and without a cookie, and counts it; a second click adds one", async () => {
    const { links } = await sendOne("[The record](https://shop.example/lp?size=12&colour=red#buy)");
    const id = links[0]?.id ?? "";
    const before = await clicksOf(id);
    const response = await go(id);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://shop.example/lp?size=12&colour=red#buy");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await clicksOf(id)).toBe(before + 1);
    await go(id);
    expect(await clicksOf(id)).toBe(before + 2);
  });

  it("redirects without counting what may not be counted: Global Privacy Control, Do Not Track, a bot, no browser named, a HEAD", async () => {
    const { links } = await sendOne("[The record](https://shop.example/other)");
    const id = links[0]?.id ?? "";
    const answers = await Promise.all([
      go(id, { "user-agent": BROWSER, "sec-gpc": "1" }),
      go(id, { "user-agent": BROWSER, dnt: "1" }),
      go(id, { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
      go(id, {}),
      // What a mail scanner sends to look at a link before the fan does.
      go(id, { "user-agent": BROWSER }, "HEAD"),
    ]);
    for (const response of answers) {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("https://shop.example/other");
    }
    expect(await clicksOf(id)).toBe(0);
  });

  it("sends the artist on from their own mailing without counting the click; a signed-in fan's click counts", async () => {
    const { links } = await sendOne("[The record](https://shop.example/artist)");
    const id = links[0]?.id ?? "";
    const cookieOf = async (email: string, admin: boolean) => {
      if (admin) await createAdmin(services, { email, password: "a long password 42", name: "Someone" });
      else
        await callAuth(
          services,
          new Request("http://localhost:3999/login", { headers: { [CLIENT_IP_HEADER]: "10.0.9.1" } }),
          "/sign-up/email",
          { email, password: "a long password 42", name: "Someone" },
        );
      const signIn = await callAuth(
        services,
        new Request("http://localhost:3999/login", { headers: { [CLIENT_IP_HEADER]: "10.0.9.2" } }),
        "/sign-in/email",
        { email, password: "a long password 42" },
      );
      return signIn.setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
    };
    const artist = await go(id, { "user-agent": BROWSER, cookie: await cookieOf("artist@juniper.example", true) });
    expect(artist.status).toBe(302);
    expect(await clicksOf(id)).toBe(0);
    await go(id, { "user-agent": BROWSER, cookie: await cookieOf("fan-with-account@fans.example", false) });
    expect(await clicksOf(id)).toBe(1);
  });

  it("answers 404 to an id no mailing has, or of another shape, and counts nothing", async () => {
    for (const id of ["aaaaaaaaaaaaaaaa", "AAAAAAAAAAAAAAAA", "short", "../../etc/passwd", "a".repeat(17), ""]) {
      const response = await go(id);
      expect(response.status, id).toBe(404);
      expect(response.headers.get("location"), id).toBeNull();
    }
    await services.numbers.flush();
    const counted = await services.db.selectFrom("dailyCounts").select("subject").where("metric", "=", METRIC.click).execute();
    expect(counted.map((row) => row.subject)).not.toContain("aaaaaaaaaaaaaaaa");
  });

  it("keeps no link of a mailing that could not be sent (nobody on the list)", async () => {
    await services.db.updateTable("subscribers").set({ subscribed: 0 }).execute();
    try {
      const draft = mailingDraftSchema.parse({ subject: "To nobody", body: "[Shop](https://shop.example/nobody)" });
      const saved = await saveDraft(services.db, undefined, draft, "Ada");
      if (!saved.ok) throw new Error(saved.error);
      expect((await sendMailing(services, saved.id, "Ada")).ok).toBe(false);
      expect(await services.db.selectFrom("mailingLinks").select("id").where("mailingId", "=", saved.id).execute()).toEqual([]);
    } finally {
      await services.db.updateTable("subscribers").set({ subscribed: 1 }).execute();
    }
  });
});
