// After upload: the artist edits a song's title, links and cover from the Music
// Library (its id and share address stay, fans see the edit at once, the old
// cover's files go), a bad link is refused on its field with nothing changed,
// an edit made meanwhile elsewhere is not overwritten silently; the wizard can
// make a new song the latest release; and the library plays a song and copies
// its share link.
import { coverPng, synthWav } from "../../scripts/media/synth.ts";
import { coverDerivedKeys } from "#app/domain/derived-keys.ts";
import { DASHBOARD_PATH, toast, waitForHydration } from "./support/browser.ts";
import { pendingCount, signInAsAdmin, songIdOf, uploadSong } from "./support/dashboard.ts";
import { deleteSongRows, songPathOf, withE2eDb } from "./support/db.ts";
import { expect, test, type APIRequestContext, type Locator, type Page } from "./support/fixtures.ts";
import { audioState } from "./support/player.ts";
import { E2E_URL } from "./support/server-env.ts";
import { outsideSite } from "./support/outside-site.ts";
import { storedKeys } from "./support/storage.ts";

const INVALID_LINK = "Streaming links must be http(s) URLs";
const CONFLICT = "This song was changed somewhere else (another tab or device) after you opened it, so your changes were not saved.";
const DELETED = "This song has been deleted (perhaps in another tab), so your changes could not be saved.";

const songRow = (id: string) => withE2eDb((db) => db.selectFrom("songs").selectAll().where("id", "=", id).executeTakeFirst());

