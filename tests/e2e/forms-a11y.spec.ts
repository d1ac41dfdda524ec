// Issue 14: what a person notices in the forms, the buttons' names, the social
// marks, the mobile menu, the toasts and the footer. Each test failed on the
// code before the fix.
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { siApplemusic, siFacebook, siInstagram, siSpotify, siTiktok, siYoutube } from "simple-icons";
import { expect, test, type Locator, type Page } from "./support/fixtures.ts";
import { DASHBOARD_PATH, toast, waitForHydration } from "./support/browser.ts";
import { adminCli, uniqueEmail } from "./support/cli.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { withE2eDb } from "./support/db.ts";

const PASSWORD = "correct-horse-battery";

/** Opens `path` and waits for React (the e2e site takes a form sent at once: FORM_MIN_FILL_MS=0). */
async function openReady(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** Counts the POSTs the page sends, to prove a check in the browser stopped one. */
function countPosts(page: Page): () => number {
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posts += 1;
  });
  return () => posts;
}

/**
 * The field shows `message` as a person and a screen reader meet it: the words
 * are on the page, the field is marked invalid, and it is described by them.
 */
async function expectFieldError(page: Page, field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  // Read as the page arrives: without JavaScript it is a new document, which may still be coming in.
  const descriptions = async () => {
    const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
    return Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  };
  await expect.poll(descriptions, { message: "the field's description" }).toContain(message);
  await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
}

async function expectNoFieldError(field: Locator, message: string, scope: Locator) {
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await expect(scope.getByText(message, { exact: true })).toHaveCount(0);
}

const footerForm = (page: Page) => page.getByRole("form", { name: "Join the mailing list" });
const panelForm = (page: Page) => page.getByRole("form", { name: "Stay in the Loop" });
const contactForm = (page: Page) => page.getByRole("form", { name: "Contact form" });

test.describe("label in name (WCAG 2.5.3)", () => {
  test("'Mark as Read' and 'Delete' are reached by their visible words, and every named control's name starts with its text", async ({
    page,
  }) => {
    const marker = `a11y-${randomUUID()}`;
    const id = `msg-${marker}`;
    await withE2eDb((db) =>
      db
        .insertInto("contacts")
        .values({ id, name: null, email: null, message: `Hello ${marker}`, timestamp: Date.now(), source: "website", status: "unread" })
        .execute(),
    );
    await signInAsAdmin(page);
    try {
      await page.goto(DASHBOARD_PATH);
      const item = page.getByRole("listitem").filter({ hasText: marker });
      const markRead = item.getByRole("button", { name: /^Mark as Read\b/ });
      const remove = item.getByRole("button", { name: /^Delete\b/ });
      await expect(markRead).toBeVisible();
      await expect(remove).toBeVisible();
      // Still tells the messages apart for a screen reader.
      await expect(markRead).toHaveAccessibleName(/Anonymous/);

      await markRead.click();
      await expect(item.getByRole("button", { name: "Mark as Read" })).toHaveCount(0);
      page.once("dialog", (dialog) => void dialog.accept());
      await item.getByRole("button", { name: "Delete" }).click();
      await expect(item).toHaveCount(0);
    } finally {
      await withE2eDb((db) => db.deleteFrom("contacts").where("id", "=", id).execute());
    }

    // Everywhere else: a control whose name is set apart from its text must start with that text.
    for (const path of ["/", "/contact", "/music", "/login", "/login?mode=signup"]) {
      await page.goto(path);
      const mismatches = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("a[aria-label], button[aria-label]")]
          .map((el) => ({ text: el.innerText.trim().replace(/\s+/g, " "), name: el.getAttribute("aria-label") ?? "" }))
          .filter(({ text, name }) => text !== "" && !name.toLowerCase().startsWith(text.toLowerCase())),
      );
      expect(mismatches, path).toEqual([]);
    }
  });
});

