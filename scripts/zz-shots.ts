// Throwaway: screenshots of the demo site's home, bio, music and the Photos panel. Deleted before the end.
import { spawnSync } from "node:child_process";
import { chromium } from "@playwright/test";
import { startDemoSite } from "#scripts/lib/demo-site.ts";

const site = await startDemoSite();
const out = "/tmp/photos-shots";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  for (const theme of ["light", "dark"]) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
      await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
      const page = await context.newPage();
      for (const [name, path] of [
        ["home", "/"],
        ["bio", "/bio"],
        ["music", "/music"],
      ]) {
        await page.goto(`${site.baseUrl}${path}`);
        await page.waitForLoadState("networkidle");
        await page.evaluate(async () => {
          // Lazy images: scroll through so they load.
          for (let y = 0; y < document.body.scrollHeight; y += 400) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 60));
          }
          window.scrollTo(0, 0);
          await new Promise((r) => setTimeout(r, 300));
        });
        await page.screenshot({ path: `${out}/${name}-${width}-${theme}.png`, fullPage: true });
        await page.screenshot({ path: `${out}/${name}-${width}-${theme}-fold.png` });
      }
      await context.close();
    }
  }
  // The panel, as an admin.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${site.baseUrl}/login?mode=signup`);
  await page.getByLabel("Name").fill("Juniper");
  await page.getByLabel("Email", { exact: true }).fill("admin@example.com");
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.waitForURL(`${site.baseUrl}/`);
  spawnSync(process.execPath, ["scripts/admin.ts", "grant", "admin@example.com"], { env: site.env, stdio: "inherit" });
  await page.goto(`${site.baseUrl}/juniper-dashboard/site`);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${out}/panel-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${out}/panel-390.png`, fullPage: true });
  // A draft: a chosen file, then Upload without a description.
  await page.setViewportSize({ width: 1280, height: 900 });
  const file = await (await fetch(`${site.baseUrl}/social-image.png`)).arrayBuffer();
  await page
    .getByTestId("photo-slot-poster")
    .locator('input[type="file"]')
    .setInputFiles({ name: "new-poster.jpg", mimeType: "image/jpeg", buffer: Buffer.from(file) });
  await page.getByTestId("photo-slot-poster").getByRole("button", { name: "Upload photo" }).click();
  await page.getByTestId("photo-slot-poster").screenshot({ path: `${out}/panel-draft.png` });
  await page.getByTestId("press-photo").first().getByRole("button", { name: "Remove" }).click();
  await page
    .getByTestId("press-photo")
    .first()
    .screenshot({ path: `${out}/panel-confirm.png` });
  const og = Buffer.from(await (await fetch(`${site.baseUrl}/social-image.png`)).arrayBuffer());
  (await import("node:fs")).writeFileSync(`${out}/og.jpg`, og);
} finally {
  await browser.close();
  await site.stop();
}
