// The admin's Account page: their own name, e-mail and password, and the list
// of admins. Every test signs up its own admin (the CLI grants admin), so no
// test depends on another's changes.
import { DASHBOARD_PATH, toast, waitForHydration } from "./support/browser.ts";
import { adminCli, uniqueEmail } from "./support/cli.ts";
import { ADMIN_PASSWORD, signInAsAdmin } from "./support/dashboard.ts";
import { expect, test, type Page } from "./support/fixtures.ts";

const ACCOUNT_PATH = `${DASHBOARD_PATH}/account`;
const NEW_PASSWORD = "tangerine-lighthouse-4";

async function openAccount(page: Page) {
  await page.goto(ACCOUNT_PATH);
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await waitForHydration(page);
}

const nameForm = (page: Page) => page.getByRole("region", { name: "Your name" });
const emailForm = (page: Page) => page.getByRole("region", { name: "Email address" });
const passwordForm = (page: Page) => page.getByRole("region", { name: "Password" });

/** Signs out, then tries to sign in through /login; resolves with where it ended up. */
async function trySignIn(page: Page, email: string, password: string) {
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function changePassword(page: Page, current: string, next: string, again = next) {
  const form = passwordForm(page);
  await form.getByLabel("Current password").fill(current);
  await form.getByLabel("New password", { exact: true }).fill(next);
  await form.getByLabel("New password again").fill(again);
  await form.getByRole("button", { name: "Change password" }).click();
}

test.describe("account", () => {
  test("changes the admin's name: the greeting and the page show it, also after a reload", async ({ page }) => {
    await signInAsAdmin(page);
    await openAccount(page);
    const name = nameForm(page).getByLabel("Name");
    await expect(name).toHaveValue("Juniper");
    await expect(name).toHaveAttribute("autocomplete", "name");

    // Our own message, at the field, with the keyboard on it.
    await name.fill("   ");
    await nameForm(page).getByRole("button", { name: "Save name" }).click();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toBeFocused();
    const describedBy = await name.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("Please enter your name");

    await name.fill("Juniper Vale");
    await nameForm(page).getByRole("button", { name: "Save name" }).click();
    await expect(toast(page, "success", "Your name is saved.")).toBeVisible();
    await expect(name).not.toHaveAttribute("aria-invalid");
    await expect(page.getByRole("list", { name: "Admin accounts" }).getByText("Juniper Vale")).toBeVisible();

    await page.reload();
    await expect(nameForm(page).getByLabel("Name")).toHaveValue("Juniper Vale");
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Overview" }).click();
    await expect(page.getByRole("heading", { name: "Welcome, Juniper Vale" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Welcome, Juniper Vale" })).toBeVisible();
  });

  test("changes the e-mail with the current password: the new one signs in, the old one no longer; a taken one is refused", async ({
    page,
  }) => {
    const admin = await signInAsAdmin(page);
    const other = uniqueEmail("taken");
    await adminCli("create", "--email", other, "--password", "plum-harbour-9", "--name", "Someone Else");
    await openAccount(page);
    const form = emailForm(page);
    await expect(form.getByText(admin.email)).toBeVisible();
    const newEmail = form.getByLabel("New email address");
    const current = form.getByLabel("Current password");
    await expect(newEmail).toHaveAttribute("autocomplete", "email");
    await expect(current).toHaveAttribute("autocomplete", "current-password");

    // Someone else's address: refused at the field, what was typed kept, the password cleared.
    await newEmail.fill(other);
    await current.fill(ADMIN_PASSWORD);
    await form.getByRole("button", { name: "Change email" }).click();
    await expect(form.getByText("That email address is already in use by another account")).toBeVisible();
    await expect(newEmail).toHaveAttribute("aria-invalid", "true");
    await expect(newEmail).toBeFocused();
    await expect(newEmail).toHaveValue(other);
    await expect(current).toHaveValue("");
    await expect(form.getByText("Someone Else")).toHaveCount(0);

    const fresh = uniqueEmail("moved");
    await newEmail.fill(fresh);
    await current.fill(ADMIN_PASSWORD);
    await form.getByRole("button", { name: "Change email" }).click();
    await expect(toast(page, "success", `Your email address is now ${fresh}.`)).toBeVisible();
    await expect(form.getByText(fresh)).toBeVisible();
    await expect(newEmail).toHaveValue("");

    await trySignIn(page, admin.email, ADMIN_PASSWORD);
    await expect(page.locator("#login-error")).toHaveText("Invalid email or password");
    await trySignIn(page, fresh, ADMIN_PASSWORD);
    await expect(page).toHaveURL(DASHBOARD_PATH);
  });

  test("a wrong current password is refused with a message, and nothing changes", async ({ page }) => {
    const admin = await signInAsAdmin(page);
    await openAccount(page);

    await changePassword(page, "not-my-password", NEW_PASSWORD);
    const current = passwordForm(page).getByLabel("Current password");
    await expect(passwordForm(page).getByText("That is not your current password")).toBeVisible();
    await expect(current).toHaveAttribute("aria-invalid", "true");
    await expect(current).toBeFocused();
    for (const label of ["Current password", "New password", "New password again"]) {
      await expect(passwordForm(page).getByLabel(label, { exact: true })).toHaveValue("");
    }

    const emailCurrent = emailForm(page).getByLabel("Current password");
    await emailForm(page).getByLabel("New email address").fill(uniqueEmail("never"));
    await emailCurrent.fill("not-my-password");
    await emailForm(page).getByRole("button", { name: "Change email" }).click();
    await expect(emailForm(page).getByText("That is not your current password")).toBeVisible();
    await expect(emailCurrent).toBeFocused();
    await expect(emailForm(page).getByText(admin.email)).toBeVisible();

    // The old password and address still sign in.
    await trySignIn(page, admin.email, ADMIN_PASSWORD);
    await expect(page).toHaveURL(DASHBOARD_PATH);
  });

  test("a weak new password is refused with its message; mismatched ones are caught before sending", async ({ page }) => {
    await signInAsAdmin(page);
    await openAccount(page);
    const newPassword = passwordForm(page).getByLabel("New password", { exact: true });
    await expect(newPassword).toHaveAttribute("autocomplete", "new-password");

    await changePassword(page, ADMIN_PASSWORD, NEW_PASSWORD, "something-else-entirely");
    const again = passwordForm(page).getByLabel("New password again");
    await expect(again).toHaveAttribute("aria-invalid", "true");
    await expect(again).toBeFocused();
    await expect(passwordForm(page).getByText("The two new passwords are not the same")).toBeVisible();

    await changePassword(page, ADMIN_PASSWORD, "password123");
    await expect(passwordForm(page).getByText("This password is too common. Please choose one that is harder to guess.")).toBeVisible();
    await expect(newPassword).toHaveAttribute("aria-invalid", "true");
    await expect(newPassword).toBeFocused();

    await changePassword(page, ADMIN_PASSWORD, "abcdefgh");
    await expect(
      passwordForm(page).getByText("This password is too easy to guess. Try a longer one, or a few unrelated words."),
    ).toBeVisible();
  });

  test("changing the password ends every other session, keeps this one, and only the new password signs in", async ({ page, browser }) => {
    const admin = await signInAsAdmin(page);
    // A second browser, signed in as the same admin from another address.
    const elsewhere = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "10.250.0.7" } });
    const other = await elsewhere.newPage();
    await trySignIn(other, admin.email, ADMIN_PASSWORD);
    await expect(other).toHaveURL(DASHBOARD_PATH);

    await openAccount(page);
    // Busy while it works.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith(ACCOUNT_PATH),
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        await released;
        await route.continue();
      },
    );
    await changePassword(page, ADMIN_PASSWORD, NEW_PASSWORD);
    await expect(passwordForm(page).getByRole("button", { name: "Saving..." })).toHaveAttribute("aria-disabled", "true");
    release();
    await expect(toast(page, "success", "Your password is changed.")).toBeVisible();
    await page.unrouteAll();

    // This browser stays signed in.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
    // The other one is sent away on its next dashboard request, and signed out.
    await other.goto(DASHBOARD_PATH);
    await expect(other).toHaveURL("/");
    await other.goto("/login");
    await expect(other.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await elsewhere.close();

    await trySignIn(page, admin.email, ADMIN_PASSWORD);
    await expect(page.locator("#login-error")).toHaveText("Invalid email or password");
    await trySignIn(page, admin.email, NEW_PASSWORD);
    await expect(page).toHaveURL(DASHBOARD_PATH);
  });

  test("lists every admin, this one marked; one made with the CLI appears", async ({ page }) => {
    const admin = await signInAsAdmin(page);
    const second = uniqueEmail("cli-admin");
    await adminCli("create", "--email", second, "--password", "plum-harbour-9", "--name", "Rowan Second");
    await openAccount(page);
    const list = page.getByRole("list", { name: "Admin accounts" });
    const mine = list.getByRole("listitem").filter({ hasText: admin.email });
    await expect(mine).toContainText("You");
    await expect(mine).toContainText(/Joined \w+ \d{1,2}, \d{4}/);
    const theirs = list.getByRole("listitem").filter({ hasText: second });
    await expect(theirs).toContainText("Rowan Second");
    await expect(theirs).not.toContainText("You");
    // Added from here now, not from a server shell.
    await expect(page.getByRole("region", { name: "Admins" }).getByRole("button", { name: "Make invite link" })).toBeVisible();
  });
});
