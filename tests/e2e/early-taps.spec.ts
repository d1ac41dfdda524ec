// Issue #31, point 1: a control a fan can see works at the first tap, before
// the page's JavaScript has hydrated it (app/lib/document/early-taps.ts). Play starts
// the song at once and the player takes it over; mute, the theme and the
// mobile menu answer at once; every other control keeps the tap and carries it
// out once the app is there, exactly once.
//
// The first test is the phone (1.6 Mbit/s, 150 ms, CPU 4x slower)
// tapping Play the moment it shows. The others hold the app's scripts back
// until the test lets them through, so "before hydration" is certain.
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import { SLOW_PHONE } from "#scripts/bench/tap-to-sound.ts";
import { DASHBOARD_PATH, toast } from "./support/browser.ts";
import { DEMO_CLI_TIMEOUT_MS, demoCli, uniqueEmail } from "./support/cli.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { deleteSongRows, withE2eDb } from "./support/db.ts";
import { deleteStoredKeys, storedKeys } from "./support/storage.ts";
import { expect, test, type Page } from "./support/fixtures.ts";
import { holdScripts, hydrated } from "./support/hold-scripts.ts";
import { audioFile, audioState, homePlayer, musicPlayer } from "./support/player.ts";

/** A one-pixel PNG: a real photo file, as small as one can be. */
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

