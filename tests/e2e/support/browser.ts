import { expect, type Locator, type Page } from "@playwright/test";
import { E2E_URL } from "./server-env.ts";

export const DASHBOARD_PATH = "/juniper-dashboard";

/**
 * Resolves once React has hydrated the header (the theme toggle carries React's
 * props). Clicks that need JavaScript (menu, theme, submitting state) wait for this.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const toggle = document.querySelector('[data-testid="theme-toggle"]');
    return !!toggle && Object.keys(toggle).some((key) => key.startsWith("__reactProps$"));
  });
}

/**
 * Clicks `target` and answers the confirm it opens, returning its words once
 * answered. It waits for that confirm itself: a handler set with page.once
 * before the next click would also meet this confirm when it comes late (a tap
 * made before hydration is carried out after it), answering it twice.
 */
export async function answerConfirm(page: Page, target: Locator, answer: "accept" | "dismiss"): Promise<string> {
  const opened = page.waitForEvent("dialog");
  const clicked = target.click();
  const dialog = await opened;
  const message = dialog.message();
  await (answer === "accept" ? dialog.accept() : dialog.dismiss());
  await clicked;
  return message;
}

/** The header's main navigation. */
export const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** A toast of the given type containing `text`. */
export function toast(page: Page, type: "success" | "error" | "warning" | "info", text: string) {
  return page.locator(`[data-type="${type}"]`).filter({ hasText: text });
}

/** Signs a new person up through /login?mode=signup and waits until they land on /. */
export async function signUpThroughUi(page: Page, account: { name: string; email: string; password: string }) {
  await page.goto("/login?mode=signup");
  await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await page.getByLabel("Name").fill(account.name);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL("/");
}

/**
 * Makes an account and signs `page`'s browser in with one request to the
 * sign-up form's own action, as the form would post it: set-up for a test
 * about something else, without loading and filling the page (auth.spec.ts
 * tests the form itself). The session cookie lands in the page's context.
 */
export async function signUpDirectly(page: Page, account: { name: string; email: string; password: string }) {
  // The e2e site itself, whichever of its processes the page is on: the cookie is the host's, for every port.
  const response = await page.request.post(`${E2E_URL}/login`, {
    form: { intent: "signup", ...account },
    headers: { origin: E2E_URL },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-up of ${account.email}`).toBe(302);
  // The welcome toast is for the page the form lands on, which this never loads: not for the test's first page.
  await page.context().clearCookies({ name: "toast" });
}

/** True when a CSS colour (rgb(), oklch() or lab()) is dark. */
export function isDarkColor(color: string): boolean {
  const numbers = (color.match(/-?[\d.]+/g) ?? []).map(Number);
  const lightness = numbers[0] ?? 100;
  if (color.startsWith("oklch") || color.startsWith("oklab")) {
    return (color.includes("%") ? lightness / 100 : lightness) < 0.4;
  }
  if (color.startsWith("lab") || color.startsWith("lch")) return lightness < 40;
  const [r = 255, g = 255, b = 255] = numbers;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 100;
}
