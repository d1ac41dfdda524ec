import { expect, test, type Route } from "./support/fixtures.ts";
import { isDarkColor, mainNav, waitForHydration } from "./support/browser.ts";
import { E2E_URL } from "./support/server-env.ts";

const html = (page: import("@playwright/test").Page) => page.locator("html");

test.describe("theme", () => {
  test("defaults to light", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(isDarkColor(background), `body background ${background}`).toBe(false);
    await expect(page.getByTestId("theme-toggle")).toHaveAccessibleName("Switch to dark theme");
  });

  test("toggling to dark is saved and survives a reload", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByTestId("theme-toggle").click();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await expect(page.getByTestId("theme-toggle")).toHaveAccessibleName("Switch to light theme");

    await page.reload();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await waitForHydration(page);
    await expect(page.getByTestId("theme-toggle")).toHaveAccessibleName("Switch to light theme");

    await page.getByTestId("theme-toggle").click();
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  });

  test("a saved dark theme is applied before any app script runs (no flash)", async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: E2E_URL,
      storageState: { cookies: [], origins: [{ origin: E2E_URL, localStorage: [{ name: "theme", value: "dark" }] }] },
    });
    const page = await context.newPage();
    // Hold every app script until the assertions below are done.
    const held: Route[] = [];
    let holding = true;
    await page.route(
      (url) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"),
      (route) => (holding ? void held.push(route) : route.continue()),
    );

    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(false);

    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect.poll(async () => isDarkColor(await page.evaluate(() => getComputedStyle(document.body).backgroundColor))).toBe(true);
    // Still nothing from /assets/*.js has run.
    expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(false);

    // Let the scripts through: the app hydrates and agrees with the theme.
    holding = false;
    for (const route of held) await route.continue();
    await waitForHydration(page);
    expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(true);
    await expect(page.getByTestId("theme-toggle")).toHaveAccessibleName("Switch to light theme");
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await context.close();
  });
});

test.describe("layout", () => {
  test("mobile menu opens, navigates and closes on route change", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await waitForHydration(page);

    // The desktop link list is hidden at this width.
    await expect(mainNav(page).getByRole("link", { name: "Bio" })).toBeHidden();
    const menuButton = page.getByRole("button", { name: "Open menu" });
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await menuButton.click();

    const closeButton = page.getByRole("button", { name: "Close menu" });
    await expect(closeButton).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`#${await closeButton.getAttribute("aria-controls")}`);
    await expect(menu).toBeVisible();
    for (const label of ["Home", "Bio", "Music", "Shows", "Contact"]) {
      await expect(menu.getByRole("link", { name: label })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveCount(0);

    await menu.getByRole("link", { name: "Bio" }).click();
    await expect(page).toHaveURL("/bio");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("The story of");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("desktop header shows Home, Bio, Music, Shows, Contact and no menu button", async ({ page }) => {
    await page.goto("/");
    const nav = mainNav(page);
    for (const [label, href] of [
      ["Home", "/"],
      ["Bio", "/bio"],
      ["Music", "/music"],
      ["Shows", "/shows"],
      ["Contact", "/contact"],
    ]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href!);
    }
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });

  test("footer shows the current year and Privacy and Terms links", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const year = new Date().getFullYear();
    await expect(footer).toContainText(`© ${year} Juniper Vale. All rights reserved.`);
    await footer.getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL("/privacy");
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms" }).click();
    await expect(page).toHaveURL("/terms");
  });

  test("the theme toggle and the navigation are reachable with the keyboard", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const nav = mainNav(page);
    const targets = {
      home: nav.getByRole("link", { name: "Home", exact: true }),
      bio: nav.getByRole("link", { name: "Bio", exact: true }),
      music: nav.getByRole("link", { name: "Music", exact: true }),
      shows: nav.getByRole("link", { name: "Shows", exact: true }),
      contact: nav.getByRole("link", { name: "Contact", exact: true }),
      toggle: page.getByTestId("theme-toggle"),
    };
    const reached = new Set<string>();
    for (let i = 0; i < 12 && reached.size < Object.keys(targets).length; i++) {
      await page.keyboard.press("Tab");
      for (const [key, locator] of Object.entries(targets)) {
        if (await locator.evaluate((el) => el === document.activeElement)) reached.add(key);
      }
    }
    expect([...reached].sort()).toEqual(Object.keys(targets).sort());

    // The focused toggle works from the keyboard.
    await targets.toggle.focus();
    await page.keyboard.press("Enter");
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await page.keyboard.press("Space");
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
  });
});