test.describe("taps before the page is interactive", () => {
  test.use(PHONE);

  let keysBefore = new Set<string>();
  test.beforeAll(async () => {
    // The demo makes each song's renditions and measures (decision 026): more than a test's default 30 s on a busy machine.
    test.setTimeout(DEMO_CLI_TIMEOUT_MS);
    keysBefore = new Set(await storedKeys());
    // Exactly the demo songs (newest first: Paper Boats, the latest release; Kitchen Table; Riverside Hymn).
    await withE2eDb(async (db) => {
      await deleteSongRows(db);
      await bumpContentVersion(db);
    });
    expect(await demoCli()).toContain('Added "Paper Boats"');
  });

  test.afterAll(async () => {
    // The site as the next spec file expects it: no songs.
    await withE2eDb(async (db) => {
      await deleteSongRows(db);
      await bumpContentVersion(db);
    });
    await deleteStoredKeys((await storedKeys()).filter((key) => !keysBefore.has(key)));
  });

  test("on a slow phone, the first tap on Play as it appears plays the song, and the player takes it over", async ({ page, context }) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: SLOW_PHONE.latencyMs,
      downloadThroughput: SLOW_PHONE.downloadBitsPerSecond / 8,
      uploadThroughput: SLOW_PHONE.uploadBitsPerSecond / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PHONE.cpuSlowdown });
    // On that phone the app hydrates seconds after Play shows; a busy test machine can close the gap, so
    // the app's scripts wait until the tap is made: what is tested is certainly a tap before hydration.
    const scripts = await holdScripts(page);
    await page.addInitScript(() => {
      document.addEventListener(
        "pointerdown",
        () => {
          (window as unknown as { tappedHydrated?: boolean }).tappedHydrated ??= document.documentElement.hasAttribute("data-hydrated");
        },
        true,
      );
    });

    void page.goto("/", { waitUntil: "commit" }).catch(() => {});
    const region = homePlayer(page);
    const play = region.getByRole("button", { name: "Play Paper Boats", exact: true });
    await play.waitFor({ state: "visible", timeout: 20_000 });
    await play.tap();
    expect(await page.evaluate(() => (window as unknown as { tappedHydrated?: boolean }).tappedHydrated)).toBe(false);

    // One tap: the song plays, from the server's own <audio> element.
    await expect.poll(async () => (await audioState(page)).paused, { timeout: 15_000 }).toBe(false);
    await expect.poll(async () => (await audioState(page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(0.3);
    expect((await audioState(page)).src).toMatch(audioFile("Paper Boats"));

    // Once hydrated, the player shows what plays, playing on, and the next tap pauses it.
    await scripts.release();
    const pause = region.getByRole("button", { name: "Pause Paper Boats", exact: true });
    await expect(pause).toBeVisible();
    await expect(page.getByRole("region", { name: "Now playing" })).toContainText("Paper Boats");
    const before = (await audioState(page)).currentTime;
    await expect.poll(async () => (await audioState(page)).currentTime, { message: "playing on, not restarted" }).toBeGreaterThan(before);
    await pause.tap();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await expect(region.getByRole("button", { name: "Play Paper Boats", exact: true })).toBeVisible();
  });

  test("Play shows it was heard before hydration: the pause icon, a second tap pauses", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/music", { waitUntil: "domcontentloaded" });
    const region = musicPlayer(page);
    const play = region.getByRole("button", { name: "Play Paper Boats", exact: true });
    await play.tap();
    const pause = region.getByRole("button", { name: "Pause Paper Boats", exact: true });
    await expect(pause).toHaveAttribute("data-state", /^(loading|playing)$/);
    await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(0.3);
    await expect(pause).toHaveAttribute("data-state", "playing");
    await pause.tap();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await expect(region.getByRole("button", { name: "Play Paper Boats", exact: true })).toHaveAttribute("data-state", "paused");
    expect(await hydrated(page)).toBe(false);

    // A track chosen from the list plays at once too; the app then shows that track.
    await region
      .getByRole("list", { name: "Tracks" })
      .getByRole("button", { name: /Kitchen Table/ })
      .tap();
    await expect.poll(async () => (await audioState(page)).src).toMatch(audioFile("Kitchen Table"));
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    await scripts.release();
    await expect(region.getByTestId("player-title")).toHaveText("Kitchen Table");
    await expect(region.getByRole("button", { name: "Pause Kitchen Table", exact: true })).toBeVisible();
    expect((await audioState(page)).paused).toBe(false);
  });

  test("Listen Now before hydration plays the latest release and brings its player into view", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.getByRole("link", { name: "Listen Now" }).tap();
    await expect(page).toHaveURL("/");
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    expect((await audioState(page)).src).toMatch(audioFile("Paper Boats"));
    await expect(homePlayer(page)).toBeInViewport();
    await scripts.release();
    await expect(homePlayer(page).getByRole("button", { name: "Pause Paper Boats", exact: true })).toBeVisible();
  });

  test("mute, the theme and the mobile menu answer the first tap before hydration, and agree with the app after it", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/music", { waitUntil: "domcontentloaded" });
    const region = musicPlayer(page);

    await region.getByRole("button", { name: "Mute", exact: true }).tap();
    expect((await audioState(page)).muted).toBe(true);
    await expect(region.getByRole("button", { name: "Unmute", exact: true })).toHaveAttribute("aria-pressed", "true");

    await page.getByTestId("theme-toggle").tap();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await expect(page.getByTestId("theme-toggle")).toHaveAccessibleName("Switch to light theme");

    await page.getByRole("button", { name: "Open menu" }).tap();
    const menu = page.locator("[popover]");
    await expect(menu.getByRole("link", { name: "Bio" })).toBeVisible();
    expect(await hydrated(page)).toBe(false);

    await scripts.release();
    // The app took each over as it found it: one more tap undoes each.
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await menu.getByRole("link", { name: "Bio" }).tap();
    await expect(page).toHaveURL("/bio");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");

    await expect(page.getByTestId("theme-toggle")).toHaveAccessibleName("Switch to light theme");
    await page.getByTestId("theme-toggle").tap();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

    // The page moved on in the app: the same audio element, still muted, and the player says so.
    await page.getByRole("button", { name: "Open menu" }).tap();
    await menu.getByRole("link", { name: "Music" }).tap();
    await expect(page).toHaveURL("/music");
    const unmute = musicPlayer(page).getByRole("button", { name: "Unmute", exact: true });
    await expect(unmute).toHaveAttribute("aria-pressed", "true");
    await unmute.tap();
    expect((await audioState(page)).muted).toBe(false);
  });

  test("other controls keep a tap from before hydration and carry it out once, after it", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/music", { waitUntil: "domcontentloaded" });
    const region = musicPlayer(page);
    const loop = region.getByRole("button", { name: "Loop" });
    await loop.tap();
    // Shown as on its way, not yet done.
    await expect(loop).toHaveAttribute("data-early-held", "");
    await expect(loop).toHaveAttribute("aria-pressed", "false");
    await region.getByRole("button", { name: "Next song" }).tap();
    await expect(region.getByTestId("player-title")).toHaveText("Paper Boats");

    await scripts.release();
    await expect(loop).toHaveAttribute("aria-pressed", "true");
    await expect(loop).not.toHaveAttribute("data-early-held");
    expect((await audioState(page)).loop).toBe(true);
    // Next, pressed once: the song after the shown one plays.
    await expect(region.getByTestId("player-title")).toHaveText("Kitchen Table");
    await expect.poll(async () => (await audioState(page)).src).toMatch(audioFile("Kitchen Table"));
  });
});

