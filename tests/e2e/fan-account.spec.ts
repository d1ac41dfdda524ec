// Issue #31, point 5: a fan who signs up for an account gets something: their
// name in the header with Sign out, and an account page to change their name,
// e-mail and password, join or leave the mailing list, and delete the account.
import { answerConfirm, toast } from "./support/browser.ts";
import { uniqueEmail } from "./support/cli.ts";
import { withE2eDb } from "./support/db.ts";
import { expect, test, type Page } from "./support/fixtures.ts";

const PASSWORD = "kitchen-table-77";

/** A fan's account, made and signed in directly: the sign-up form is not what is tested here. */
async function signedInFan(page: Page, name = "Robin Fan") {
  const email = uniqueEmail("fan-account");
  expect((await page.request.post("/api/auth/sign-up/email", { data: { email, password: PASSWORD, name } })).ok()).toBe(true);
  expect((await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } })).ok()).toBe(true);
  return { email, name };
}

const onTheList = (email: string) =>
  withE2eDb(
    async (db) => (await db.selectFrom("subscribers").select("subscribed").where("email", "=", email).executeTakeFirst())?.subscribed === 1,
  );

test("signed out, the account page asks to sign in and comes back to it", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL("/login?returnTo=%2Faccount");
});

test("a signed-in fan sees their name in the header, with Sign out, wide and on a phone's menu", async ({ page }) => {
  const fan = await signedInFan(page);
  await page.goto("/music");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: `Your account: ${fan.name}` }).click();
  await expect(page).toHaveURL("/account");
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/bio");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.locator("[popover]");
  await expect(menu.getByRole("link", { name: `Your account: ${fan.name}` })).toBeVisible();
  await menu.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL("/login?returnTo=%2Faccount");
});

test("the account page changes the name, joins and leaves the mailing list, and is never shared", async ({ page }) => {
  const fan = await signedInFan(page);
  const response = await page.goto("/account");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");

  await page.getByLabel("Name", { exact: true }).fill("Robin Renamed");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(toast(page, "success", "Your name is saved.")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Your account: Robin Renamed" })).toBeVisible();

  await page.goto("/account");
  const list = page.getByRole("region", { name: "Mailing list" });
  await expect(list).toContainText(`${fan.email} is not on the mailing list.`);
  await list.getByRole("button", { name: "Join the mailing list" }).click();
  // This site sends no mail: on the list at once.
  await expect(list.getByRole("status")).toHaveText("You're on the list. Thanks!");
  await expect(list).toContainText(`${fan.email} is on the mailing list.`);
  expect(await onTheList(fan.email)).toBe(true);
  await list.getByRole("button", { name: "Leave the mailing list" }).click();
  await expect(list.getByRole("status")).toHaveText("You've left the mailing list.");
  expect(await onTheList(fan.email)).toBe(false);
});

test("deleting the account asks for the password and a yes, then signs out; it is gone", async ({ page }) => {
  const fan = await signedInFan(page);
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Delete your account" });
  await section.getByLabel("Current password").fill("not-the-password");
  const deleteButton = section.getByRole("button", { name: "Delete my account" });
  await answerConfirm(page, deleteButton, "accept");
  await expect(section.getByText("That is not your current password")).toBeVisible();

  await section.getByLabel("Current password").fill(PASSWORD);
  await answerConfirm(page, deleteButton, "dismiss");
  await expect(page).toHaveURL("/account");

  expect(await answerConfirm(page, deleteButton, "accept")).toContain("cannot be undone");
  await expect(page).toHaveURL("/");
  await expect(toast(page, "success", "Your account is deleted.")).toBeVisible();
  expect(await withE2eDb((db) => db.selectFrom("user").select("id").where("email", "=", fan.email).executeTakeFirst())).toBeUndefined();
  expect((await page.request.post("/api/auth/sign-in/email", { data: { email: fan.email, password: PASSWORD } })).ok()).toBe(false);
});
