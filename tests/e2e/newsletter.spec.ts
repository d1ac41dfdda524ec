// The mailing list: the footer form and the /music panel, what bots get, the
// no-JavaScript path, unsubscribing, and the dashboard's Subscribers panel.
import { expect, test, type APIRequestContext, type Locator, type Page } from "./support/fixtures.ts";
import { answerConfirm, DASHBOARD_PATH, isDarkColor, signUpDirectly, toast, waitForHydration } from "./support/browser.ts";
import { uniqueEmail } from "./support/cli.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { withE2eDb } from "./support/db.ts";

const PASSWORD = "correct-horse-battery";
const MESSAGES = {
  required: "Please enter your email address",
  invalid: "Invalid email address",
  footerSuccess: "Thanks for subscribing!",
  panelSuccess: "Welcome to the family!",
};

const rowsFor = (email: string) =>
  withE2eDb((db) => db.selectFrom("subscribers").selectAll().where("email", "=", email.toLowerCase()).execute());
const subscribedCount = () =>
  withE2eDb(async (db) =>
    Number(
      (
        await db
          .selectFrom("subscribers")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("subscribed", "=", 1)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );

const footerForm = (page: Page) => page.getByRole("form", { name: "Join the mailing list" });
const panelForm = (page: Page) => page.getByRole("form", { name: "Stay in the Loop" });

/**
 * Opens `path` and waits until React runs. (The e2e site takes a form sent at
 * once, FORM_MIN_FILL_MS=0; filtered.spec.ts tests the fill time on a process
 * that keeps it.)
 */
async function openReady(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** Holds the next POST to /newsletter until `release()` is called, so the sending state can be seen. */
async function holdSubscribePost(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/newsletter"),
    async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    },
  );
  return { release };
}

/** Counts POSTs the page sends, to prove the browser's own check stopped one. */
function countPosts(page: Page): () => number {
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posts += 1;
  });
  return () => posts;
}

async function subscribeInFooter(page: Page, email: string) {
  const form = footerForm(page);
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("status").filter({ hasText: MESSAGES.footerSuccess })).toBeVisible();
}

/** The form's signed start time from a page's HTML, for posts without a browser. */
async function formStartedFrom(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/")).text();
  const token = html.match(/name="formStarted" value="([^"]+)"/)?.[1];
  if (!token) throw new Error("No formStarted field on the page");
  return token;
}