/** The song's edit dialog, opened from its card; waits for React first, so the click opens it. */
async function openEditor(page: Page, title: string) {
  await page.goto(DASHBOARD_PATH);
  await waitForHydration(page);
  await page.getByRole("button", { name: `Edit: ${title}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Song" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Removes the songs a test made, so the specs after this one start from what they expect. */
async function deleteSongs(request: APIRequestContext, ids: string[]) {
  for (const id of ids) await request.post("/api/songs", { form: { intent: "delete-song", id } });
}

/** Signed in as an admin, with a song of that title uploaded, on the dashboard once it has hydrated; the clipboard allowed. */
async function libraryWithSong(page: Page, title: string) {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_URL });
  await signInAsAdmin(page);
  const request = page.context().request;
  // A song an earlier attempt of the test left (its clean-up cut short) would be a second one of this title.
  await withE2eDb(async (db) =>
    deleteSongRows(
      db,
      (await db.selectFrom("songs").select("id").where("title", "=", title).execute()).map((row) => row.id),
    ),
  );
  await uploadSong(request, title);
  const id = await songIdOf(title);
  await page.goto(DASHBOARD_PATH);
  await waitForHydration(page);
  return { request, id };
}

/** The browser refuses the clipboard, both ways the library tries. */
async function refuseClipboard(page: Page) {
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException("Refused", "NotAllowedError"));
    document.execCommand = () => false;
  });
}

/** The text selected in a text field. */
const selectedText = (field: Locator) =>
  field.evaluate((input: HTMLInputElement | HTMLTextAreaElement) => input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0));

test.describe.serial("editing a song after upload", () => {
  test("an admin changes title, links and cover: same id and address, fans see it at once, the old cover's files are gone", async ({
    page,
    playwright,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const request = page.context().request;
    const { coverKey: oldCover } = await uploadSong(request, "Before the Edit");
    const id = await songIdOf("Before the Edit");
    const before = await songRow(id);
    if (!before) throw new Error("song missing");
    const fan = await playwright.request.newContext({ baseURL: E2E_URL });
    try {
      // An anonymous visitor's page, now in the page cache.
      expect(await (await fan.get(`/music/${id}`)).text()).toContain("Before the Edit");

      const dialog = await openEditor(page, "Before the Edit");
      // Pre-filled, with the current cover shown; the title has the focus.
      const title = dialog.getByRole("textbox", { name: "Title" });
      await expect(title).toHaveValue("Before the Edit");
      await expect(title).toBeFocused();
      await expect(dialog.getByRole("img", { name: "Current cover art for Before the Edit" })).toBeVisible();
      for (const service of ["Spotify", "Apple Music", "Amazon Music", "YouTube"]) await expect(dialog.getByLabel(service)).toHaveValue("");

      // A bad link: its message on its field, nothing sent, nothing typed lost.
      const newTitle = `After the Edit <img src=x onerror="window.__edited=1">`;
      await title.fill(newTitle);
      await dialog.getByLabel("Spotify").fill("javascript:alert(1)");
      await dialog.getByLabel("YouTube").fill("https://youtu.be/after");
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      const spotify = dialog.getByLabel("Spotify");
      await expect(spotify).toBeFocused();
      await expect(spotify).toHaveAttribute("aria-invalid", "true");
      await expect(dialog.getByText(INVALID_LINK)).toBeVisible();
      await expect(title).toHaveValue(newTitle);
      await expect(dialog.getByLabel("YouTube")).toHaveValue("https://youtu.be/after");
      expect(await songRow(id)).toEqual(before);

      // The same refusal from the server, for a browser that skipped the check.
      const refused = await request.post("/api/songs", {
        form: {
          intent: "update-song",
          id,
          expectedUpdatedAt: String(before.updatedAt),
          title: "Sneaky",
          spotify: "javascript:alert(1)",
        },
      });
      expect(refused.status()).toBe(400);
      expect(await refused.json()).toMatchObject({ success: false, fields: { spotify: INVALID_LINK } });
      expect(await songRow(id)).toEqual(before);

      // Fixed, with a new cover.
      await spotify.fill("https://open.spotify.com/track/after");
      await expect(dialog.getByText(INVALID_LINK)).toHaveCount(0);
      await dialog.getByLabel("Apple Music").fill("https://music.apple.com/album/after");
      const png = await coverPng("After", ["#0c4a6e", "#f43f5e"], 300);
      await dialog.getByRole("button", { name: /new cover/ }).setInputFiles({ name: "after.png", mimeType: "image/png", buffer: png });
      await expect(dialog.getByRole("img", { name: "New cover art" })).toBeVisible();
      await dialog.getByRole("button", { name: "Save Changes" }).click();

      await expect(toast(page, "success", `Saved changes to "${newTitle}"`)).toBeVisible();
      await expect(dialog).toHaveCount(0);
      // The focus is back where the artist was.
      await expect(page.getByRole("button", { name: `Edit: ${newTitle}`, exact: true })).toBeFocused();
      const card = page.getByRole("listitem").filter({ hasText: "After the Edit" });
      await expect(card.getByRole("heading")).toHaveText(newTitle);

      const after = await songRow(id);
      if (!after) throw new Error("song gone");
      expect(after).toMatchObject({
        id,
        title: newTitle,
        audioKey: before.audioKey,
        createdAt: before.createdAt,
        spotifyUrl: "https://open.spotify.com/track/after",
        appleUrl: "https://music.apple.com/album/after",
        amazonUrl: "",
        youtubeUrl: "https://youtu.be/after",
      });
      expect(after.coverKey).not.toBe(oldCover);
      expect(after.updatedAt).toBeGreaterThan(before.updatedAt);
      expect(await pendingCount()).toBe(0);
      // The old cover and every variant of it are gone; the new one and its variants are there.
      const keys = await storedKeys();
      for (const key of [oldCover, ...coverDerivedKeys(oldCover)]) expect(keys, key).not.toContain(key);
      for (const key of [after.coverKey, ...coverDerivedKeys(after.coverKey)]) expect(keys, key).toContain(key);

      // The same address shows the edit: to the anonymous visitor at once (raw HTML)...
      const html = await (await fan.get(`/music/${id}`)).text();
      expect(html).toContain("After the Edit &lt;img src=x onerror=");
      expect(html).not.toContain("<img src=x");
      expect(html).toContain(after.coverKey);
      expect(html).not.toContain(oldCover);
      expect(html).toContain('href="https://open.spotify.com/track/after"');
      expect(html).toContain('href="https://music.apple.com/album/after"');
      // ...and in the browser, where the title is text and the links are the new ones.
      await page.goto(`/music/${id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(newTitle);
      const player = page.getByRole("region", { name: `Player for ${newTitle}` });
      await expect(player.getByRole("img", { name: `Cover art for ${newTitle}` })).toHaveAttribute("src", new RegExp(after.coverKey));
      const links = player.getByRole("list", { name: `Stream ${newTitle}` });
      await expect(links.getByRole("link", { name: /Spotify/ })).toHaveAttribute("href", "https://open.spotify.com/track/after");
      await expect(links.getByRole("link", { name: /YouTube/ })).toHaveAttribute("href", "https://youtu.be/after");
      await expect(links.getByRole("link", { name: /Amazon Music/ })).toHaveCount(0);
      expect(await page.evaluate(() => (window as { __edited?: number }).__edited)).toBeUndefined();
      expect((await fan.get(`/media/${oldCover}`)).status()).toBe(404);
    } finally {
      await fan.dispose();
      await deleteSongs(request, [id]);
    }
  });

  test("an edit made meanwhile elsewhere is not overwritten silently; a deleted song says so", async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsAdmin(page);
    const request = page.context().request;
    await uploadSong(request, "Two Tabs");
    const id = await songIdOf("Two Tabs");
    try {
      const dialog = await openEditor(page, "Two Tabs");
      // Another tab saves first.
      const row = await songRow(id);
      const other = await request.post("/api/songs", {
        form: { intent: "update-song", id, expectedUpdatedAt: String(row?.updatedAt), title: "Changed Elsewhere" },
      });
      expect(other.status()).toBe(200);

      await dialog.getByRole("textbox", { name: "Title" }).fill("Mine");
      await dialog.getByLabel("Amazon Music").fill("https://music.amazon.com/mine");
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(dialog.getByRole("alert").filter({ hasText: CONFLICT })).toBeVisible();
      expect((await songRow(id))?.title).toBe("Changed Elsewhere");
      // What was typed is still there; the library shows what is saved now.
      await expect(dialog.getByRole("textbox", { name: "Title" })).toHaveValue("Mine");
      await expect(dialog.getByLabel("Amazon Music")).toHaveValue("https://music.amazon.com/mine");

      // Looking at theirs, then keeping mine after all.
      await dialog.getByRole("button", { name: "Show the latest version" }).click();
      await expect(dialog.getByRole("textbox", { name: "Title" })).toHaveValue("Changed Elsewhere");
      await dialog.getByRole("textbox", { name: "Title" }).fill("Mine");
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(toast(page, "success", 'Saved changes to "Mine"')).toBeVisible();
      expect((await songRow(id))?.title).toBe("Mine");

      // Again, and this time the artist knowingly saves over the other tab's change.
      const again = await openEditor(page, "Mine");
      const current = await songRow(id);
      await request.post("/api/songs", {
        form: { intent: "update-song", id, expectedUpdatedAt: String(current?.updatedAt), title: "Theirs Again" },
      });
      await again.getByRole("textbox", { name: "Title" }).fill("Mine Again");
      await again.getByRole("button", { name: "Save Changes" }).click();
      await expect(again.getByRole("alert").filter({ hasText: CONFLICT })).toBeVisible();
      await again.getByRole("button", { name: "Save mine anyway" }).click();
      await expect(toast(page, "success", 'Saved changes to "Mine Again"')).toBeVisible();
      expect((await songRow(id))?.title).toBe("Mine Again");

      // Deleted in another tab while the editor is open.
      const reopened = await openEditor(page, "Mine Again");
      expect((await request.post("/api/songs", { form: { intent: "delete-song", id } })).status()).toBe(200);
      await reopened.getByRole("textbox", { name: "Title" }).fill("Too Late");
      await reopened.getByRole("button", { name: "Save Changes" }).click();
      await expect(reopened.getByRole("alert").filter({ hasText: DELETED })).toBeVisible();
      await reopened.getByRole("button", { name: "Close" }).click();
      await expect(reopened).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Edit: Mine Again" })).toHaveCount(0);
      // The keyboard is on the library's heading, not lost on the page.
      await expect(page.getByRole("heading", { name: "Music Library" })).toBeFocused();
      expect(await songRow(id)).toBeUndefined();
    } finally {
      await deleteSongs(request, [id]);
    }
  });

  test("the wizard's latest-release checkbox makes the new song the latest, on the home and music pages", async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsAdmin(page);
    const request = page.context().request;
    await uploadSong(request, "Old Latest");
    const oldId = await songIdOf("Old Latest");
    expect((await request.post("/api/songs", { form: { intent: "mark-latest", id: oldId } })).status()).toBe(200);
    let newId = "";
    try {
      await page.goto(DASHBOARD_PATH);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Add New Song" }).click();
      const wizard = page.getByRole("form", { name: "Add New Song" });
      const wav = synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 });
      await wizard.locator('input[type="file"]').setInputFiles({ name: "take.wav", mimeType: "audio/wav", buffer: wav });
      await wizard.getByRole("button", { name: "Next" }).click();
      const png = await coverPng("New", ["#1c1917", "#65a30d"], 300);
      await wizard.locator('input[type="file"]').setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: png });
      await expect(wizard.getByRole("img", { name: "Chosen cover art" })).toBeVisible();
      await wizard.getByRole("button", { name: "Next" }).click();
      await wizard.getByRole("textbox", { name: "Title" }).fill("Brand New Latest");
      const latest = wizard.getByRole("checkbox", { name: "Make this the latest release" });
      await expect(latest).not.toBeChecked();
      await latest.check();
      await wizard.getByRole("button", { name: "Add Song" }).click();
      await expect(wizard.getByText("Song uploaded successfully! 🎉")).toBeVisible({ timeout: 20_000 });
      const card = page.getByRole("listitem").filter({ hasText: "Brand New Latest" });
      await expect(card.getByText("Latest Release")).toBeVisible();
      await expect(page.getByRole("button", { name: "Mark as Latest: Old Latest" })).toBeVisible();

      newId = await songIdOf("Brand New Latest");
      const latestRows = await withE2eDb((db) => db.selectFrom("songs").select("id").where("isLatest", "=", 1).execute());
      expect(latestRows.map((row) => row.id)).toEqual([newId]);

      await page.goto("/");
      const home = page.getByRole("region", { name: "Latest Music player" });
      await expect(home.getByTestId("player-title")).toHaveText("Brand New Latest");
      await expect(home.getByText("Latest Release")).toBeVisible();
      await page.goto("/music");
      const music = page.getByRole("region", { name: "Current Releases player" });
      await expect(music.getByTestId("player-title")).toHaveText("Brand New Latest");
      await expect(music.getByText("Latest Release")).toBeVisible();
    } finally {
      await deleteSongs(request, [oldId, ...(newId ? [newId] : [])]);
    }
  });

  test("the library plays a song through the site's player and copies its share link", async ({ page }) => {
    test.setTimeout(60_000);
    const { request, id } = await libraryWithSong(page, "Shared Song");
    try {
      await page.getByRole("button", { name: "Play: Shared Song", exact: true }).click();
      await expect(page.getByRole("button", { name: "Pause: Shared Song", exact: true })).toBeVisible();
      await expect(page.getByRole("region", { name: "Now playing" })).toContainText("Shared Song");
      await expect.poll(async () => (await audioState(page)).currentTime, { timeout: 10_000 }).toBeGreaterThan(0.2);
      expect((await audioState(page)).src).toContain("/media/music/");
      await page.getByRole("button", { name: "Pause: Shared Song", exact: true }).click();
      await expect.poll(async () => (await audioState(page)).paused).toBe(true);

      await page.getByRole("button", { name: "Copy Link: Shared Song", exact: true }).click();
      await expect(toast(page, "success", "Link copied")).toBeVisible();
      const shareUrl = `${E2E_URL}${await songPathOf(id)}`;
      expect(shareUrl).toMatch(/\/music\/shared-song(-\d+)?\/shared-song$/);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);

      // Where the browser refuses the clipboard, the link is shown, selected, to copy by hand.
      await refuseClipboard(page);
      await page.getByRole("button", { name: "Copy Link: Shared Song", exact: true }).click();
      await expect(toast(page, "warning", "Couldn't copy the link automatically")).toBeVisible();
      const field = page.getByRole("textbox", { name: "Share link" });
      await expect(field).toHaveValue(shareUrl);
      await expect(field).toBeFocused();
      expect(await selectedText(field)).toBe(shareUrl);
    } finally {
      await deleteSongs(request, [id]);
    }
  });

  test("the library copies a released song's embed code, which plays on another site as pasted", async ({ page }) => {
    test.setTimeout(60_000);
    const { request, id } = await libraryWithSong(page, "Embedded Song");
    try {
      await page.getByRole("button", { name: "Copy Embed Code: Embedded Song", exact: true }).click();
      await expect(toast(page, "success", "Embed code copied")).toBeVisible();
      const code = await page.evaluate(() => navigator.clipboard.readText());
      // The very code oEmbed gives sites that ask for it.
      const oembed = (await (
        await request.get(`${E2E_URL}/oembed?url=${encodeURIComponent(`${E2E_URL}${await songPathOf(id)}`)}&format=json`)
      ).json()) as {
        html: string;
      };
      expect(code).toBe(oembed.html);

      // Pasted into a fan's page on another origin, as copied: the player shows and plays.
      const outside = await outsideSite(`<p>Listen:</p>${code}`);
      const fan = await page.context().newPage();
      try {
        await fan.goto(outside.url);
        const player = fan.frameLocator("iframe");
        await expect(player.getByRole("heading", { name: "Embedded Song" })).toBeVisible();
        await player.getByRole("button", { name: "Play Embedded Song" }).click();
        await expect(player.getByRole("button", { name: "Pause Embedded Song" })).toBeVisible();
      } finally {
        await fan.close();
      }

      // On a 390 px phone the player takes the column's width: the fan's page does not scroll sideways.
      const phone = await page
        .context()
        .browser()!
        .newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      try {
        const narrow = await phone.newPage();
        await narrow.goto(outside.url);
        const frame = narrow.locator("iframe");
        await expect(frame).toBeVisible();
        const widths = await narrow.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          screen: window.innerWidth,
          frame: document.querySelector("iframe")?.getBoundingClientRect().width ?? 0,
        }));
        expect(widths.page).toBeLessThanOrEqual(widths.screen);
        expect(widths.frame).toBeGreaterThan(300);
        expect(widths.frame).toBeLessThanOrEqual(widths.screen);
        await narrow.frameLocator("iframe").getByRole("button", { name: "Play Embedded Song" }).tap();
        await expect(narrow.frameLocator("iframe").getByRole("button", { name: "Pause Embedded Song" })).toBeVisible();
      } finally {
        await phone.close();
        await outside.close();
      }

      // Where the browser refuses the clipboard, the code is shown, selected, to copy by hand.
      await refuseClipboard(page);
      await page.getByRole("button", { name: "Copy Embed Code: Embedded Song", exact: true }).click();
      await expect(toast(page, "warning", "Couldn't copy the embed code automatically")).toBeVisible();
      const field = page.getByRole("textbox", { name: "Embed code" });
      await expect(field).toHaveValue(code);
      await expect(field).toBeFocused();
      expect(await selectedText(field)).toBe(code);
    } finally {
      await deleteSongs(request, [id]);
    }
  });
});
