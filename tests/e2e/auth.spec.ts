// Sign-in is rate limited to 10 attempts per minute per IP and every test comes
// from 127.0.0.1, so this file signs in through the UI only where the test is
// about signing in (3 attempts); other sessions come from sign-ups.
import { expect, test, type Page } from "./support/fixtures.ts";
import { DASHBOARD_PATH, mainNav, signUpThroughUi, toast, waitForHydration } from "./support/browser.ts";
import { adminCli, uniqueEmail } from "./support/cli.ts";

const PASSWORD = "correct-horse-battery";

/** Signs up a fresh account and makes it admin with the CLI (no sign-in attempt used). */
async function signUpAsAdmin(page: Page, prefix: string) {
  const account = { name: `Admin ${prefix}`, email: uniqueEmail(prefix), password: PASSWORD };
  await signUpThroughUi(page, account);
  expect(await adminCli("grant", account.email)).toContain("is now an admin");
  return account;
}

async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test.describe("sign-up and sign-in", () => {
  test("sign-up through the UI signs the person in, without any dashboard access", async ({ page }) => {
    const account = { name: "Sam Listener", email: uniqueEmail("signup"), password: PASSWORD };
    await signUpThroughUi(page, account);

    await expect(toast(page, "success", "Welcome to your musical journey! 🎵")).toBeVisible();
    await expect(toast(page, "success", "Welcome to your musical journey! 🎵")).toHaveAttribute("role", "status");
    await expect(mainNav(page).getByRole("link", { name: "Home" })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Dashboard" })).toHaveCount(0);

    // Signed in: /login says so.
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "You're signed in" })).toBeVisible();

    // The server refuses the dashboard to this session.
    const response = await page.context().request.get(DASHBOARD_PATH, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/");
  });

  test("sign-out from /login, then sign in again with the same account", async ({ page }) => {
    const account = { name: "Rita Returning", email: uniqueEmail("returning"), password: PASSWORD };
    await signUpThroughUi(page, account);

    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "You're signed in" })).toBeVisible();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();

    await signInThroughUi(page, account.email, account.password);
    await expect(page).toHaveURL("/");
    await expect(toast(page, "success", "Welcome back! 🎼")).toBeVisible();
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "You're signed in" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${account.name}.`)).toBeVisible();
  });

  test("a wrong password shows the error inline and as a toast; toggling to sign-up clears it", async ({ page }) => {
    const email = uniqueEmail("wrong-password");
    await adminCli("create", "--email", email, "--password", PASSWORD, "--name", "Wrong Password");

    await signInThroughUi(page, email, "not-the-password");
    const inline = page.locator("#login-error");
    await expect(inline).toHaveText("Invalid email or password");
    await expect(inline).toHaveAttribute("role", "alert");
    const errorToast = toast(page, "error", "Invalid email or password");
    await expect(errorToast).toBeVisible();
    await expect(errorToast).toHaveAttribute("role", "alert");
    await expect(page).toHaveURL(/\/login$/);

    await expect(page.getByText("Don't have an account?")).toBeVisible();
    await page.getByRole("link", { name: "Sign Up" }).click();
    await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
    await expect(page.getByLabel("Name")).toBeVisible();
    // No error, and no empty line kept for one.
    await expect(page.locator("#login-error")).toHaveCount(0);
    await expect(page.getByText("Already have an account?")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  });

  test("the submit button reads 'Processing...' while the form is submitting", async ({ page }) => {
    await page.goto("/login?mode=signup");
    await waitForHydration(page);

    // Hold the form POST until the busy state has been seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route(
      (url) => url.pathname.startsWith("/login"),
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        held = true;
        await released;
        await route.continue();
      },
    );

    await page.getByLabel("Name").fill("Patient Person");
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("processing"));
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();

    const busy = page.getByRole("button", { name: "Processing..." });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    await expect.poll(() => held).toBe(true);

    release();
    await expect(page).toHaveURL("/");
    await expect(toast(page, "success", "Welcome to your musical journey! 🎵")).toBeVisible();
  });

  test("sign-up never grants admin, even when the form is tampered with role=admin", async ({ page }) => {
    const email = uniqueEmail("tamper");
    await page.goto("/login?mode=signup");
    await waitForHydration(page);
    await page.getByLabel("Name").fill("Mallory");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page
      .locator("form")
      .filter({ has: page.getByLabel("Email", { exact: true }) })
      .evaluate((form) => {
        for (const [name, value] of [
          ["role", "admin"],
          ["roles", "admin"],
        ]) {
          const input = document.createElement("input");
          input.type = "hidden";
          input.name = name!;
          input.value = value!;
          form.appendChild(input);
        }
      });
    await page.getByRole("button", { name: "Sign Up" }).click();

    await expect(page).toHaveURL("/");
    await expect(mainNav(page).getByRole("link", { name: "Home" })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    const response = await page.context().request.get(DASHBOARD_PATH, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/");
    expect(await adminCli("list")).not.toContain(email);
  });
});

test.describe("dashboard access", () => {
  test("an anonymous visitor to the dashboard is redirected to / by the server", async ({ page, request }) => {
    const response = await request.get(DASHBOARD_PATH, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/");
    expect(await response.text()).not.toContain("Welcome,");

    const landed = await page.goto(DASHBOARD_PATH);
    await expect(page).toHaveURL("/");
    expect(landed?.request().redirectedFrom()?.url()).toMatch(new RegExp(`${DASHBOARD_PATH}$`));
    await expect(page.getByRole("heading", { name: /^Welcome,/ })).toHaveCount(0);
    await expect(mainNav(page).getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  });

  test("an admin created with the CLI signs in and lands on the dashboard", async ({ page }) => {
    const email = uniqueEmail("cli-admin");
    const name = "Juno Admin";
    expect(await adminCli("create", "--email", email, "--password", PASSWORD, "--name", name)).toContain("Created admin");
    expect(await adminCli("list")).toContain(email);

    await signInThroughUi(page, email, PASSWORD);
    await expect(page).toHaveURL(DASHBOARD_PATH);
    await expect(page.getByRole("heading", { name: `Welcome, ${name}` })).toBeVisible();
    await expect(toast(page, "success", "Welcome back! 🎼")).toBeVisible();
    const dashboardLink = mainNav(page).getByRole("link", { name: "Dashboard" });
    await expect(dashboardLink).toBeVisible();
    await expect(dashboardLink).toHaveAttribute("href", DASHBOARD_PATH);
  });

  test("Logout ends the session on the server: the old cookie no longer opens the dashboard", async ({ page, request }) => {
    const account = await signUpAsAdmin(page, "logout");
    await page.goto(DASHBOARD_PATH);
    await expect(page.getByRole("heading", { name: `Welcome, ${account.name}` })).toBeVisible();

    const cookieHeader = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const before = await request.get(DASHBOARD_PATH, { headers: { cookie: cookieHeader }, maxRedirects: 0 });
    expect(before.status()).toBe(200);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await expect(mainNav(page).getByRole("link", { name: "Dashboard" })).toHaveCount(0);

    // Replaying the cookie captured before logout: the server has ended that session.
    const after = await request.get(DASHBOARD_PATH, { headers: { cookie: cookieHeader }, maxRedirects: 0 });
    expect(after.status()).toBe(302);
    expect(after.headers().location).toBe("/");
  });

  test("revoking admin with the CLI ends that admin's existing session at once", async ({ page }) => {
    const account = await signUpAsAdmin(page, "revoke");
    await page.goto(DASHBOARD_PATH);
    await expect(page.getByRole("heading", { name: `Welcome, ${account.name}` })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Dashboard" })).toBeVisible();

    expect(await adminCli("revoke", account.email)).toContain("no longer an admin");
    expect(await adminCli("list")).not.toContain(account.email);

    const response = await page.context().request.get(DASHBOARD_PATH, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    await page.goto(DASHBOARD_PATH);
    await expect(page).toHaveURL("/");
    await expect(mainNav(page).getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    // The session itself is gone, not just the role.
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  });
});