test("the dashboard's Add New Song, pressed before hydration, opens the wizard once it is there (a toggle, so once exactly)", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const scripts = await holdScripts(page);
  await page.goto(DASHBOARD_PATH, { waitUntil: "domcontentloaded" });
  const add = page.getByRole("button", { name: "Add New Song" });
  await add.click();
  await expect(add).toHaveAttribute("data-early-held", "");
  await scripts.release();
  await expect(page.getByRole("form", { name: "Add New Song" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel", exact: true }).first()).toBeVisible();
});

test("the dashboard keeps the artist's place when its app starts: scrolled down before, still there after; on a phone the tabs row shows the current area", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 700 });
  const scripts = await holdScripts(page);
  await page.goto(`${DASHBOARD_PATH}/account`, { waitUntil: "domcontentloaded" });
  await page.evaluate(() => window.scrollTo(0, 600));
  await scripts.release();
  // The app has started: the tabs row scrolled itself, the page did not.
  const tabs = page.getByRole("navigation", { name: "Dashboard" });
  await expect.poll(() => tabs.evaluate((row) => row.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(600);
  const current = await tabs.getByRole("link", { name: "Account" }).evaluate((link) => {
    const row = link.parentElement!.getBoundingClientRect();
    const box = link.getBoundingClientRect();
    return box.left >= row.left - 1 && box.right <= row.right + 1;
  });
  expect(current).toBe(true);
});

test("files chosen on the dashboard before its app starts are kept: each choice, in order, once", async ({ page }) => {
  await signInAsAdmin(page);
  const scripts = await holdScripts(page);
  await page.goto(`${DASHBOARD_PATH}/site`, { waitUntil: "domcontentloaded" });
  const picture = (name: string) => ({ name, mimeType: "image/png", buffer: Buffer.from(PNG_1PX, "base64") });
  const pressInput = page.getByTestId("photo-slot-press").locator('input[type="file"]');
  // Two choices in a row: the second replaces the input's files, not the first choice.
  await pressInput.setInputFiles([picture("one.png"), picture("two.png")]);
  await pressInput.setInputFiles(picture("three.png"));
  await expect(pressInput).toHaveAttribute("data-early-held", "");
  // A file that is not a photo, in another slot: refused at its slot once the app is there.
  await page
    .getByTestId("photo-slot-poster")
    .locator('input[type="file"]')
    .setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all".repeat(50)) });
  await scripts.release();
  const drafts = page.getByTestId("photo-slot-press").getByTestId("photo-draft");
  await expect(drafts).toHaveCount(3);
  for (const name of ["one", "two", "three"])
    await expect(page.getByTestId("photo-slot-press").getByRole("form", { name: new RegExp(`${name}\\.png`) })).toHaveCount(1);
  await expect(page.getByTestId("photo-slot-poster").getByRole("alert")).toHaveText("Please choose a JPG, PNG, WebP or AVIF photo.");
  await expect(pressInput).not.toHaveAttribute("data-early-held");
});

test("a form only the app can send (the Admins invite) waits for it when sent early, then is sent once, by the app", async ({ page }) => {
  await signInAsAdmin(page);
  const scripts = await holdScripts(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    // The app asks by fetch (a .data address), a page would by navigation: both are counted.
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/api/admins")) posts.push(request.url());
  });
  await page.goto(`${DASHBOARD_PATH}/account`, { waitUntil: "domcontentloaded" });
  const admins = page.getByRole("region", { name: "Admins" });
  const email = `early-invite-${Date.now()}@example.com`;
  await admins.getByLabel("Their email address").fill(email);
  const send = admins.getByRole("button", { name: "Make invite link" });
  await send.click();
  await send.click();
  // Not sent to the API as a page (its answer is JSON): kept, shown as waiting.
  await expect(page).toHaveURL(new RegExp(`${DASHBOARD_PATH}/account$`));
  await expect(admins.locator("form[data-early-held]")).toHaveCount(1);
  await scripts.release();
  await expect(admins.getByText(`This site sends no mail, so pass this link on to ${email} yourself.`)).toBeVisible();
  await expect(admins.getByRole("list", { name: "Waiting to be accepted" }).getByText(email)).toHaveCount(1);
  // Pressed twice while waiting, sent once.
  expect(posts).toHaveLength(1);
});

/** A fan's account, made and signed in directly: the sign-up form is not what these tests are about. */
async function signedInFan(page: Page, prefix: string, name: string) {
  const account = { email: uniqueEmail(prefix), password: "kitchen-table-77", name };
  expect((await page.request.post("/api/auth/sign-up/email", { data: account })).ok()).toBe(true);
  expect((await page.request.post("/api/auth/sign-in/email", { data: account })).ok()).toBe(true);
  return account;
}