test.describe("form errors in our words", () => {
  test("contact: an empty message says 'Please enter a message' at the field, and the error goes once a message is typed", async ({
    page,
  }) => {
    await openReady(page, "/contact");
    const posts = countPosts(page);
    const form = contactForm(page);
    const message = form.getByLabel("Message");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectFieldError(page, message, "Please enter a message");
    await expect(message).toBeFocused();
    expect(posts()).toBe(0);

    await message.pressSequentially("Hi");
    await expectNoFieldError(message, "Please enter a message", form);

    // A bad address is told at the address, which comes first and gets the keyboard.
    const email = form.getByLabel("Email (optional)");
    await email.fill("sam.example.com");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectFieldError(page, email, "Invalid email address");
    await expect(email).toBeFocused();
    // Still no "@": still wrong, still said. With one: gone.
    await email.pressSequentially("x");
    await expectFieldError(page, email, "Invalid email address");
    await email.fill("sam@example.com");
    await expectNoFieldError(email, "Invalid email address", form);
    expect(posts()).toBe(0);
  });

  test("footer newsletter: the error is said at the field, stays while the address is still wrong and goes once it is fixed", async ({
    page,
  }) => {
    await openReady(page, "/");
    const posts = countPosts(page);
    const form = footerForm(page);
    const input = form.getByLabel("Email address");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expectFieldError(page, input, "Please enter your email address");
    await expect(input).toBeFocused();

    await input.fill("juniper.example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expectFieldError(page, input, "Invalid email address");
    await input.pressSequentially(".uk");
    await expectFieldError(page, input, "Invalid email address");
    await input.fill("juniper@example.com");
    await expectNoFieldError(input, "Invalid email address", form);
    expect(posts()).toBe(0);
  });

  test("the /music 'Stay in the Loop' form: the same, and its placeholder is its name", async ({ page }) => {
    await openReady(page, "/music");
    const posts = countPosts(page);
    const form = panelForm(page);
    const input = form.getByLabel("Email address");
    await form.getByRole("button", { name: "Notify Me" }).click();
    await expectFieldError(page, input, "Please enter your email address");
    await expect(input).toBeFocused();
    await input.fill("no-at-sign");
    await form.getByRole("button", { name: "Notify Me" }).click();
    await expectFieldError(page, input, "Invalid email address");
    await input.pressSequentially("-still");
    await expectFieldError(page, input, "Invalid email address");
    await input.fill("fan@example.com");
    await expectNoFieldError(input, "Invalid email address", form);
    expect(posts()).toBe(0);
    // What a voice user reads off the field is a name it answers to.
    const placeholder = (await input.getAttribute("placeholder")) ?? "";
    await expect(input).toHaveAccessibleName(new RegExp(`^${placeholder}`, "i"));
  });

  test("login: each empty field says what it needs, the keyboard goes to the first, and the server's field errors land at the field", async ({
    page,
  }) => {
    await page.goto("/login");
    await waitForHydration(page);
    const posts = countPosts(page);
    const email = page.getByLabel("Email", { exact: true });
    const password = page.getByLabel("Password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectFieldError(page, email, "Please enter your email address");
    await expectFieldError(page, password, "Please enter your password");
    await expect(email).toBeFocused();
    await email.fill("fan@example.com");
    await expectNoFieldError(email, "Please enter your email address", page.locator("form"));
    await expectFieldError(page, password, "Please enter your password");
    expect(posts()).toBe(0);

    await page.getByRole("link", { name: "Sign Up" }).click();
    await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
    const name = page.getByLabel("Name");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expectFieldError(page, name, "Please enter your name");
    await expect(name).toBeFocused();
    expect(posts()).toBe(0);

    // The browser's e-mail rule lets "a@b" through; the server's does not, and says so at the field.
    await name.fill("Sam");
    await page.getByLabel("Email", { exact: true }).fill("a@b");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expectFieldError(page, page.getByLabel("Email", { exact: true }), "Invalid email address");
    await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
  });
});

test.describe("form errors without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server's words answer an empty contact message, footer address and sign-in, at their fields", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expectFieldError(page, page.getByLabel("Message"), "Please enter a message");

    await page.goto("/");
    await footerForm(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expectFieldError(page, panelForm(page).getByLabel("Email address"), "Please enter your email address");

    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectFieldError(page, page.getByLabel("Email", { exact: true }), "Please enter your email address");
  });
});

test.describe("social marks", () => {
  test("each platform shows its own mark (simple-icons) and is named by the platform; LinkedIn shows its name", async ({ page }) => {
    await page.goto("/contact");
    const aside = page.getByRole("complementary", { name: "Other ways to reach me" });
    const marks = {
      Spotify: siSpotify,
      YouTube: siYoutube,
      Instagram: siInstagram,
      TikTok: siTiktok,
      Facebook: siFacebook,
      "Apple Music": siApplemusic,
    };
    for (const [platform, icon] of Object.entries(marks)) {
      const link = aside.getByRole("link", { name: new RegExp(`^${platform}\\b`) });
      await expect(link).toHaveCount(1);
      expect(await drawnMark(page, link)).toBe(icon.path);
    }
    // No mark may be shipped for LinkedIn: its name, visible and as its accessible name.
    const linkedIn = aside.getByRole("link", { name: /^LinkedIn\b/ });
    await expect(linkedIn).toHaveText("LinkedIn");
    await expect(linkedIn).toBeVisible();
    // The footer carries the same marks.
    expect(await drawnMark(page, page.getByRole("contentinfo").getByRole("link", { name: /^Spotify\b/ }))).toBe(siSpotify.path);
  });

  test("the marks file answers only for platforms with a mark, and no page's script carries the drawings", async ({ page, request }) => {
    const all = await request.get("/social-marks.svg");
    expect(all.headers()["content-type"]).toBe("image/svg+xml");
    expect(await all.text()).toContain(`<symbol id="spotify" viewBox="0 0 24 24"><path d="${siSpotify.path}"/>`);
    for (const bad of ["linkedin", "spotify,spotify", "nope", "spotify,,x", "__proto__"]) {
      expect((await request.get(`/social-marks.svg?p=${bad}`)).status(), bad).toBe(400);
    }
    // Kept as each response arrives, read after: a body read in the listener could land after the check.
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text());
    });
    await page.goto("/contact");
    await waitForHydration(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect((await Promise.all(scripts)).filter((script) => script.includes(siSpotify.path))).toEqual([]);
  });
});

