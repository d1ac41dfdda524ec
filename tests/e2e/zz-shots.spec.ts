import { DASHBOARD_PATH, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { test } from "./support/fixtures.ts";

for (const width of [390, 1280]) {
  for (const scheme of ["light", "dark"] as const) {
    test(`site area ${width} ${scheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await signInAsAdmin(page);
      await page.goto(`${DASHBOARD_PATH}/site`);
      await waitForHydration(page);
      await page.screenshot({ path: `/tmp/shots/site-${width}-${scheme}.png`, fullPage: true });
      await page.getByRole("button", { name: "Save Social links" }).scrollIntoViewIfNeeded();
      await page.getByLabel("Spotify link").fill("javascript:alert(1)");
      await page.getByRole("button", { name: "Save Social links" }).click();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/shots/site-social-${width}-${scheme}.png` });
      await page.goto("/");
      await page.screenshot({ path: `/tmp/shots/home-${width}-${scheme}.png`, fullPage: true });
      await page.goto("/privacy");
      await page.screenshot({ path: `/tmp/shots/privacy-${width}-${scheme}.png`, fullPage: true });
    });
  }
}
