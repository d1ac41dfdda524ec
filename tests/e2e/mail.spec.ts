// Mail to the fans, through a real SMTP server on loopback: two app processes
// with mail on (SMTP_URL pointing at the server this spec starts) share the
// e2e site's database and its outbox. The main e2e server has no mail, as a
// site without SMTP_URL runs.
import { randomUUID } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { killAppProcess, startAppProcess, stopAppProcesses } from "./support/app-process.ts";
import { DASHBOARD_PATH, toast, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { withE2eDb } from "./support/db.ts";
import { expect, test, type Page } from "./support/fixtures.ts";
import { mailEnv, MAIL_PORTS as PORTS, origin } from "./support/mail-processes.ts";
import { E2E_SMTP_PORT, E2E_STACK } from "./support/server-env.ts";

/** A mail body's quoted-printable soft breaks and escapes undone, enough to read a link out of it. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Puts `emails` on the list, as confirmed subscribers. */
async function subscribe(emails: string[]) {
  await withE2eDb(async (db) => {
    for (let i = 0; i < emails.length; i += 500) {
      await db
        .insertInto("subscribers")
        .values(
          emails.slice(i, i + 500).map((email) => ({ id: randomUUID(), email, timestamp: Date.now(), subscribed: 1, source: "website" })),
        )
        .execute();
    }
  });
}

const onTheList = () =>
  withE2eDb(async (db) =>
    (await db.selectFrom("subscribers").select("email").where("subscribed", "=", 1).execute()).map((row) => row.email),
  );

/** How the mailing with `subject` stands in the outbox. */
const outboxOf = (subject: string) =>
  withE2eDb(async (db) => {
    const rows = await db
      .selectFrom("outbox")
      .innerJoin("mailContents", "mailContents.id", "outbox.contentId")
      .select(["outbox.status", "outbox.recipient"])
      .where("mailContents.subject", "=", subject)
      .execute();
    return {
      sent: rows.filter((row) => row.status === "sent").length,
      queued: rows.filter((row) => row.status === "queued").length,
      total: rows.length,
    };
  });

async function writeMailing(page: Page, port: number, subject: string, body: string) {
  await page.goto(`${origin(port)}${DASHBOARD_PATH}/mail`);
  await waitForHydration(page);
  await page.getByLabel("Subject", { exact: true }).fill(subject);
  await page.getByLabel("Message", { exact: true }).fill(body);
}

async function sendToList(page: Page, count: number) {
  const label = `${count.toLocaleString("en")} ${count === 1 ? "subscriber" : "subscribers"}`;
  await page.getByRole("button", { name: `Send to ${label}…` }).click();
  await page.getByRole("group", { name: "Confirm sending" }).getByRole("button", { name: "Send now" }).click();
  await expect(toast(page, "success", `Sending to ${label}.`)).toBeVisible();
}

test.describe.serial(`mail to the fans on the ${E2E_STACK} stack`, () => {
  let sink: SmtpSink;
  const seeded: string[] = [];
  const processes: Partial<Record<keyof typeof PORTS, ChildProcess>> = {};

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    sink = await startSmtpSink(E2E_SMTP_PORT);
    [processes.A, processes.B] = await Promise.all([
      startAppProcess(PORTS.A, mailEnv(PORTS.A)),
      startAppProcess(PORTS.B, mailEnv(PORTS.B)),
    ]);
  });
  test.afterAll(async () => {
    await stopAppProcesses();
    await sink.close();
    await withE2eDb((db) => db.deleteFrom("subscribers").where("email", "in", seeded).execute());
  });
  test.beforeEach(() => {
    sink.received.length = 0;
  });

  test("an admin writes a mailing, previews it, tests it on themself and sends it: each fan gets it once and one click unsubscribes", async ({
    page,
  }) => {
    const fans = [1, 2, 3].map((n) => `mail-ui-${n}-${randomUUID().slice(0, 8)}@fans.example`);
    seeded.push(...fans);
    await subscribe(fans);
    const admin = await signInAsAdmin(page);
    const subject = `Paper Boats is out ${randomUUID().slice(0, 6)}`;
    await writeMailing(page, PORTS.A, subject, "**A new song** today.\n\n[Listen here](/music)");

    await page.getByRole("button", { name: "Preview" }).click();
    // The mail's own document, in a frame: bold as written, and the unsubscribe line added.
    const preview = page.frameLocator('iframe[title="The mailing as fans will see it"]');
    await expect(preview.locator("strong", { hasText: "A new song" })).toBeVisible();
    await expect(preview.getByRole("link", { name: "Unsubscribe" })).toBeVisible();

    await page.getByRole("button", { name: "Send a test to me" }).click();
    await expect(toast(page, "success", `A test is on its way to ${admin.email}.`)).toBeVisible();
    await expect
      .poll(() => sink.received.filter((mail) => mail.to[0] === admin.email).map((mail) => mail.headers.get("subject")))
      .toEqual([`[Test] ${subject}`]);

    const list = await onTheList();
    await sendToList(page, list.length);
    await expect(page.getByTestId("mailing-progress").first()).toHaveText(`${list.length} sent · 0 failed · 0 left`, { timeout: 30_000 });

    const toList = sink.received.filter((mail) => mail.headers.get("subject") === subject);
    expect(toList.map((mail) => mail.to[0]).sort()).toEqual([...list].sort());
    expect(sink.repeats()).toBe(0);
    const mail = toList.find((m) => m.to[0] === fans[0]);
    expect(mail?.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail?.headers.get("content-type")).toMatch(/^multipart\/alternative/);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/);
    const link = /^<(.+)>$/.exec(mail?.headers.get("list-unsubscribe") ?? "")?.[1] ?? "";
    expect(link).toContain(`${origin(PORTS.A)}/unsubscribe?`);

    // RFC 8058: the mail client POSTs the header's address, without a browser or the page's button.
    const oneClick = await page.request.fetch(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status()).toBe(200);
    expect(await onTheList()).not.toContain(fans[0]);
  });

  test("with mail on, a sign-up waits for its owner: the mail's link shows a button, and only pressing it subscribes; the dashboard counts it as waiting meanwhile", async ({
    page,
    request,
    browser,
  }) => {
    const fan = `double-opt-in-${randomUUID().slice(0, 8)}@fans.example`;
    seeded.push(fan);
    // The artist's dashboard, beside the list: how many sign-ups still wait for their owner's click.
    const artist = await (await browser.newContext({ baseURL: origin(PORTS.A) })).newPage();
    await signInAsAdmin(artist);
    const waiting = async () => {
      await artist.goto(DASHBOARD_PATH);
      await expect(artist.getByTestId("subscriber-count")).toBeVisible();
      const text =
        (await artist
          .getByTestId("awaiting-count")
          .textContent({ timeout: 1000 })
          .catch(() => null)) ?? "0 more";
      expect(text).toMatch(/^\d+ more( waiting to confirm by e-mail)?$/);
      return Number.parseInt(text, 10);
    };
    const waitingBefore = await waiting();
    await page.goto(`${origin(PORTS.A)}/music`);
    await waitForHydration(page);
    // A person takes a moment to type; a form sent at once is held as a bot's.
    await page.waitForTimeout(2100);
    const panel = page.getByRole("region", { name: "Stay in the Loop" });
    await panel.getByLabel("Email address").fill(fan);
    await panel.getByRole("button", { name: "Notify Me" }).click();
    // SPEC's answer, unchanged.
    await expect(panel.getByText("Welcome to the family!")).toBeVisible();
    expect(await onTheList()).not.toContain(fan);

    await expect.poll(() => sink.received.filter((mail) => mail.to[0] === fan).length).toBe(1);
    const mail = sink.received.find((m) => m.to[0] === fan);
    expect(mail?.headers.get("subject")).toBe("Confirm your subscription to Juniper Vale");
    // No list headers on a mail that is not a mailing.
    expect(mail?.headers.has("list-unsubscribe")).toBe(false);
    const link = /https?:\/\/\S+\/newsletter\/confirm\?\S+/.exec(decodeQuotedPrintable(mail?.raw ?? ""))?.[0] ?? "";
    expect(link).toContain(`${origin(PORTS.A)}/newsletter/confirm?`);

    // A link scanner's GET (no browser, no button) subscribes nobody.
    expect((await request.get(link)).status()).toBe(200);
    expect(await onTheList()).not.toContain(fan);
    expect(await waiting()).toBe(waitingBefore + 1);

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
    await expect(page.getByText(`Press the button to join Juniper Vale's mailing list as ${fan}.`)).toBeVisible();
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { name: "You're on the list!" })).toBeVisible();
    expect(await onTheList()).toContain(fan);
    // The link opened again says so, with no button to press again.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "You're on the list!" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm my subscription" })).toHaveCount(0);
    expect(await waiting()).toBe(waitingBefore);
    const consent = await withE2eDb((db) =>
      db.selectFrom("consents").select(["event", "form", "page", "words"]).where("email", "=", fan).orderBy("at").execute(),
    );
    expect(consent.map((c) => c.event)).toEqual(["signed-up", "confirmed"]);
    expect(consent[0]).toMatchObject({ form: "panel", page: "/music" });
    expect(consent[0]?.words).toContain("Stay in the Loop");
  });

  test("with mail on, each sign-up form says a confirmation mail is on its way to the address and must be opened, with and without JavaScript", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    // A song not out yet, for its page's notify-me form.
    const coming = randomUUID();
    await withE2eDb((db) =>
      db
        .insertInto("songs")
        .values({
          id: coming,
          title: "Coming Soon Song",
          artist: "Juniper Vale",
          audioKey: "music/0_not-out-yet.mp3",
          coverKey: "covers/0_not-out-yet.png",
          createdAt: Date.now(),
          updatedAt: Date.now(),
          released: 0,
          releaseAt: Date.now() + 7 * 86_400_000,
          releaseTimeZone: "UTC",
        })
        .execute(),
    );
    try {
      const forms = [
        { path: "/", form: (page: Page) => page.getByRole("contentinfo"), button: "Subscribe", heading: "Thanks for subscribing!" },
        {
          path: "/music",
          form: (page: Page) => page.getByRole("region", { name: "Stay in the Loop" }),
          button: "Notify Me",
          heading: "Welcome to the family!",
        },
        {
          path: `/music/${coming}`,
          form: (page: Page) => page.getByRole("region", { name: "Hear it first" }),
          button: "Notify me",
          heading: "You'll hear the moment it's out!",
        },
      ];
      for (const javaScriptEnabled of [true, false]) {
        for (const { path, form, button, heading } of forms) {
          const fan = `confirm-line-${randomUUID().slice(0, 8)}@fans.example`;
          seeded.push(fan);
          const context = await browser.newContext({ javaScriptEnabled, baseURL: origin(PORTS.A) });
          const page = await context.newPage();
          await page.goto(path);
          if (javaScriptEnabled) await waitForHydration(page);
          // A person takes a moment to type; a form sent at once is held as a bot's.
          await page.waitForTimeout(2100);
          await form(page).getByLabel("Email address").fill(fan);
          await form(page).getByRole("button", { name: button }).click();
          const line = `One more step: open the link we've mailed to ${fan} to confirm.`;
          const what = `${path}, JavaScript ${javaScriptEnabled ? "on" : "off"}`;
          if (javaScriptEnabled) {
            // SPEC's words, then, once they have gone, the reminder stays.
            await expect(form(page).getByText(heading), what).toBeVisible();
            await expect(form(page).getByText(line), what).toBeVisible();
            await expect(form(page).getByText(`Check your inbox: open the link we mailed to ${fan} to join the list.`), what).toBeVisible({
              timeout: 6000,
            });
          } else {
            await expect(page.getByRole("heading", { level: 1, name: "Thanks for subscribing!" }), what).toBeVisible();
            await expect(page.getByText(line), what).toBeVisible();
          }
          await expect.poll(() => sink.received.filter((mail) => mail.to[0] === fan).length, { message: what }).toBe(1);
          expect(await onTheList(), what).not.toContain(fan);
          await context.close();
        }
      }
    } finally {
      await withE2eDb((db) => db.deleteFrom("songs").where("id", "=", coming).execute());
    }
  });

  test("Forgot password? mails a link that changes the password once and ends the account's other sessions; an unknown address gets the same answer", async ({
    page,
    browser,
  }) => {
    const account = await signInAsAdmin(page);
    const other = await browser.newContext({ baseURL: origin(PORTS.A) });
    const otherPage = await other.newPage();
    await otherPage.goto("/login");
    await otherPage.getByLabel("Email", { exact: true }).fill(account.email);
    await otherPage.getByLabel("Password").fill(account.password);
    await otherPage.getByRole("button", { name: "Sign In" }).click();
    await expect(otherPage).toHaveURL(new RegExp(`${DASHBOARD_PATH}$`));
    await page.context().clearCookies();

    const ask = async (email: string) => {
      await page.goto(`${origin(PORTS.A)}/login`);
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(page.getByText(/If an account uses that address, a link to reset its password is on its way/)).toBeVisible();
    };
    const nobody = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    await ask(nobody);
    await ask(account.email);
    await expect.poll(() => sink.received.filter((mail) => mail.to[0] === account.email).length).toBe(1);
    expect(sink.received.filter((mail) => mail.to[0] === nobody)).toEqual([]);
    const mail = sink.received.find((m) => m.to[0] === account.email);
    expect(mail?.headers.get("subject")).toBe("Reset your password for Juniper Vale's site");
    const link = /https?:\/\/\S+\/login\/reset\?token=\S+/.exec(decodeQuotedPrintable(mail?.raw ?? ""))?.[0] ?? "";
    expect(link).toContain(`${origin(PORTS.A)}/login/reset?token=`);

    const choose = async (password: string) => {
      await page.goto(link);
      await page.getByLabel("New password", { exact: true }).fill(password);
      await page.getByLabel("New password again").fill(password);
      await page.getByRole("button", { name: "Save new password" }).click();
    };
    await choose("marmalade-harbour-7");
    await expect(page.getByText(/Your password is changed/)).toBeVisible();
    // The session signed in elsewhere has ended.
    await otherPage.goto(DASHBOARD_PATH);
    await expect(otherPage).not.toHaveURL(new RegExp(`${DASHBOARD_PATH}$`));
    await other.close();

    // The link works once.
    await choose("another-password-entirely-3");
    await expect(page.getByText(/This reset link does not work/)).toBeVisible();

    const signIn = async (password: string) => {
      await page.context().clearCookies();
      await page.goto(`${origin(PORTS.A)}/login`);
      await page.getByLabel("Email", { exact: true }).fill(account.email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign In" }).click();
    };
    await signIn(account.password);
    await expect(page.getByRole("alert").first()).toBeVisible();
    await signIn("marmalade-harbour-7");
    await expect(page).toHaveURL(new RegExp(`${DASHBOARD_PATH}$`));
  });

  test("a fan's message reaches the artist's inbox by mail within a minute, once, and the Mail area turns these mails off", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const admin = await signInAsAdmin(page);
    await page.goto(`${origin(PORTS.A)}${DASHBOARD_PATH}/mail`);
    await waitForHydration(page);
    const notice = page.getByRole("switch", { name: "E-mail me when fans write" });
    await expect(notice).toHaveAttribute("aria-checked", "true");

    const words = `Loved the show ${randomUUID().slice(0, 8)}`;
    const fan = await page
      .context()
      .browser()
      ?.newContext({ baseURL: origin(PORTS.B) });
    const fanPage = await fan?.newPage();
    if (!fanPage) throw new Error("no browser");
    await fanPage.goto("/contact");
    await waitForHydration(fanPage);
    await fanPage.waitForTimeout(2100);
    await fanPage.getByLabel("Message", { exact: true }).fill(words);
    await fanPage.getByRole("button", { name: "Send Message" }).click();
    await expect(fanPage.getByText("Message Sent!")).toBeVisible();
    await fan?.close();

    // Each process looks every 5 seconds; the notice's row lets one of them send it (once: the unit tests race two looks).
    await expect
      .poll(() => sink.received.filter((mail) => mail.to[0] === admin.email && mail.raw.includes(words)).length, {
        timeout: 75_000,
        intervals: [1_000],
      })
      .toBe(1);

    await notice.click();
    await expect(toast(page, "success", "No more mails about fan messages.")).toBeVisible();
    await expect(notice).toHaveAttribute("aria-checked", "false");
    await page.reload();
    await expect(page.getByRole("switch", { name: "E-mail me when fans write" })).toHaveAttribute("aria-checked", "false");
    await page.getByRole("switch", { name: "E-mail me when fans write" }).click();
    await expect(toast(page, "success", "You will get a mail when fans write.")).toBeVisible();
  });

  test("a subject with a line break is refused at the field, and nothing is saved", async ({ page }) => {
    await signInAsAdmin(page);
    await writeMailing(page, PORTS.A, "placeholder", "Hello");
    // An input cannot hold a line break; a crafted post can.
    const response = await page.request.post(`${origin(PORTS.A)}${DASHBOARD_PATH}/mail`, {
      form: { intent: "save", subject: "Hello\r\nBcc: everyone@example.com", body: "x" },
      headers: { origin: origin(PORTS.A) },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("The subject must be one line.");
    const saved = await withE2eDb((db) => db.selectFrom("mailings").select("id").where("subject", "like", "Hello%Bcc%").execute());
    expect(saved).toEqual([]);
  });

  test("a mailing to 2,000 fans reaches every one while the sending processes are killed again and again", async ({ page }) => {
    test.setTimeout(300_000);
    const fans = Array.from({ length: 2_000 }, (_, i) => `mail-kill-${i}-${randomUUID().slice(0, 8)}@fans.example`);
    seeded.push(...fans);
    await subscribe(fans);
    await signInAsAdmin(page);
    const subject = `Tour dates ${randomUUID().slice(0, 6)}`;
    await writeMailing(page, PORTS.A, subject, "The tour is on.");
    const list = await onTheList();
    await sendToList(page, list.length);

    // Kill each process mid-mailing, in turn, and start it again.
    let kills = 0;
    for (const name of ["A", "B", "A", "B"] as const) {
      await expect.poll(async () => (await outboxOf(subject)).sent, { timeout: 30_000 }).toBeGreaterThan(kills * 300 + 100);
      if ((await outboxOf(subject)).queued === 0) break;
      const child = processes[name];
      if (child) await killAppProcess(child);
      kills += 1;
      processes[name] = await startAppProcess(PORTS[name], mailEnv(PORTS[name]));
    }
    expect(kills).toBeGreaterThanOrEqual(2);
    // A killed process's mail waits out its lease (about a minute), then another sends it.
    await expect.poll(async () => (await outboxOf(subject)).queued, { timeout: 180_000, intervals: [1_000] }).toBe(0);

    const received = sink.received.filter((mail) => mail.headers.get("subject") === subject);
    expect(new Set(received.map((mail) => mail.to[0]))).toEqual(new Set(list));
    const repeats = received.length - new Set(received.map((mail) => mail.messageId)).size;
    console.log(`mailing to ${list.length}: ${received.length} mails received, ${repeats} repeated (same Message-ID), ${kills} kills`);
    test.info().annotations.push({ type: "repeats", description: `${repeats} repeats in ${kills} kills` });
    expect(repeats).toBeLessThanOrEqual(kills);
    expect(await outboxOf(subject)).toMatchObject({ sent: list.length, queued: 0 });
  });
});
