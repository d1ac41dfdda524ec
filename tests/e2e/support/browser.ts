import { expect, type Page } from "@playwright/test";

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
