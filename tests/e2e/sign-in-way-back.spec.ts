// Issue #31, point 2: a signed-out artist finds the way back in. SPEC's guard
// still sends anyone but an admin from the dashboard to /, but the home page
// then says to sign in and links to /login keeping the page they wanted; the
// footer offers a quiet sign-in link; a used setup link points to sign-in.
import { adminCli, uniqueEmail } from "./support/cli.ts";
import { DASHBOARD_PATH, toast } from "./support/browser.ts";
import { expect, test, type Page } from "./support/fixtures.ts";

const PASSWORD = "correct-horse-battery";
const NOTICE = "That page is for the site's admins. Please sign in to open it.";

async function newAdmin(prefix: string) {
  const account = { name: "Juniper", email: uniqueEmail(prefix), password: PASSWORD };
  expect(await adminCli("create", "--email", account.email, "--password", account.password, "--name", account.name)).toMatch(/admin/i);
  return account;
}

async function signInOnThePage(page: Page, account: { email: string; password: string }) {
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a signed-out visit to a dashboard page lands on / with a way to sign in, and signing in goes back to that page", async ({
      page,
    }) => {
      const account = await newAdmin("way-back");
      await page.goto(`${DASHBOARD_PATH}/mail`);
      await expect(page).toHaveURL("/");
      const notice = page.getByRole("status").filter({ hasText: NOTICE });
      await expect(notice).toBeVisible();
      const signIn = notice.getByRole("link", { name: "Sign in" });
      await expect(signIn).toHaveAttribute("href", `/login?returnTo=${encodeURIComponent(`${DASHBOARD_PATH}/mail`)}`);

      await signIn.click();
      await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
      await signInOnThePage(page, account);
      await expect(page).toHaveURL(`${DASHBOARD_PATH}/mail`);
    });
  });
}

test("the notice is said once, to that visitor: the next visit to / and anyone else's have none", async ({ page, browser, request }) => {
  await page.goto(DASHBOARD_PATH);
  await expect(page.getByText(NOTICE)).toBeVisible();
  // Moving on leaves it behind; coming back does not bring it again.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Music" }).click();
  await expect(page).toHaveURL("/music");
  await expect(page.getByText(NOTICE)).toHaveCount(0);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(NOTICE)).toHaveCount(0);

  const other = await browser.newPage();
  await other.goto(page.url());
  await expect(other.getByText(NOTICE)).toHaveCount(0);
  await other.close();
  expect(await (await request.get("/")).text()).not.toContain("Please sign in to open it");
});

test("the notice closes with its button", async ({ page }) => {
  await page.goto(DASHBOARD_PATH);
  const notice = page.getByRole("status").filter({ hasText: NOTICE });
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: "Close" }).click();
  await expect(notice).toHaveCount(0);
});

test("a signed-in fan who opens the dashboard is told it is for admins", async ({ page }) => {
  const email = uniqueEmail("way-back-fan");
  const signUp = await page.request.post("/api/auth/sign-up/email", { data: { email, password: PASSWORD, name: "A Fan" } });
  expect(signUp.ok()).toBe(true);
  const signIn = await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } });
  expect(signIn.ok()).toBe(true);
  await page.goto(DASHBOARD_PATH);
  await expect(page).toHaveURL("/");
  await expect(toast(page, "warning", "Only the site's admins can open the dashboard.")).toBeVisible();
  await expect(page.getByText(NOTICE)).toHaveCount(0);
});

test("the footer offers a quiet sign-in link when signed out, and none once signed in", async ({ page }) => {
  await page.goto("/music");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/login");
  const account = await newAdmin("way-back-footer");
  await signInOnThePage(page, account);
  await expect(page).toHaveURL(DASHBOARD_PATH);
  await page.goto("/music");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Sign in" })).toHaveCount(0);
});

test("a return path that would leave the site is ignored: signing in goes to the dashboard", async ({ page }) => {
  const account = await newAdmin("way-back-evil");
  for (const returnTo of ["//evil.example/", "https://evil.example/", "/\\evil.example", "/%2fevil.example"]) {
    await page.context().clearCookies();
    await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
    await expect(page.locator('input[name="returnTo"]')).toHaveCount(0);
    await signInOnThePage(page, account);
    await expect(page, returnTo).toHaveURL(DASHBOARD_PATH);
  }
  // Posted directly, a stranger's field is refused the same way.
  await page.context().clearCookies();
  const posted = await page.request.post("/login", {
    form: { intent: "signin", email: account.email, password: account.password, returnTo: "//evil.example/" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  expect(posted.headers().location).toBe(DASHBOARD_PATH);
});

test("a used or wrong setup link says so and links to sign-in", async ({ page }) => {
  await page.goto("/setup?token=already-used");
  await expect(page.getByRole("alert")).toHaveText("This setup link is invalid, has expired or has already been used.");
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
});
