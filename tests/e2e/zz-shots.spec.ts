import { spawnSync } from "node:child_process";
import { DASHBOARD_PATH, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { test } from "./support/fixtures.ts";
import { e2eAppEnv } from "./support/server-env.ts";

test.beforeAll(() => {
  const r = spawnSync(process.execPath, ["scripts/demo.ts"], { env: { ...process.env, ...e2eAppEnv() }, encoding: "utf8" });
  console.log(r.stdout, r.stderr);
});

for (const width of [390, 1280]) {
  for (const scheme of ["light", "dark"] as const) {
    test(`pages ${width} ${scheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((dark) => localStorage.setItem("theme", dark ? "dark" : "light"), scheme === "dark");
      for (const path of ["/", "/bio", "/music"]) {
        await page.goto(path);
        await page.waitForTimeout(500);
        await page.screenshot({ path: `/tmp/shots/p${path.replace("/", "-") || "-home"}-${width}-${scheme}.png`, fullPage: true });
      }
      await signInAsAdmin(page);
      await page.goto(DASHBOARD_PATH);
      await waitForHydration(page);
      await page.screenshot({ path: `/tmp/shots/dash-${width}-${scheme}.png`, fullPage: false });
      await page.goto(`${DASHBOARD_PATH}/site`);
      await waitForHydration(page);
      await page.screenshot({ path: `/tmp/shots/site-${width}-${scheme}.png`, fullPage: false });
    });
  }
}
