// The contact form: what a fan sees, what the artist receives, and what bots get.
import { expect, test, type APIRequestContext, type Page } from "./support/fixtures.ts";
import { BOT_CHECKED_URL, startBotCheckedProcess, stopBotCheckedProcess } from "./support/bot-checked.ts";
import { withE2eDb } from "./support/db.ts";
import { waitForHydration } from "./support/browser.ts";
import { formStartedToken } from "#app/lib/http/form-guard.server.ts";
import { e2eAppEnv } from "./support/server-env.ts";

const rowsWith = (text: string) => withE2eDb((db) => db.selectFrom("contacts").selectAll().where("message", "like", `%${text}%`).execute());

/** Opens /contact (this site's processes take a post at once: FORM_MIN_FILL_MS=0, tests/e2e/support/bot-checked.ts). */
async function openContact(page: Page) {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: "Get in touch" })).toBeVisible();
}

test.describe("contact form", () => {
  test("a fan sends a message: 'Sending...', then 'Message Sent!' for 5 s, and the artist has it", async ({ page }) => {
    const marker = `e2e-contact-${Date.now()}`;
    await openContact(page);
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name (optional)").fill("  Sam Rivers ");
    await form.getByLabel("Email (optional)").fill(" Sam.Rivers@Example.com ");
    await form.getByLabel("Message").fill(`  Loved the show! ${marker}  `);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/contact*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(form.getByLabel("Message")).toBeDisabled();
    await expect(form.getByLabel("Name (optional)")).toBeDisabled();
    release();

    const sent = page.getByRole("status").filter({ hasText: "Message Sent!" });
    await expect(sent).toBeVisible();
    expect(page.url()).toMatch(/\/contact$/);
    const shownAt = Date.now();
    await expect(sent).toBeHidden({ timeout: 8000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4000);
    await expect(page.getByRole("form", { name: "Contact form" }).getByLabel("Message")).toHaveValue("");

    const [row] = await rowsWith(marker);
    expect(row).toMatchObject({
      name: "Sam Rivers",
      email: "sam.rivers@example.com",
      message: `Loved the show! ${marker}`,
      source: "website",
      status: "unread",
    });
    expect(Math.abs(Date.now() - (row?.timestamp ?? 0))).toBeLessThan(60_000);
  });

  test("a blank message is refused with 'Please enter a message' and nothing is sent", async ({ page }) => {
    await openContact(page);
    // The browser's own check is the app's: a press before it has started posts the form to the
    // server, which refuses it in the same words (the test without JavaScript below).
    await waitForHydration(page);
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Message").fill("    ");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please enter a message");
    expect(posted).toBe(false);
  });

  test("an e-mail without '@' is refused in the browser as 'Invalid email address', at the field", async ({ page }) => {
    await openContact(page);
    // In the browser, as the blank-message test: a press before the app has started posts the form
    // to the server, whose answer (a new page) names the same error but cannot hold the focus.
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Contact form" });
    const email = form.getByLabel("Email (optional)");
    await email.fill("sam.example.com");
    await form.getByLabel("Message").fill("Hello");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("alert")).toHaveText("Invalid email address");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "Message Sent!" })).toHaveCount(0);
  });

  test("the page lists collaboration, booking and general contacts and social links", async ({ page }) => {
    await page.goto("/contact");
    const aside = page.getByRole("complementary", { name: "Other ways to reach me" });
    for (const heading of ["Collaboration", "Booking", "General"])
      await expect(aside.getByRole("heading", { name: heading })).toBeVisible();
    await expect(aside.getByRole("link", { name: "booking@example.com" })).toHaveAttribute("href", "mailto:booking@example.com");
    await expect(aside.getByRole("link", { name: /Spotify/ })).toHaveAttribute("rel", "noopener noreferrer");
  });
});

test.describe("contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still sends, and the server's own checks answer", async ({ page }) => {
    const marker = `e2e-nojs-${Date.now()}`;
    await openContact(page);
    await page.getByLabel("Email (optional)").fill("a@b");
    await page.getByLabel("Message").fill(`No script here ${marker}`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email address");
    expect(await rowsWith(marker)).toEqual([]);

    await openContact(page);
    await page.getByLabel("Message").fill(`No script here ${marker}`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message Sent!")).toBeVisible();
    await expect(page.getByRole("link", { name: "Send another message" })).toBeVisible();
    expect(await rowsWith(marker)).toHaveLength(1);
  });
});