/**
 * The path the link's mark draws, read from the marks file its `<use>` names,
 * once the browser has drawn it: the mark's box holds pixels of two colours.
 */
async function drawnMark(page: Page, link: Locator): Promise<string | undefined> {
  const mark = link.locator("svg");
  await expect(mark).toBeVisible();
  await expect
    .poll(async () => {
      const { entropy } = await sharp(await mark.screenshot()).stats();
      return entropy;
    })
    .toBeGreaterThan(0.5);
  const href = await mark.locator("use").getAttribute("href");
  const [file, id] = (href ?? "").split("#");
  const sprite = await (await page.request.get(file ?? "")).text();
  return new RegExp(`<symbol id="${id}"[^>]*><path d="([^"]+)"`).exec(sprite)?.[1];
}

test.describe("smaller fixes", () => {
  test("Escape closes the mobile menu and gives the keyboard back to the menu button", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const closeButton = page.getByRole("button", { name: "Close menu" });
    const menu = page.locator(`[id="${await closeButton.getAttribute("aria-controls")}"]`);
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Bio" }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    const menuButton = page.getByRole("button", { name: "Open menu" });
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  });

  test("the sign-in toast does not cover the dashboard's Logout button, wide or narrow", async ({ page }) => {
    const email = uniqueEmail("toast-admin");
    await adminCli("create", "--email", email, "--password", PASSWORD, "--name", "Toast Admin");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await page.context().clearCookies();
      await page.goto("/login");
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(DASHBOARD_PATH);
      const welcome = toast(page, "success", "Welcome back! 🎼");
      await expect(welcome).toBeVisible();
      await expect(welcome).toHaveAttribute("role", "status");
      // Once its entrance is over, where it rests.
      await page.waitForTimeout(300);
      const logout = await page.getByRole("button", { name: "Logout" }).boundingBox();
      const box = await welcome.boundingBox();
      expect(logout && box).toBeTruthy();
      if (!logout || !box) return;
      const overlaps =
        box.x < logout.x + logout.width &&
        logout.x < box.x + box.width &&
        box.y < logout.y + logout.height &&
        logout.y < box.y + box.height;
      expect(overlaps, `${width} px: toast ${JSON.stringify(box)} vs Logout ${JSON.stringify(logout)}`).toBe(false);
      // Inside the screen.
      expect(box.y + box.height).toBeLessThanOrEqual((page.viewportSize()?.height ?? 0) + 1);
    }
  });

  test("the footer keeps its height when 'Thanks for subscribing!' replaces the form, wide and narrow", async ({ page }) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await openReady(page, "/");
      const footer = page.getByRole("contentinfo");
      const form = footerForm(page);
      await form.scrollIntoViewIfNeeded();
      const before = (await footer.boundingBox())?.height ?? 0;
      await form.getByLabel("Email address").fill(uniqueEmail(`footer-height-${width}`));
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Thanks for subscribing!" })).toBeVisible();
      const during = (await footer.boundingBox())?.height ?? 0;
      expect(Math.abs(during - before), `${width} px: ${before} → ${during}`).toBeLessThanOrEqual(2);
      await expect(footerForm(page)).toBeVisible({ timeout: 6000 });
      const after = (await footer.boundingBox())?.height ?? 0;
      expect(Math.abs(after - before), `${width} px: ${before} → ${after} when the form is back`).toBeLessThanOrEqual(2);
    }
  });

  test("the login card has no empty gap where an error would go", async ({ page }) => {
    for (const path of ["/login", "/login?mode=signup"]) {
      await page.goto(path);
      const password = page.getByLabel("Password");
      const submit = page.getByRole("button", { name: path.includes("signup") ? "Sign Up" : "Sign In" });
      // The field's block (with the sign-up hint under it) to the button: the form's usual 20 px between rows.
      const field = page.locator("div").filter({ has: password }).last();
      const fieldBox = await field.boundingBox();
      const buttonBox = await submit.boundingBox();
      expect(fieldBox && buttonBox).toBeTruthy();
      const gap = (buttonBox?.y ?? 0) - ((fieldBox?.y ?? 0) + (fieldBox?.height ?? 0));
      expect(gap, path).toBeLessThanOrEqual(24);
      await expect(page.getByRole("alert")).toHaveCount(0);
    }
  });
});
