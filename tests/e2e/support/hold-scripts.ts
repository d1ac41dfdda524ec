// The page as the server sent it, before its app starts: what a tap on a slow
// phone meets (app/lib/document/early-taps.ts).
import { expect, type Page, type Route } from "./fixtures.ts";

export const hydrated = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));

/** Holds every app script until `release` is called: the page stays as the server sent it. */
export async function holdScripts(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route(
    (url) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"),
    (route) => (holding ? void held.push(route) : route.continue()),
  );
  return {
    async release() {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await expect.poll(() => hydrated(page), { message: "the app hydrates", timeout: 20_000 }).toBe(true);
    },
  };
}
