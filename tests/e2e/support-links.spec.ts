// Support links (issue #36, point 4): the artist writes in the Site area how
// fans can give them money, and fans find it on the home page, on release
// pages and in the footer, working at the first tap (plain links and a
// <details>, before any script).
import { DASHBOARD_PATH, toast, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin, songIdOf, uploadSong } from "./support/dashboard.ts";
import { deleteSongRows, withE2eDb } from "./support/db.ts";
import { expect, test } from "./support/fixtures.ts";

const resetSupport = () =>
  withE2eDb(async (db) => {
    await db.deleteFrom("siteSettingVersions").where("section", "=", "support").execute();
    await db.deleteFrom("siteSettings").where("section", "=", "support").execute();
    await db
      .updateTable("contentVersion")
      .set((eb) => ({ version: eb("version", "+", 1) }))
      .execute();
  });

test.describe.serial("support links", () => {
  let songId: string | null = null;
  test.afterAll(async () => {
    await resetSupport();
    if (songId) await withE2eDb((db) => deleteSongRows(db, [songId ?? ""]));
  });

  test("written in the Site area, refused with a message beside a bad address and nothing typed lost, then shown to fans everywhere", async ({
    page,
    browser,
  }) => {
    await resetSupport();
    await signInAsAdmin(page);
    const title = `Tip Jar ${Date.now() % 100_000}`;
    await uploadSong(page.request, title);
    songId = await songIdOf(title);

    // Nothing offered yet: no block, no footer links.
    const before = await (await page.request.get("/")).text();
    expect(before).not.toContain("Support the music");

    await page.goto(`${DASHBOARD_PATH}/site`);
    await waitForHydration(page);
    const support = page.getByRole("region", { name: "Support" });
    await support.getByRole("textbox", { name: "A line about it (optional)" }).fill("Every tip pays for studio time on the next record.");
    await support.getByRole("button", { name: "+ Add a link" }).click();
    await support.getByRole("textbox", { name: "Link 1: button text" }).fill("Ko-fi");
    await support.getByRole("textbox", { name: "Address" }).first().fill("ko-fi.com/junipervale");
    await support.getByRole("button", { name: "+ Add a link" }).click();
    await support.getByRole("textbox", { name: "Link 2: button text" }).fill("PayPal");
    await support.getByRole("textbox", { name: "Address" }).nth(1).fill("not an address");
    await support
      .getByRole("textbox", { name: "Bank transfer (optional)" })
      .fill("Juniper Vale\nIBAN GB33 BUKB 2020 1555 5555 55\nReference: TIP");
    await support.getByRole("button", { name: "Save Support" }).click();
    await expect(support.getByText("Not saved: fix the fields marked below.")).toBeVisible();
    const bad = support.getByRole("textbox", { name: "Address" }).nth(1);
    await expect(bad).toHaveAttribute("aria-invalid", "true");
    await expect(bad).toHaveAccessibleDescription(/web address/);
    await expect(support.getByRole("textbox", { name: "Link 1: button text" })).toHaveValue("Ko-fi");
    await bad.fill("paypal.me/junipervale");
    await support.getByRole("button", { name: "Save Support" }).click();
    await expect(toast(page, "success", "Support saved. The site shows it now.")).toBeVisible();

    const fan = await browser.newContext();
    try {
      const home = await fan.newPage();
      // Its first paint, before any script: the links and the bank details work as they are.
      await home.route(
        (url) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"),
        (route) => route.abort(),
      );
      await home.goto("/");
      const block = home.getByRole("region", { name: "Support the music" });
      await expect(block.getByText("Every tip pays for studio time on the next record.")).toBeVisible();
      await expect(block.getByRole("link", { name: "Ko-fi (opens in a new tab)" })).toHaveAttribute(
        "href",
        "https://ko-fi.com/junipervale",
      );
      await expect(block.getByRole("link", { name: "PayPal (opens in a new tab)" })).toHaveAttribute(
        "href",
        "https://paypal.me/junipervale",
      );
      await block.getByText("Pay by bank transfer").click();
      await expect(block.getByText("IBAN GB33 BUKB 2020 1555 5555 55")).toBeVisible();
      const footer = home.getByRole("navigation", { name: "Support" });
      await expect(footer.getByRole("link", { name: "Ko-fi (opens in a new tab)" })).toBeVisible();
      await expect(footer.getByRole("link", { name: "Pay by bank transfer" })).toHaveAttribute("href", "/#support");

      const release = await fan.newPage();
      const path = await withE2eDb(
        async (db) =>
          (
            await db
              .selectFrom("songs")
              .innerJoin("releases", "releases.id", "songs.releaseId")
              .select("releases.slug")
              .where("songs.id", "=", songId ?? "")
              .executeTakeFirstOrThrow()
          ).slug,
      );
      await release.goto(`/music/${path}`);
      await expect(
        release.getByRole("region", { name: "Support the music" }).getByRole("link", { name: "Ko-fi (opens in a new tab)" }),
      ).toBeVisible();
    } finally {
      await fan.close();
    }
  });
});