test.describe("newsletter", () => {
  test("the footer form: 'Subscribing...', then 'Thanks for subscribing!' for 3 s, then the form again; stored as the spec says", async ({
    page,
  }) => {
    const email = uniqueEmail("footer-fan");
    await openReady(page, "/");
    const form = footerForm(page);
    const input = form.getByLabel("Email address");
    await input.fill(email.toUpperCase());

    const { release } = await holdSubscribePost(page);
    const before = Date.now();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
    await expect(input).toBeDisabled();
    release();

    const thanks = page.getByRole("status").filter({ hasText: MESSAGES.footerSuccess });
    await expect(thanks).toBeVisible();
    const shownAt = Date.now();
    const after = Date.now();
    expect(page.url()).not.toContain("/newsletter");
    await expect(footerForm(page)).toBeHidden();

    await expect(thanks).toBeHidden({ timeout: 6000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(2500);
    expect(shownFor).toBeLessThan(4500);
    await expect(footerForm(page).getByLabel("Email address")).toHaveValue("");
    await expect(footerForm(page).getByRole("button", { name: "Subscribe" })).toBeEnabled();

    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.email).toBe(email.toLowerCase());
    expect(row?.subscribed).toBe(1);
    expect(row?.source).toBe("website");
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.timestamp).toBeGreaterThanOrEqual(before - 5000);
    expect(row?.timestamp).toBeLessThanOrEqual(after + 5000);
  });

  test("the footer says 'Please enter your email address' when empty and 'Invalid email address' without an '@', and the server agrees", async ({
    page,
    request,
  }) => {
    await openReady(page, "/");
    const posts = countPosts(page);
    const form = footerForm(page);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("alert")).toHaveText(MESSAGES.required);
    await expect(form.getByLabel("Email address")).toBeFocused();
    await expect(form.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("Email address").fill("juniper.example.com");
    await expect(form.getByRole("alert")).toHaveCount(0);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("alert")).toHaveText(MESSAGES.invalid);
    expect(posts()).toBe(0);

    // A format only the server's full check refuses comes back inline too.
    await form.getByLabel("Email address").fill("fan@localhost");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("alert")).toHaveText(MESSAGES.invalid);
    expect(posts()).toBe(1);
    await expect(form.getByLabel("Email address")).toBeEnabled();

    // The server says the same words to a post that skips the browser's checks.
    const formStarted = await formStartedFrom(request);
    for (const [email, message] of [
      ["", MESSAGES.required],
      ["no-at-sign", MESSAGES.invalid],
    ] as const) {
      const response = await request.post("/newsletter", { form: { email, formStarted, website: "" } });
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain(message);
    }
  });

  test("the /music panel: 'Stay in the Loop', 'Notify Me', 'Welcome to the family!' for 3 s, then the form again", async ({ page }) => {
    const email = uniqueEmail("panel-fan");
    await openReady(page, "/music");
    const form = panelForm(page);
    await expect(page.getByRole("heading", { name: "Stay in the Loop" })).toBeVisible();
    const input = form.getByLabel("Email address");
    await expect(input).toHaveAttribute("type", "email");
    await expect(input).toHaveAttribute("required", "");

    // Between the live video and 'More Music Coming Soon'.
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    const at = (text: string) => headings.findIndex((h) => h.includes(text));
    expect(at("Live Performance")).toBeLessThan(at("Stay in the Loop"));
    expect(at("Stay in the Loop")).toBeLessThan(at("More Music Coming Soon"));

    await input.fill("no-at-sign");
    await form.getByRole("button", { name: "Notify Me" }).click();
    await expect(form.getByRole("alert")).toHaveText(MESSAGES.invalid);

    await input.fill(email);
    await form.getByRole("button", { name: "Notify Me" }).click();
    const welcome = page.getByRole("status").filter({ hasText: MESSAGES.panelSuccess });
    await expect(welcome).toBeVisible();
    const shownAt = Date.now();
    await expect(welcome).toBeHidden({ timeout: 6000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(2500);
    expect(shownFor).toBeLessThan(4500);
    await expect(panelForm(page).getByLabel("Email address")).toHaveValue("");
    // The footer's form was not involved.
    await expect(footerForm(page)).toBeVisible();
    expect(await rowsFor(email)).toMatchObject([{ email, subscribed: 1, source: "website" }]);
  });

  test("subscribing twice shows the same success and keeps one record", async ({ page }) => {
    const email = uniqueEmail("twice");
    await openReady(page, "/");
    await subscribeInFooter(page, email);
    const [first] = await rowsFor(email);
    await expect(footerForm(page)).toBeVisible({ timeout: 6000 });
    await subscribeInFooter(page, email.toUpperCase());
    expect(await rowsFor(email)).toEqual([first]);
  });

  test("a filled honeypot is not told it succeeded: the sign-up is held for review, off the list, and the answer says so", async ({
    page,
  }) => {
    const email = uniqueEmail("honeypot");
    await openReady(page, "/");
    const form = footerForm(page);
    const honeypot = form.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await expect(honeypot).toHaveAttribute("autocomplete", "off");
    // What a form-filling bot does: the field is off screen for people, so bring it into view first.
    await honeypot.evaluate((input) => {
      const box = input.parentElement as HTMLElement;
      box.className = "";
    });
    await honeypot.fill("http://spam.example");
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    const answer = page.getByRole("status").filter({ hasText: "We couldn't add you right away" });
    await expect(answer).toBeVisible();
    await expect(answer).toContainText(`${email} is not on the list yet`);
    await expect(page.getByText(MESSAGES.footerSuccess)).toHaveCount(0);
    expect(await rowsFor(email)).toEqual([]);
    const held = await withE2eDb((db) =>
      db.selectFrom("heldSubmissions").select(["kind", "reason"]).where("payload", "like", `%${email.toLowerCase()}%`).execute(),
    );
    expect(held).toEqual([{ kind: "newsletter", reason: "honeypot" }]);
  });

  test("the forms fit a 390 px screen, in dark mode too", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/music");
    await waitForHydration(page);
    await page.getByTestId("theme-toggle").click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    for (const form of [panelForm(page), footerForm(page)]) {
      await form.scrollIntoViewIfNeeded();
      for (const part of [form.getByLabel("Email address"), form.getByRole("button")]) {
        const box = await part.boundingBox();
        expect(box).not.toBeNull();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
      }
      const input: Locator = form.getByLabel("Email address");
      expect(isDarkColor(await input.evaluate((el) => getComputedStyle(el).backgroundColor))).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("the admin APIs answer 401 to visitors and 403 to signed-in non-admins", async ({ page, request }) => {
    for (const path of ["/api/subscribers", "/api/subscribers.csv"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(401);
      expect(await response.json()).toMatchObject({ success: false, error: "Please sign in as an admin." });
    }
    await signUpDirectly(page, { name: "Fan", email: uniqueEmail("news-fan"), password: PASSWORD });
    for (const path of ["/api/subscribers", "/api/subscribers.csv"]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(403);
      expect(await response.json()).toMatchObject({ success: false, error: "Only admins can do this." });
    }
  });

  test("the artist removes an address by hand after a confirm, with Undo; it leaves the count and the export", async ({ page }) => {
    await signInAsAdmin(page);
    const email = uniqueEmail("removed-by-hand");
    await withE2eDb((db) =>
      db
        .insertInto("subscribers")
        .values({ id: `sub-${email}`, email, timestamp: Date.now(), subscribed: 1, source: "website" })
        .execute(),
    );
    await page.goto(DASHBOARD_PATH);
    const panel = page.getByRole("region", { name: "Subscribers" });
    const count = async () => Number.parseInt((await panel.getByTestId("subscriber-count").textContent()) ?? "", 10);
    const before = await count();
    const row = panel.getByRole("listitem").filter({ hasText: email });

    // Dismissing the confirm keeps it.
    const remove = row.getByRole("button", { name: `Remove: ${email}` });
    await answerConfirm(page, remove, "dismiss");
    await expect(remove).toBeVisible();
    expect((await rowsFor(email))[0]?.subscribed).toBe(1);

    expect(await answerConfirm(page, remove, "accept")).toContain(`Remove ${email} from the mailing list?`);
    await expect(row.getByText(`${email} was removed from the list.`)).toBeVisible();
    await expect(panel.getByTestId("subscriber-count")).toHaveText(`${before - 1} subscribed`);
    await expect(row.getByRole("button", { name: `Undo: ${email}` })).toBeFocused();
    expect((await rowsFor(email))[0]?.subscribed).toBe(0);
    expect(await (await page.request.get("/api/subscribers.csv")).text()).not.toContain(email);

    await row.getByRole("button", { name: `Undo: ${email}` }).click();
    await expect(toast(page, "success", `${email} is back on the list.`)).toBeVisible();
    await expect(row.getByRole("button", { name: `Remove: ${email}` })).toBeVisible();
    expect(await count()).toBe(before);
    expect(await (await page.request.get("/api/subscribers.csv")).text()).toContain(email);
  });

  test("the Subscribers panel lists and counts the address; the CSV export carries a working unsubscribe link", async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsAdmin(page);
    const email = uniqueEmail("round-trip");
    await openReady(page, "/");
    await subscribeInFooter(page, email);

    await page.goto(DASHBOARD_PATH);
    const panel = page.getByRole("region", { name: "Subscribers" });
    await expect(panel.getByRole("list", { name: "Subscribers, newest first" }).getByRole("listitem").first()).toContainText(email);
    await expect(panel.getByTestId("subscriber-count")).toHaveText(`${await subscribedCount()} subscribed`);
    const exportLink = panel.getByRole("link", { name: "Export CSV" });
    await expect(exportLink).toHaveAttribute("href", "/api/subscribers.csv");
    await expect(exportLink).toHaveAttribute("download", /.*/);

    const csv = await page.request.get("/api/subscribers.csv");
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers()["content-disposition"]).toBe('attachment; filename="subscribers.csv"');
    // A list of people: kept by no cache, the browser's own included.
    expect(csv.headers()["cache-control"]).toBe("private, no-store");
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe("email,subscribedAt,unsubscribeUrl");
    const line = lines.find((l) => l.startsWith(`${email},`));
    expect(line).toBeDefined();
    const [, subscribedAt, link] = (line ?? "").split(",");
    expect(new Date(subscribedAt ?? "").getTime()).toBe((await rowsFor(email))[0]?.timestamp);
    const url = new URL(link ?? "");
    expect(url.pathname).toBe("/unsubscribe");
    expect(url.searchParams.get("email")).toBe(email);

    // Opening the link only asks: link scanners follow links.
    const opened = await page.goto(`${url.pathname}${url.search}`);
    expect(opened?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    expect((await rowsFor(email))[0]?.subscribed).toBe(1);

    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "You have been unsubscribed." })).toBeVisible();
    expect(await rowsFor(email)).toMatchObject([{ subscribed: 0 }]);
    expect(await (await page.request.get("/api/subscribers.csv")).text()).not.toContain(email);
    // The link opened again says it is done, with no button to press again.
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByRole("heading", { name: "You have been unsubscribed." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);

    // A link with the token of another address (or none) is refused plainly.
    const otherToken = new URL(link ?? "").searchParams.get("token") ?? "";
    for (const bad of [`/unsubscribe?email=someone-else%40example.com&token=${otherToken}`, "/unsubscribe"]) {
      const response = await page.goto(bad);
      expect(response?.status(), bad).toBe(400);
      await expect(page.getByRole("heading", { name: "This unsubscribe link is not valid" })).toBeVisible();
    }
    const forged = await page.request.post(`/unsubscribe?email=${encodeURIComponent(email)}`, { form: { email, token: "forged" } });
    expect(forged.status()).toBe(400);

    // Subscribing again puts the address back on the list, still one record.
    await openReady(page, "/");
    await subscribeInFooter(page, email);
    expect(await rowsFor(email)).toMatchObject([{ subscribed: 1 }]);
  });
});

test.describe("newsletter without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the footer form posts to /newsletter, which says 'Thanks for subscribing!' and stores the address", async ({ page }) => {
    const email = uniqueEmail("no-js");
    await page.goto("/");
    const form = footerForm(page);
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(MESSAGES.footerSuccess);
    await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    expect(await rowsFor(email)).toMatchObject([{ email, subscribed: 1, source: "website" }]);
  });

  test("an error is shown on /newsletter with the form again; opening /newsletter directly goes home", async ({ page }) => {
    await page.goto("/");
    // The browser's own check accepts a host without a dot; the server's full check does not.
    await footerForm(page).getByLabel("Email address").fill("fan@localhost");
    await footerForm(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(panelForm(page).getByRole("alert")).toHaveText(MESSAGES.invalid);
    await expect(panelForm(page).getByRole("button", { name: "Notify Me" })).toBeVisible();
    expect(await rowsFor("fan@localhost")).toEqual([]);

    await page.goto("/newsletter");
    await expect(page).toHaveURL(/\/$/);
  });
});
