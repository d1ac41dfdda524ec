// The Site area: what an admin saves shows on the next request everywhere
// (another browser, another app process, the raw HTML a crawler reads, the
// share image), older versions come back, and two tabs never overwrite each
// other silently.
import { stagePhoto } from "../../scripts/media/stage-photos.ts";
import { startAppProcess, stopAppProcesses } from "./support/app-process.ts";
import { DASHBOARD_PATH, toast, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { withE2eDb } from "./support/db.ts";
import { expect, test, type APIRequestContext, type Page } from "./support/fixtures.ts";
import { E2E_EXTRA_PORTS, E2E_URL } from "./support/server-env.ts";
import { deleteStoredKeys, storedKeys } from "./support/storage.ts";

const OTHER_PROCESS = E2E_EXTRA_PORTS.processA;
const SITE = `${DASHBOARD_PATH}/site`;

/** Back to site.config.ts's content, for the specs that follow. */
async function resetSettings() {
  await withE2eDb(async (db) => {
    await db.deleteFrom("siteSettingVersions").execute();
    await db.deleteFrom("siteSettings").execute();
    await db.deleteFrom("photos").execute();
    await db
      .updateTable("contentVersion")
      .set((eb) => ({ version: eb("version", "+", 1) }))
      .execute();
  });
}

/** An anonymous visitor of the main server or of the second process: raw HTML, no JavaScript. */
async function visitors(playwright: { request: { newContext(options: object): Promise<APIRequestContext> } }) {
  const headers = { origin: E2E_URL, "x-forwarded-host": new URL(E2E_URL).host };
  return {
    main: await playwright.request.newContext({ baseURL: E2E_URL }),
    other: await playwright.request.newContext({ baseURL: `http://127.0.0.1:${OTHER_PROCESS}`, extraHTTPHeaders: headers }),
  };
}

const section = (page: Page, title: string) => page.getByRole("region", { name: title });

async function save(page: Page, title: string) {
  await section(page, title)
    .getByRole("button", { name: `Save ${title}` })
    .click();
  await expect(toast(page, "success", `${title} saved. The site shows it now.`)).toBeVisible();
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? "null") as Record<string, unknown>,
  );
}

function metaContent(html: string, property: string): string | undefined {
  const tag = [...html.matchAll(/<meta [^>]*>/g)].map((m) => m[0]).find((t) => t.includes(`property="${property}"`));
  return tag?.match(/content="([^"]*)"/)?.[1]?.replace(/&amp;/g, "&");
}

