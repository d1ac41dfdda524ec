// The public pages load a stylesheet without the dashboard's utilities
// (app/app.css); the dashboard, sign-in and set-up pages add dashboard.css,
// which has all of them. A public page showing a class only dashboard.css
// styles would be drawn unstyled for every fan: this looks for one.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { waitForHydration } from "./support/browser.ts";

const PUBLIC_PAGES = [
  "/",
  "/music",
  "/shows",
  "/bio",
  "/contact",
  "/newsletter",
  "/privacy",
  "/terms",
  "/unsubscribe",
  "/redeem",
  "/no-such-page",
];

/** The classes some rule's selector names, in the page's own stylesheets or, given its text, in another. */
function styledClasses(page: Page, cssText?: string): Promise<string[]> {
  return page.evaluate((text) => {
    const classes = new Set<string>();
    const visit = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) {
          for (const match of rule.selectorText.matchAll(/\.((?:\\.|[\w-])+)/g)) classes.add((match[1] ?? "").replace(/\\(.)/g, "$1"));
        }
        if ("cssRules" in rule) visit((rule as CSSGroupingRule).cssRules);
      }
    };
    if (text === undefined) {
      for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules);
    } else {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      visit(sheet.cssRules);
    }
    return [...classes];
  }, cssText);
}

/** Every class on the page's elements now, SVG's included. */
const shownClasses = (page: Page) =>
  page.evaluate(() => [
    ...new Set(Array.from(document.querySelectorAll("[class]")).flatMap((element) => (element.getAttribute("class") ?? "").split(/\s+/))),
  ]);

const stylesheetLinks = (page: Page) =>
  page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));

test("every class a public page shows is styled by the public stylesheet; the dashboard's styles load only where they are used", async ({
  page,
}) => {
  // Eleven pages or more, twice each, with a menu and a song played on each.
  test.setTimeout(60_000);
  await page.goto("/login");
  const dashboardCss = (await stylesheetLinks(page)).find((href) => /\/dashboard-[^/]*\.css$/.test(href));
  expect(dashboardCss, "the sign-in page links dashboard.css").toBeDefined();
  const fullCss = await (await page.request.get(dashboardCss ?? "")).text();

  const songPage = await (async () => {
    await page.goto("/music");
    const share = page.locator('a[href^="/music/"]').first();
    return (await share.count()) > 0 ? await share.getAttribute("href") : null;
  })();
  const paths = songPage ? [...PUBLIC_PAGES, songPage] : PUBLIC_PAGES;
  expect(paths.length).toBeGreaterThan(PUBLIC_PAGES.length - 1);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      await waitForHydration(page);
      expect(await stylesheetLinks(page), `${path} loads no dashboard styles`).not.toContainEqual(expect.stringMatching(/dashboard-/));
      // What only shows after a tap: the open menu on a phone, the player bar once a song plays.
      const menu = page.getByRole("button", { name: "Open menu" });
      if (await menu.isVisible()) {
        await menu.click();
        await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
        // The menu lies over the page (a popover): closed again, its classes stay in the page for the check below.
        await page.keyboard.press("Escape");
        await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
      }
      const play = page.getByRole("button", { name: /^Play/ }).first();
      if ((await play.count()) > 0 && (await play.isVisible())) await play.click();

      const full = new Set(await styledClasses(page, fullCss));
      const styled = new Set(await styledClasses(page));
      const unstyled = (await shownClasses(page)).filter((name) => full.has(name) && !styled.has(name));
      expect(unstyled, `${path} at ${width} px`).toEqual([]);
    }
  }
});
