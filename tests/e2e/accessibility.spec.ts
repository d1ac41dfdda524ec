// Every page a fan or the artist meets, as axe-core checks it against WCAG 2.2
// A and AA (names, roles, landmarks, contrast, labels, focusable content): on a
// phone in both themes and on a wide screen in the dark one, and in the states
// a person brings about (the phone's menu open, a form's errors shown, a track
// playing). A rule broken anywhere fails the test with the rule and where. The
// other browser specs test what a person does with these pages; this one keeps
// the whole site from sliding.
import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { DASHBOARD_PATH, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin, uploadSong } from "./support/dashboard.ts";
import { deleteSongRows, songPathOf, withE2eDb } from "./support/db.ts";
import { expect, test, type Page } from "./support/fixtures.ts";

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** A phone in each theme, and a wide screen in the dark one (where contrast is hardest to keep). */
const VIEWS = [
  { width: 390, theme: "light" },
  { width: 390, theme: "dark" },
  { width: 1280, theme: "dark" },
] as const;

type View = (typeof VIEWS)[number];

/** The page's WCAG failures as axe-core finds them: one line per rule, with the first places it is broken. */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return found.map(
    (rule) =>
      `${rule.id} (${rule.impact ?? "?"}): ${rule.help} at ${rule.nodes
        .slice(0, 4)
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );
}

/** Opens `path` in `view` (the theme saved as the site saves it), once its app has started where it has one. */
async function open(page: Page, view: View, path: string) {
  await page.setViewportSize({ width: view.width, height: 900 });
  await page.addInitScript((theme) => localStorage.setItem("theme", theme), view.theme);
  // The embedded player takes its theme from its address, as the site that frames it asks.
  await page.goto(path.startsWith("/embed/") ? `${path}?theme=${view.theme}` : path);
  // A page with the site's header runs its app; one without (the embed, a page not found) is checked as served.
  if ((await page.getByTestId("theme-toggle").count()) === 0) return;
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveClass(view.theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/** Checks each of `steps` (a page, or a state reached on one) in every view; all failures are reported together. */
async function checkAll(page: Page, steps: { name: string; path: string; then?: (page: Page) => Promise<void> }[]) {
  const failures: string[] = [];
  for (const view of VIEWS) {
    for (const step of steps) {
      await open(page, view, step.path);
      await step.then?.(page);
      for (const failure of await violations(page)) failures.push(`${step.name} at ${view.width} px, ${view.theme}: ${failure}`);
    }
  }
  expect(failures).toEqual([]);
}

test.describe("accessibility (WCAG 2.2 AA, axe-core)", () => {
  const tag = randomUUID().slice(0, 6);
  /** A track out now and one coming in a month (setup: the artist's API), with their addresses. */
  let out = { id: "", releaseId: "", path: "" };
  let coming = "";
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    const artist = await browser.newContext();
    try {
      const admin = await artist.newPage();
      await signInAsAdmin(admin);
      await uploadSong(admin.request, `Out Now ${tag}`);
      const row = await withE2eDb((db) =>
        db.selectFrom("songs").select(["id", "releaseId"]).where("title", "=", `Out Now ${tag}`).executeTakeFirstOrThrow(),
      );
      out = { ...row, path: await songPathOf(row.id) };

      const { id } = await uploadSong(admin.request, `Soon ${tag}`, { coming: true });
      coming = await songPathOf(id);
    } finally {
      await artist.close();
    }
  });
  test.afterAll(async () => {
    await withE2eDb(async (db) => {
      const ids = await db
        .selectFrom("songs")
        .select("id")
        .where("title", "in", [`Out Now ${tag}`, `Soon ${tag}`])
        .execute();
      await deleteSongRows(
        db,
        ids.map((row) => row.id),
      );
    });
  });

  test("the fan's pages: home, music, a release and a track, shows, press, contact, the coming-soon page, the player other sites embed", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await checkAll(page, [
      { name: "home", path: "/" },
      {
        name: "home, the phone's menu open",
        path: "/",
        then: async (page) => {
          const menu = page.getByRole("button", { name: "Open menu" });
          if (await menu.isVisible()) {
            await menu.click();
            await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
          }
        },
      },
      { name: "bio", path: "/bio" },
      { name: "music", path: "/music" },
      { name: "a release", path: out.path.split("/").slice(0, 3).join("/") },
      { name: "a track", path: out.path },
      {
        name: "a track playing",
        path: out.path,
        then: async (page) => {
          await page
            .getByRole("main")
            .getByRole("button", { name: /^Play / })
            .first()
            .click();
          await expect(page.getByRole("button", { name: /^Pause / }).first()).toBeVisible();
        },
      },
      { name: "a coming track", path: coming },
      { name: "shows", path: "/shows" },
      { name: "press", path: "/press" },
      { name: "contact", path: "/contact" },
      {
        name: "contact, its errors shown",
        path: "/contact",
        then: async (page) => {
          const form = page.getByRole("form", { name: "Contact form" });
          await form.getByLabel("Email (optional)").fill("not an address");
          await form.getByRole("button", { name: "Send Message" }).click();
          await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
        },
      },
      { name: "redeem a code", path: "/redeem" },
      { name: "privacy", path: "/privacy" },
      { name: "terms", path: "/terms" },
      { name: "sign in", path: "/login" },
      { name: "a page that is not here", path: "/no-such-page" },
      { name: "the embedded player", path: `/embed/${out.id}` },
    ]);
  });

  test("the artist's dashboard: every area, a release's editor and the Numbers", async ({ page }) => {
    test.setTimeout(180_000);
    await signInAsAdmin(page);
    await checkAll(page, [
      { name: "overview", path: DASHBOARD_PATH },
      { name: "releases", path: `${DASHBOARD_PATH}/music` },
      { name: "a release's editor", path: `${DASHBOARD_PATH}/music/${out.releaseId}` },
      { name: "site", path: `${DASHBOARD_PATH}/site` },
      { name: "shows", path: `${DASHBOARD_PATH}/shows` },
      { name: "mail", path: `${DASHBOARD_PATH}/mail` },
      { name: "download codes", path: `${DASHBOARD_PATH}/codes` },
      { name: "numbers", path: `${DASHBOARD_PATH}/numbers?days=30` },
      { name: "account", path: `${DASHBOARD_PATH}/account` },
    ]);
  });
});