test.describe.serial("the Site area", () => {
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    await resetSettings();
    await startAppProcess(OTHER_PROCESS);
  });
  test.afterAll(async () => {
    await stopAppProcesses();
    await resetSettings();
    await deleteStoredKeys((await storedKeys()).filter((key) => key.startsWith("photos/")));
  });

  test("an admin's name, bio and links show at once in every page, share card, JSON-LD and share image, on every process", async ({
    page,
    browser,
    playwright,
  }) => {
    // The heaviest test here: two full-size photos made into every variant, and
    // both processes' pages and share images made again.
    test.slow();
    const { main, other } = await visitors(playwright);
    // Both processes have the old pages cached, and the old share image made.
    const imageBefore = new Map<string, Buffer>();
    for (const [name, visitor] of Object.entries({ main, other })) {
      await visitor.get("/");
      const html = await (await visitor.get("/")).text();
      expect(html).toContain("Juniper Vale");
      const image = new URL(metaContent(html, "og:image") ?? "", E2E_URL);
      imageBefore.set(name, await (await visitor.get(image.pathname + image.search)).body());
    }

    await signInAsAdmin(page);
    await page.goto(SITE);
    await waitForHydration(page);
    const identity = section(page, "Name and description");
    await identity.getByLabel("Artist name").fill("Marlow Finch");
    await save(page, "Name and description");

    const bio = section(page, "Bio");
    const story = bio.getByLabel("Your story");
    await story.fill(`${await story.inputValue()}\n\nMarlow now writes on a ferry between two islands.`);
    await save(page, "Bio");

    const social = section(page, "Social links");
    await social.getByRole("button", { name: "+ Add a link" }).click();
    await social.getByLabel("Platform 8").selectOption("bluesky");
    await social.getByLabel("Bluesky link").fill("https://bsky.app/profile/marlow.example");
    await save(page, "Social links");

    // A hero photo and a portrait, through the same upload the Photos panel uses.
    for (const [slot, alt, pose] of [
      ["hero", "Marlow on a ferry deck at dusk", "mic"],
      ["portrait", "Marlow smiling, guitar on her back", "portrait"],
    ] as const) {
      const photo = await stagePhoto({
        width: 1600,
        height: 1000,
        pose,
        x: 0.5,
        scale: 0.8,
        colors: ["#0b1020", "#1e3a8a", "#fbbf24", "#0ea5e9"],
        seed: 7,
      });
      const uploaded = await page.request.post(`/api/uploads/photo?slot=${slot}&alt=${encodeURIComponent(alt)}&name=${slot}.jpg`, {
        data: photo,
        headers: { "content-type": "image/jpeg" },
      });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
    }

    for (const [name, visitor] of Object.entries({ main, other })) {
      const home = await (await visitor.get("/")).text();
      expect(home, name).toContain("<title>Marlow Finch | Songs for the long way home</title>");
      expect(metaContent(home, "og:site_name"), name).toBe("Marlow Finch");
      expect(metaContent(home, "og:title"), name).toBe("Marlow Finch | Songs for the long way home");
      const group = jsonLd(home).find((item) => item["@type"] === "MusicGroup");
      expect(group?.name, name).toBe("Marlow Finch");
      expect(group?.sameAs, name).toContain("https://bsky.app/profile/marlow.example");
      expect(home, name).toContain('aria-label="Bluesky (opens in a new tab)"');

      expect(home, name).toMatch(/<img [^>]*alt="Marlow on a ferry deck at dusk"[^>]*>/);
      expect(home, name).toMatch(/srcSet="\/media\/photos\/[^"]+\.w480\.avif 480w/i);
      const bioHtml = await (await visitor.get("/bio")).text();
      expect(bioHtml, name).toContain("Marlow now writes on a ferry between two islands.");
      expect(bioHtml, name).toMatch(/<img [^>]*alt="Marlow smiling, guitar on her back"[^>]*>/);
      expect(bioHtml, name).toContain("<title>Bio | Marlow Finch</title>");

      // The share image is now made from the hero photo, with the new name: new bytes.
      const image = new URL(metaContent(home, "og:image") ?? "", E2E_URL);
      const after = await visitor.get(image.pathname + image.search);
      expect(after.headers()["content-type"]).toBe("image/jpeg");
      expect((await after.body()).equals(imageBefore.get(name) ?? Buffer.alloc(0)), name).toBe(false);
    }

    // Another browser sees it too, rendered.
    const fans = await browser.newContext();
    const fan = await fans.newPage();
    await fan.goto(`${E2E_URL}/contact`);
    await expect(fan.getByRole("contentinfo").getByRole("link", { name: "Bluesky (opens in a new tab)" })).toHaveAttribute(
      "href",
      "https://bsky.app/profile/marlow.example",
    );
    await fans.close();
  });

  test("an older version comes back with Restore, as a new version that can itself be undone", async ({ page, playwright }) => {
    await signInAsAdmin(page);
    await page.goto(SITE);
    await waitForHydration(page);
    const identity = section(page, "Name and description");
    await identity.getByText("Earlier versions").click();
    await identity.getByRole("button", { name: "Restore The first-start text" }).click();
    await expect(toast(page, "success", "Name and description: the older version is back.")).toBeVisible();
    await expect(identity.getByLabel("Artist name")).toHaveValue("Juniper Vale");

    const { other } = await visitors(playwright);
    expect(await (await other.get("/")).text()).toContain("<title>Juniper Vale | Songs for the long way home</title>");
    // Marlow's version is still there to restore.
    await expect(
      identity
        .getByRole("listitem")
        .filter({ hasText: "Marlow Finch" })
        .getByRole("button", { name: /^Restore/ }),
    ).toBeVisible();
  });

  test("two tabs saving the same part: the later is told, keeps its text, and may save over it", async ({ page, playwright }) => {
    await signInAsAdmin(page);
    const tabs = [page, await page.context().newPage()];
    for (const tab of tabs) {
      await tab.goto(SITE);
      await waitForHydration(tab);
    }
    const [first, second] = tabs as [Page, Page];
    await section(first, "Home page").getByLabel("Heading under your name").fill("Written in the first tab");
    await save(first, "Home page");

    const home = section(second, "Home page");
    await home.getByLabel("Heading under your name").fill("Written in the second tab");
    await home.getByRole("button", { name: "Save Home page" }).click();
    await expect(home.getByRole("alert")).toContainText("saved this part at");
    await expect(home.getByRole("alert")).toContainText("Your text is still here.");
    await expect(home.getByLabel("Heading under your name")).toHaveValue("Written in the second tab");
    const { main } = await visitors(playwright);
    expect(await (await main.get("/")).text()).toContain("Written in the first tab");

    await home.getByRole("button", { name: "Save mine over it" }).click();
    await expect(toast(second, "success", "Home page saved.")).toBeVisible();
    expect(await (await main.get("/")).text()).toContain("Written in the second tab");
  });

  test("bad input: a message on the field, nothing saved; markup is shown as text", async ({ page, playwright }) => {
    await signInAsAdmin(page);
    await page.goto(SITE);
    await waitForHydration(page);
    const { main } = await visitors(playwright);

    const social = section(page, "Social links");
    const first = social.getByLabel("Spotify link");
    await first.fill("javascript:alert(1)");
    await social.getByRole("button", { name: "Save Social links" }).click();
    await expect(first).toHaveAttribute("aria-invalid", "true");
    await expect(first).toBeFocused();
    await expect(social.getByText("Must be a web address starting with https://")).toBeVisible();
    // The form's own word comes first, above the fields it says are marked below.
    const notSaved = social.getByText("Not saved: fix the fields marked below.");
    await expect(notSaved).toBeVisible();
    const [said, field] = [await notSaved.boundingBox(), await social.getByLabel(/link$/).first().boundingBox()];
    expect(said && field && said.y < field.y).toBe(true);
    const contact = await (await main.get("/contact")).text();
    expect(contact).toContain('href="https://open.spotify.com/"');
    expect(contact).not.toContain("javascript:");

    const video = section(page, "Live video");
    await video.getByLabel("YouTube address").fill("https://vimeo.com/1234");
    await video.getByRole("button", { name: "Save Live video" }).click();
    await expect(video.getByText("Paste a YouTube address (or the 11-character video id).")).toBeVisible();
    await video.getByLabel("YouTube address").fill("https://youtu.be/dQw4w9WgXcQ");
    await video.getByLabel("Start at").fill("1:23");
    await save(page, "Live video");
    let music = await (await main.get("/music")).text();
    expect(music).toContain("dQw4w9WgXcQ");
    // An address copied "at current time" starts there.
    await video.getByLabel("YouTube address").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m13s");
    await save(page, "Live video");
    await expect(section(page, "Live video").getByLabel("Start at")).toHaveValue("1:13");
    // A profile address copied without its https:// is taken, with it.
    await section(page, "Social links").getByLabel("Spotify link").fill("open.spotify.com/artist/juniper");
    await save(page, "Social links");
    await expect(section(page, "Social links").getByLabel("Spotify link")).toHaveValue("https://open.spotify.com/artist/juniper");
    music = await (await main.get("/music")).text();
    expect(music).not.toContain("youtube-nocookie.com/embed"); // nothing from the video host before a click

    const home = section(page, "Home page");
    await home.getByLabel("Heading under your name").fill('<img src=x onerror="alert(1)"><script>alert(2)</script>');
    await save(page, "Home page");
    const html = await (await main.get("/")).text();
    expect(html).toContain("&lt;img src=x onerror=");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>alert(2)");
  });

  test("the privacy page takes the artist's Markdown, safely", async ({ page, playwright }) => {
    await signInAsAdmin(page);
    await page.goto(SITE);
    await waitForHydration(page);
    const privacy = section(page, "Privacy page");
    await privacy
      .getByLabel("Text")
      .fill("## Our promise\n\nWe keep nothing. [Write](https://example.com/x) <script>alert(1)</script> [bad](javascript:alert(1))");
    await save(page, "Privacy page");
    const { other } = await visitors(playwright);
    const html = await (await other.get("/privacy")).text();
    expect(html).toContain("<h2>Our promise</h2>");
    expect(html).toContain('<a href="https://example.com/x" rel="noopener noreferrer" target="_blank">Write</a>');
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain('href="javascript');
  });
});