test.describe("a fan writing again", () => {
  const heldWith = (text: string) =>
    withE2eDb((db) => db.selectFrom("heldSubmissions").select("reason").where("payload", "like", `%${text}%`).execute());

  /** The form's token as the page shows it. */
  const tokenOf = (page: Page) => page.getByRole("form", { name: "Contact form" }).locator('input[name="formStarted"]');
  /** The tokens this test's messages went with. */
  const sentWith: string[] = [];

  async function send(page: Page, message: string) {
    const form = page.getByRole("form", { name: "Contact form" });
    sentWith.push(await tokenOf(page).inputValue());
    await form.getByLabel("Message").fill(message);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message Sent!")).toBeVisible();
  }

  test("writes from one page twice, and again after reloading it: every message reaches the inbox", async ({ page }) => {
    test.slow();
    const marker = `e2e-again-${Date.now()}`;
    await openContact(page);
    await waitForHydration(page);
    await send(page, `first ${marker}`);
    // The form comes back after 5 s, on the same page, for a second message.
    await expect(page.getByRole("form", { name: "Contact form" })).toBeVisible({ timeout: 8000 });
    await send(page, `second ${marker}`);
    // The browser may show the page it kept, whose token the first message took: touching the form
    // asks for a fresh one, which comes while a person writes (a test types faster than that).
    await page.reload();
    await waitForHydration(page);
    const shown = await tokenOf(page).inputValue();
    await page.getByRole("form", { name: "Contact form" }).getByLabel("Message").focus();
    if (sentWith.includes(shown)) await expect(tokenOf(page)).not.toHaveValue(shown);
    await send(page, `third ${marker}`);
    await expect.poll(async () => (await rowsWith(marker)).length).toBe(3);
    expect(await heldWith(marker)).toEqual([]);
  });

  test("a page left open for more than a day gets a fresh form when the fan starts writing", async ({ page }) => {
    const marker = `e2e-old-page-${Date.now()}`;
    // The page as a tab kept since yesterday shows it: its token made 25 hours ago.
    const old = formStartedToken(e2eAppEnv().AUTH_SECRET ?? "", Date.now() - 25 * 60 * 60 * 1000);
    await page.route("**/contact", async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      const response = await route.fetch();
      const html = await response.text();
      const token = /name="formStarted" value="([^"]+)"/.exec(html)?.[1];
      if (!token) throw new Error("/contact carries no form token");
      // Its scripts are allowed by hash, and the old token changes them: the policy kept with such a page would match them.
      const headers = { ...response.headers() };
      delete headers["content-security-policy"];
      await route.fulfill({ response, headers, body: html.replaceAll(token, old) });
    });
    await openContact(page);
    await waitForHydration(page);
    const field = page.getByRole("form", { name: "Contact form" }).locator('input[name="formStarted"]');
    await expect(field).toHaveValue(old);
    await page.getByRole("form", { name: "Contact form" }).getByLabel("Message").focus();
    await expect(field).not.toHaveValue(old);
    await send(page, `kept ${marker}`);
    await expect.poll(async () => (await rowsWith(marker)).length).toBe(1);
    expect(await heldWith(marker)).toEqual([]);
  });
});

test.describe("contact form against bots", () => {
  // On a process that keeps the two seconds a person needs at least to write.
  test.use({ baseURL: BOT_CHECKED_URL });
  test.beforeAll(startBotCheckedProcess);
  test.afterAll(stopBotCheckedProcess);

  /**
   * A start time a script has just scraped from the raw HTML. On a machine so
   * busy that making the page took most of the 2 s the check allows, a post
   * made "at once" would not be fast at all, so it asks again (the check is
   * under test, not this machine's speed).
   */
  async function freshToken(request: APIRequestContext) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const html = await (await request.get(`/contact?attempt=${attempt}`)).text();
      const token = html.match(/name="formStarted" value="([^"]+)"/)?.[1] ?? html.match(/value="([^"]+)" name="formStarted"/)?.[1];
      if (!token) throw new Error("/contact carries no form token");
      if (Date.now() - Number(token.split(".")[0]) < 1200) return token;
    }
    throw new Error("/contact never answered within 1.2 s of making its form");
  }

  test("a filled honeypot, an instant post or no token is answered as sent and held for review, out of the inbox", async ({ request }) => {
    const marker = `e2e-bot-${Date.now()}`;
    const token = await freshToken(request);
    const instant = await request.post("/contact", {
      form: { formStarted: token, message: `spam ${marker} instant` },
      headers: { accept: "text/html" },
    });
    expect(instant.status()).toBe(200);
    // Caught by the honeypot first, however long it took.
    const honeypot = await request.post("/contact", {
      form: { formStarted: token, website: "http://spam.example", message: `spam ${marker} honeypot` },
    });
    expect(honeypot.status()).toBe(200);
    const noToken = await request.post("/contact", { form: { message: `spam ${marker} bare` } });
    expect(noToken.status()).toBe(200);
    expect(await rowsWith(marker)).toEqual([]);
    const held = await withE2eDb((db) =>
      db.selectFrom("heldSubmissions").select(["kind", "reason"]).where("payload", "like", `%${marker}%`).orderBy("receivedAt").execute(),
    );
    expect(held).toEqual([
      { kind: "contact", reason: "too-fast" },
      { kind: "contact", reason: "honeypot" },
      { kind: "contact", reason: "no-token" },
    ]);
  });
});

test.describe("the contact form's limit", () => {
  test("a script posting many times from one page: the first reaches the inbox, the rest are held, then a clear 429", async ({
    page,
    request,
  }) => {
    const marker = `e2e-flood-${Date.now()}`;
    await page.goto("/contact");
    const token = await page.getByRole("form", { name: "Contact form" }).locator('input[name="formStarted"]').inputValue();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await request.post("/contact", { form: { formStarted: token, message: `${marker} ${i}` } })).status());
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await request.post("/contact", { form: { formStarted: token, message: `${marker} again` } });
    expect(await refused.text()).toContain("Too many attempts from your connection. Please wait a few minutes and try again.");
    expect(await rowsWith(marker)).toHaveLength(1);
    const held = await withE2eDb((db) =>
      db.selectFrom("heldSubmissions").select("reason").where("payload", "like", `%${marker}%`).execute(),
    );
    expect(held.map((row) => row.reason)).toEqual(["reused", "reused", "reused", "reused"]);
  });
});