test("a fan's name saved before the account page's app starts is saved, and the page says so once the app is there", async ({ page }) => {
  const { email } = await signedInFan(page, "early-name", "Early Fan");
  const scripts = await holdScripts(page);
  await page.goto("/account", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Name", { exact: true }).fill("Early Renamed");
  // Before the app: the form is sent as a page, and the server's answer is the next page.
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Early Renamed");
  await scripts.release();
  await expect(toast(page, "success", "Your name is saved.")).toHaveCount(1);
  const saved = await withE2eDb((db) => db.selectFrom("user").select("name").where("email", "=", email).executeTakeFirst());
  expect(saved?.name).toBe("Early Renamed");
});

test("deleting the account, pressed before the page's app starts, still asks for a yes before anything is deleted", async ({ page }) => {
  const account = await signedInFan(page, "early-delete", "Early Leaver");
  const { email } = account;
  const scripts = await holdScripts(page);
  await page.goto("/account", { waitUntil: "domcontentloaded" });
  const section = page.getByRole("region", { name: "Delete your account" });
  await section.getByLabel("Current password").fill(account.password);
  const asked = page.waitForEvent("dialog");
  await section.getByRole("button", { name: "Delete my account" }).click();
  // Not sent as a page: kept until the app can ask.
  await expect(section.locator("form[data-early-held]")).toHaveCount(1);
  // The confirm comes as the app starts, and holds the page until it is answered.
  const releasing = scripts.release();
  const dialog = await asked;
  await dialog.dismiss();
  await releasing;
  await expect(page).toHaveURL("/account");
  expect(await withE2eDb((db) => db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst())).toBeDefined();
});

test("a message written before the contact page's app starts is kept, counted once the app is there, and sent as written", async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto("/contact", { waitUntil: "domcontentloaded" });
  const form = page.getByRole("form", { name: "Contact form" });
  const text = `Written on the bus before the page woke ${Date.now()}`;
  await form.getByLabel("Message").fill(text);
  await scripts.release();
  await expect(form.getByLabel("Message")).toHaveValue(text);
  await expect(form.getByText(`${text.length} / 5,000`)).toBeVisible();
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message Sent!" })).toBeVisible();
  const rows = await withE2eDb((db) => db.selectFrom("contacts").select("message").where("message", "=", text).execute());
  expect(rows).toHaveLength(1);
});

test("a social link's platform and address changed before the Site area's app starts are kept, and saved as changed", async ({ page }) => {
  const before = await withE2eDb((db) => db.selectFrom("siteSettings").selectAll().where("section", "=", "social").executeTakeFirst());
  await signInAsAdmin(page);
  const scripts = await holdScripts(page);
  await page.goto(`${DASHBOARD_PATH}/site`, { waitUntil: "domcontentloaded" });
  const social = page.getByRole("region", { name: "Social links" });
  try {
    // The platform's select is the app's (its choice is held in the page's state), like the address beside it.
    await social.getByLabel("Platform 1").selectOption("bluesky");
    await social.locator('input[name="links.0.url"]').fill("https://bsky.app/profile/early.example");
    await scripts.release();
    await expect(social.getByLabel("Platform 1")).toHaveValue("bluesky");
    await expect(social.getByLabel("Bluesky link")).toHaveValue("https://bsky.app/profile/early.example");
    await social.getByRole("button", { name: "Save Social links" }).click();
    await expect(toast(page, "success", "Social links saved. The site shows it now.")).toBeVisible();
    const saved = await withE2eDb((db) =>
      db.selectFrom("siteSettings").select("data").where("section", "=", "social").executeTakeFirstOrThrow(),
    );
    expect((JSON.parse(saved.data) as { links: unknown[] }).links[0]).toEqual({
      platform: "bluesky",
      url: "https://bsky.app/profile/early.example",
    });
  } finally {
    // The site's links as the next test expects them.
    await withE2eDb(async (db) => {
      await db
        .deleteFrom("siteSettingVersions")
        .where("section", "=", "social")
        .where("revision", ">", before?.revision ?? -1)
        .execute();
      if (before) await db.updateTable("siteSettings").set(before).where("section", "=", "social").execute();
      else await db.deleteFrom("siteSettings").where("section", "=", "social").execute();
      await bumpContentVersion(db);
    });
  }
});
