// The add-song wizard and the Music Library, as the artist meets them (issue
// 14): Cancel really cancels, controls answer to the words on them, errors are
// ours and sit on their fields, a wrong file is refused where it was chosen,
// the artist is a fixed fact, progress is in the site's colours, the wizard
// fits a phone and speaks to touch, and long titles stay on their cards.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { coverPng, synthWav } from "../../scripts/media/synth.ts";
import { DASHBOARD_PATH, mainNav, toast } from "./support/browser.ts";
import { pendingCount, signInAsAdmin, songIdOf, throttleUploads, uploadSong } from "./support/dashboard.ts";
import { withE2eDb } from "./support/db.ts";
import { expect, test, type Locator, type Page } from "./support/fixtures.ts";
import { E2E_URL } from "./support/server-env.ts";
import { storedKeys } from "./support/storage.ts";

const TEXTS = {
  cancelled: "Upload cancelled. No song was added.",
  alreadySaved: "Too late to cancel: the song was already saved.",
  invalidAudio: "Please select a valid audio file (MP3, WAV, etc.)",
  invalidImage: "Please select a valid image file (JPG, PNG, etc.)",
  missingAudio: "Please upload an audio file",
  missingTitle: "Please enter a song title",
  invalidLink: "Streaming links must be http(s) URLs",
};

/** About 4 MB of real audio: long enough on a slowed line to press Cancel mid-way. */
const longWav = () =>
  synthWav({
    seconds: 90,
    chords: [
      [57, 60, 64],
      [53, 57, 60],
    ],
    bpm: 90,
  });
const shortWav = () => synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 });
/** A photo-like (noisy) cover of about 3 MB. */
const bigCover = () =>
  sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
    .png()
    .toBuffer();
const smallCover = () => coverPng("Cover", ["#1c1917", "#b91c1c"], 300);

const songRows = (title: string) => withE2eDb((db) => db.selectFrom("songs").select("id").where("title", "=", title).execute());

async function openWizard(page: Page): Promise<Locator> {
  await page.goto(DASHBOARD_PATH);
  await page.getByRole("button", { name: "Add New Song" }).click();
  return page.getByRole("form", { name: "Add New Song" });
}

/** Walks the wizard to step 3 with the given files and title. */
async function fillWizard(wizard: Locator, { wav, png, title }: { wav: Buffer; png: Buffer; title: string }) {
  await wizard.locator('input[type="file"]').setInputFiles({ name: "take.wav", mimeType: "audio/wav", buffer: wav });
  await expect(wizard.getByTestId("chosen-file")).toContainText("take.wav");
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.locator('input[type="file"]').setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: png });
  await expect(wizard.getByRole("img", { name: "Chosen cover art" })).toBeVisible();
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByRole("textbox", { name: "Title" }).fill(title);
}

/** Resolves to how the first request matching `path` ended: "failed" (aborted) or "finished". */
function endOf(page: Page, path: string): Promise<"failed" | "finished"> {
  return Promise.race([
    page.waitForEvent("requestfailed", { predicate: (r) => r.url().includes(path), timeout: 60_000 }).then(() => "failed" as const),
    page.waitForEvent("requestfinished", { predicate: (r) => r.url().includes(path), timeout: 60_000 }).then(() => "finished" as const),
  ]);
}

/** What is stored and pending before a test starts an upload. */
const storeState = async () => ({ files: await storedKeys(), pending: await pendingCount() });

/** Nothing of a cancelled song anywhere: no row, no new file, nothing new pending, not in the library nor on /music. */
async function expectNothingPublished(page: Page, title: string, before: { files: string[]; pending: number }) {
  await expect.poll(storedKeys, { timeout: 10_000 }).toEqual(before.files);
  await expect.poll(pendingCount).toBe(before.pending);
  expect(await songRows(title)).toEqual([]);
  await page.goto(DASHBOARD_PATH);
  await expect(page.getByRole("heading", { name: "Music Library" })).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
  await page.goto("/music");
  await expect(page.getByRole("region", { name: "Current Releases player" })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
}

async function deleteSong(page: Page, title: string) {
  const id = await songIdOf(title);
  expect((await page.context().request.post("/api/songs", { form: { intent: "delete-song", id } })).status()).toBe(200);
}

test.describe("add-song wizard", () => {
  test("Cancel during the audio upload aborts it: nothing is stored and no song is published", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const before = await storeState();
    const wizard = await openWizard(page);
    await fillWizard(wizard, { wav: longWav(), png: await smallCover(), title: "Cancelled Mid Audio" });
    await throttleUploads(page, 400 * 1024);
    const audioRequest = endOf(page, "/api/uploads/audio");
    await wizard.getByRole("button", { name: "Add Song" }).click();
    await expect(wizard.getByRole("progressbar", { name: "Audio upload" })).toBeVisible();

    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(page.getByRole("form", { name: "Add New Song" })).toHaveCount(0);
    expect(await audioRequest).toBe("failed");
    await expect(toast(page, "info", TEXTS.cancelled)).toBeVisible();
    await expectNothingPublished(page, "Cancelled Mid Audio", before);
  });

  test("Cancel during the cover upload also gives back the audio already stored", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const before = await storeState();
    const wizard = await openWizard(page);
    await fillWizard(wizard, { wav: shortWav(), png: await bigCover(), title: "Cancelled Mid Cover" });
    await throttleUploads(page, 300 * 1024);
    const coverRequest = endOf(page, "/api/uploads/cover");
    await wizard.getByRole("button", { name: "Add Song" }).click();
    await expect(wizard.getByRole("progressbar", { name: "Cover upload" })).toBeVisible({ timeout: 20_000 });
    // The audio is on the server by now, waiting for its song.
    expect((await storedKeys()).filter((key) => !before.files.includes(key))).toHaveLength(1);
    expect(await pendingCount()).toBe(before.pending + 1);

    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    expect(await coverRequest).toBe("failed");
    await expect(toast(page, "info", TEXTS.cancelled)).toBeVisible();
    await expectNothingPublished(page, "Cancelled Mid Cover", before);
  });

  test("leaving the dashboard mid-upload cancels the upload too", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const before = await storeState();
    const wizard = await openWizard(page);
    await fillWizard(wizard, { wav: longWav(), png: await smallCover(), title: "Left Behind" });
    await throttleUploads(page, 400 * 1024);
    const audioRequest = endOf(page, "/api/uploads/audio");
    await wizard.getByRole("button", { name: "Add Song" }).click();
    await expect(wizard.getByRole("progressbar", { name: "Audio upload" })).toBeVisible();

    // An in-app navigation: the page stays, only the wizard goes.
    await mainNav(page).getByRole("link", { name: "Music" }).click();
    await expect(page).toHaveURL("/music");
    expect(await audioRequest).toBe("failed");
    await expect(toast(page, "info", TEXTS.cancelled)).toBeVisible();
    await expectNothingPublished(page, "Left Behind", before);
  });

  test("a Cancel that comes after the song was saved says so, and the library shows the song", async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsAdmin(page);
    const wizard = await openWizard(page);
    await fillWizard(wizard, { wav: shortWav(), png: await smallCover(), title: "Saved Anyway" });
    const pendingBefore = await pendingCount();
    // The server creates the song, but its answer is held back until Cancel has been pressed.
    let committed!: () => void;
    const savedOnServer = new Promise<void>((resolve) => (committed = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/songs", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const response = await route.fetch();
      committed();
      await released;
      await route.fulfill({ response });
    });
    await wizard.getByRole("button", { name: "Add Song" }).click();
    await savedOnServer;
    expect(await songRows("Saved Anyway")).toHaveLength(1);
    await expect(wizard.getByText("Saving song information...")).toBeVisible();

    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    release();
    await expect(toast(page, "warning", TEXTS.alreadySaved)).toBeVisible();
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Saved Anyway" }) })).toBeVisible();
    expect(await pendingCount()).toBe(pendingBefore);
    await page.unroute("**/api/songs");
    await deleteSong(page, "Saved Anyway");
  });

  test("the library's buttons are named by the words on them (label in name)", async ({ page }) => {
    await signInAsAdmin(page);
    await uploadSong(page.context().request, "Named By Its Words");
    await page.goto(DASHBOARD_PATH);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Named By Its Words" }) });
    // What a voice-control user says is what finds the button.
    await expect(card.getByRole("button", { name: "Mark as Latest" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Delete" })).toBeVisible();

    // Every control in the library and the wizard: its name starts with its visible words.
    await page.getByRole("button", { name: "Add New Song" }).click();
    // (With a mouse, the file zone offers drag and drop; the touch wording is out of sight and out of the name.)
    await expect(page.getByText("Drop an audio file here, or click to choose one")).toBeVisible();
    await expect(page.getByText("Tap to choose an audio file")).toBeHidden();
    const controls = page.getByRole("region", { name: "Music Library" }).locator("button, input, a[href]");
    for (const control of await controls.all()) {
      if (!(await control.isVisible()) && (await control.getAttribute("type")) !== "file") continue;
      const visible = await control.evaluate((element) => {
        // The words a sighted person reads on it: its own text without the visually hidden part,
        // or, for the file input, the zone's instruction.
        const source = element instanceof HTMLInputElement ? element.closest("label")?.querySelector("span") : element;
        const clone = source?.cloneNode(true) as HTMLElement | undefined;
        clone?.querySelectorAll(".sr-only, .hidden, [hidden]").forEach((hidden) => hidden.remove());
        return (clone?.textContent ?? "").replace(/\s+/g, " ").trim();
      });
      if (!visible) continue;
      const escaped = visible.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      await expect(control, `"${visible}"`).toHaveAccessibleName(new RegExp(`^${escaped}`));
    }
    await page.getByRole("button", { name: "Cancel", exact: true }).click();

    await card.getByRole("button", { name: "Mark as Latest" }).click();
    await expect(card.getByText("Latest Release")).toBeVisible();
    page.once("dialog", (dialog) => void dialog.accept());
    await card.getByRole("button", { name: "Delete" }).click();
    await expect(card).toHaveCount(0);
  });

  test("wizard errors are the site's own words, on their fields, and go when fixed", async ({ page }) => {
    await signInAsAdmin(page);
    const wizard = await openWizard(page);
    const audioInput = wizard.locator('input[type="file"]');

    // Next without a file says what is missing, on the file field.
    await wizard.getByRole("button", { name: "Next" }).click({ force: true, timeout: 5_000 });
    await expect(wizard.getByText(TEXTS.missingAudio)).toBeVisible();
    await expect(audioInput).toHaveAttribute("aria-invalid", "true");
    await expect(audioInput).toHaveAccessibleDescription(new RegExp(TEXTS.missingAudio));

    await audioInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not audio") });
    await expect(wizard.getByText(TEXTS.invalidAudio)).toBeVisible();
    await expect(audioInput).toHaveAttribute("aria-invalid", "true");
    await expect(audioInput).toHaveAccessibleDescription(new RegExp(TEXTS.invalidAudio.replace(/[.()]/g, "\\$&")));
    await audioInput.setInputFiles({ name: "take.wav", mimeType: "audio/wav", buffer: shortWav() });
    await expect(wizard.getByText(TEXTS.invalidAudio)).toHaveCount(0);
    await expect(audioInput).not.toHaveAttribute("aria-invalid", "true");
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.locator('input[type="file"]').setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await smallCover() });
    await wizard.getByRole("button", { name: "Next" }).click();

    // A blank title: our message when the field is left, on the field; gone once typed.
    const title = wizard.getByRole("textbox", { name: "Title" });
    await title.fill("");
    await title.blur();
    await expect(wizard.getByText(TEXTS.missingTitle)).toBeVisible();
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(title).toHaveAccessibleDescription(TEXTS.missingTitle);
    await title.fill("Paper Boats");
    await expect(wizard.getByText(TEXTS.missingTitle)).toHaveCount(0);
    await expect(title).not.toHaveAttribute("aria-invalid", "true");

    // Enter in a blank title: the same words and the focus on the field, no browser bubble.
    await title.fill("");
    await title.press("Enter");
    await expect(wizard.getByText(TEXTS.missingTitle)).toBeVisible();
    await expect(title).toBeFocused();
    expect(await wizard.evaluate((form) => (form as HTMLFormElement).noValidate)).toBe(true);

    // A streaming link that is not a web address.
    const spotify = wizard.getByRole("textbox", { name: "Spotify" });
    await spotify.fill("open spotify and search");
    await spotify.blur();
    await expect(spotify).toHaveAttribute("aria-invalid", "true");
    await expect(spotify).toHaveAccessibleDescription(TEXTS.invalidLink);
    await spotify.fill("https://open.spotify.com/track/paper-boats");
    await expect(spotify).not.toHaveAttribute("aria-invalid", "true");
    await expect(wizard.getByText(TEXTS.invalidLink)).toHaveCount(0);
  });

  test("a file that is not what its name says is refused at the step where it was chosen", async ({ page }) => {
    await signInAsAdmin(page);
    const wizard = await openWizard(page);
    const next = wizard.getByRole("button", { name: "Next" });

    // A text file dressed as an MP3, and a PNG dressed as one.
    for (const buffer of [Buffer.from("these are my lyrics, not a song\n".repeat(20)), await smallCover()]) {
      await wizard.locator('input[type="file"]').setInputFiles({ name: "song.mp3", mimeType: "audio/mpeg", buffer });
      await expect(wizard.getByText(TEXTS.invalidAudio)).toBeVisible();
      await expect(wizard.getByTestId("chosen-file")).toHaveCount(0);
      await expect(next).toBeDisabled();
    }
    // Real audio whose browser type says nothing is taken: the bytes decide.
    await wizard.locator('input[type="file"]').setInputFiles({ name: "take", mimeType: "application/octet-stream", buffer: shortWav() });
    await expect(wizard.getByText(TEXTS.invalidAudio)).toHaveCount(0);
    await next.click();

    // A text file dressed as a PNG is refused at step 2.
    await wizard
      .locator('input[type="file"]')
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: Buffer.from("<html>not an image</html>") });
    await expect(wizard.getByText(TEXTS.invalidImage)).toBeVisible();
    await expect(wizard.locator('[aria-current="step"]')).toContainText("Upload Cover");
    await expect(next).toBeDisabled();
  });

  test("the artist is shown as a fixed fact, not as a field to edit", async ({ page }) => {
    await signInAsAdmin(page);
    const wizard = await openWizard(page);
    await fillWizard(wizard, { wav: shortWav(), png: await smallCover(), title: "Fixed Artist" });
    await expect(wizard.getByRole("textbox", { name: "Artist" })).toHaveCount(0);
    await expect(wizard.getByText("Juniper Vale")).toBeVisible();
    await expect(wizard.locator("input, textarea").filter({ hasText: "Juniper Vale" })).toHaveCount(0);
    expect(
      await wizard.locator("input").evaluateAll((inputs) => inputs.some((input) => (input as HTMLInputElement).value === "Juniper Vale")),
    ).toBe(false);
    // From the title, the next stop is the first streaming link: nothing in between to focus.
    await wizard.getByRole("textbox", { name: "Title" }).focus();
    await page.keyboard.press("Tab");
    await expect(wizard.getByRole("textbox", { name: "Spotify" })).toBeFocused();
  });

  for (const theme of ["light", "dark"] as const) {
    test(`the upload progress bar is in the site's colours (${theme})`, async ({ page }) => {
      test.setTimeout(90_000);
      await signInAsAdmin(page);
      await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
      const wizard = await openWizard(page);
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      await fillWizard(wizard, { wav: longWav(), png: await smallCover(), title: `Progress ${theme}` });
      await throttleUploads(page, 300 * 1024);
      await wizard.getByRole("button", { name: "Add Song" }).click();
      const bar = wizard.getByRole("progressbar", { name: "Audio upload" });
      await expect(bar).toBeVisible();
      await expect.poll(() => bar.evaluate((el) => (el as HTMLProgressElement).value), { timeout: 20_000 }).toBeGreaterThanOrEqual(15);
      const percent = await bar.evaluate((el) => (el as HTMLProgressElement).value);
      expect(percent).toBeLessThan(100);
      await expect(wizard.getByText(/^\d+%$/)).toBeVisible();

      const shot = await bar.screenshot({ animations: "disabled" });
      const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number) => {
        const at = (Math.floor(info.height / 2) * info.width + x) * info.channels;
        return { r: data[at] ?? 0, g: data[at + 1] ?? 0, b: data[at + 2] ?? 0 };
      };
      const fill = pixel(Math.floor((info.width * percent) / 100 / 2));
      const track = pixel(info.width - 4);
      // The brand's warm red (brand-600 light, brand-400 dark), not a stock green or blue.
      expect(fill.r - fill.g, `fill ${JSON.stringify(fill)}`).toBeGreaterThan(60);
      expect(fill.r - fill.b, `fill ${JSON.stringify(fill)}`).toBeGreaterThan(50);
      // The empty part sits quietly on its theme: light grey in light, dark grey in dark.
      const trackLightness = (track.r + track.g + track.b) / 3;
      if (theme === "light") expect(trackLightness, `track ${JSON.stringify(track)}`).toBeGreaterThan(200);
      else expect(trackLightness, `track ${JSON.stringify(track)}`).toBeLessThan(90);

      await page.getByRole("button", { name: "Cancel", exact: true }).click();
      await expect(toast(page, "info", TEXTS.cancelled)).toBeVisible();
    });
  }

  test.describe("on a 390 px touch screen", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test("the step names fit on one line each, and the file zones say tap, not drop", async ({ page }) => {
      await signInAsAdmin(page);
      const wizard = await openWizard(page);
      const steps = wizard.locator("ol").first().getByRole("listitem");
      await expect(steps).toHaveCount(3);
      const linesPerText = await steps.evaluateAll((items) =>
        items.flatMap((item) => {
          const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
          const counts: { text: string; lines: number }[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            counts.push({ text: node.textContent.trim(), lines: tops.size });
          }
          return counts;
        }),
      );
      expect(linesPerText.map((entry) => entry.text).join(" ")).toContain("Upload Audio");
      for (const entry of linesPerText) expect(entry.lines, entry.text).toBe(1);
      const overflow = await wizard.evaluate((form) => form.scrollWidth - form.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // Nothing can be dropped on a phone.
      await expect(wizard.getByText("Tap to choose an audio file")).toBeVisible();
      await expect(wizard.getByText(/Drop an audio file/)).toBeHidden();
      await expect(wizard.locator('input[type="file"]')).toHaveAccessibleName("Tap to choose an audio file");
      await wizard.locator('input[type="file"]').setInputFiles({ name: "take.wav", mimeType: "audio/wav", buffer: shortWav() });
      await wizard.getByRole("button", { name: "Next" }).click();
      await expect(wizard.getByText("Tap to choose the cover art")).toBeVisible();
      await expect(wizard.getByText(/Drop the cover art/)).toBeHidden();
    });
  });

  for (const width of [1280, 390]) {
    test(`a long title stays on one line of its card at ${width} px, whole in its name and tooltip`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAsAdmin(page);
      const title = `The Longest Night of the Year and Everything We Said Before the Morning Came ${width}`;
      await uploadSong(page.context().request, title);
      await page.goto(DASHBOARD_PATH);
      const heading = page.getByRole("heading", { name: title, exact: true });
      await expect(heading).toBeVisible();
      await expect(heading).toHaveAttribute("title", title);
      // Cut short with an ellipsis, on one line.
      expect(await heading.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await heading.evaluate((el) => getComputedStyle(el).textOverflow)).toBe("ellipsis");
      // Everything else on the card is still on the card.
      const card = page.getByRole("listitem").filter({ has: heading });
      const cardBox = await card.boundingBox();
      // (Buttons found by role alone: their names are another test's business.)
      // Play, Edit, Copy Link, Copy Embed Code, Mark as Latest, Delete.
      const buttons = card.getByRole("button");
      await expect(buttons).toHaveCount(6);
      for (const part of [card.getByText(/\d:\d\d/), ...(await buttons.all())]) {
        await expect(part).toBeVisible();
        const box = await part.boundingBox();
        expect(box && cardBox && box.x + box.width <= cardBox.x + cardBox.width + 0.5, "inside the card").toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // The wizard's chosen-file label too.
      await page.getByRole("button", { name: "Add New Song" }).click();
      const wizard = page.getByRole("form", { name: "Add New Song" });
      const longName = `${"a-very-long-file-name-from-the-studio-".repeat(4)}final-mix.wav`;
      await wizard.locator('input[type="file"]').setInputFiles({ name: longName, mimeType: "audio/wav", buffer: shortWav() });
      const chip = wizard.getByTestId("chosen-file");
      await expect(chip).toBeVisible();
      const chipBox = await chip.boundingBox();
      const formBox = await wizard.boundingBox();
      expect(chipBox && formBox && chipBox.x + chipBox.width <= formBox.x + formBox.width, "file name inside the wizard").toBe(true);
      await expect(chip).toHaveAttribute("title", new RegExp(`^${longName}`));
      await page.getByRole("button", { name: "Cancel", exact: true }).click();
      await deleteSong(page, title);
    });
  }
});

test.describe("giving back a cancelled upload (DELETE /api/uploads/:kind)", () => {
  test("only an admin may, only from this site, and only while no song has claimed the file", async ({ page, playwright }) => {
    await signInAsAdmin(page);
    const admin = page.context().request;
    const before = await storeState();
    const upload = await admin.post("/api/uploads/audio?name=given-back.wav", {
      data: shortWav(),
      headers: { "content-type": "audio/wav" },
    });
    expect(upload.status()).toBe(201);
    const { key } = (await upload.json()) as { key: string };
    const url = `/api/uploads/audio?key=${encodeURIComponent(key)}`;

    const anonymous = await playwright.request.newContext({ baseURL: E2E_URL });
    expect((await anonymous.delete(url)).status()).toBe(401);
    await anonymous.dispose();
    expect((await admin.delete(url, { headers: { origin: "https://evil.example" } })).status()).toBe(403);
    expect(await storedKeys()).toContain(key);

    expect(await (await admin.delete(url)).json()).toEqual({ success: true, discarded: true });
    expect(await storedKeys()).toEqual(before.files);
    expect(await pendingCount()).toBe(before.pending);

    // A song's own files stay, whatever a late Cancel asks.
    const song = await uploadSong(admin, "Claimed Files");
    expect(await (await admin.delete(`/api/uploads/audio?key=${encodeURIComponent(song.audioKey)}`)).json()).toEqual({
      success: true,
      discarded: false,
    });
    expect(await (await admin.delete(`/api/uploads/cover?key=${encodeURIComponent(song.coverKey)}`)).json()).toEqual({
      success: true,
      discarded: false,
    });
    expect(await storedKeys()).toEqual(expect.arrayContaining([song.audioKey, song.coverKey]));
    await deleteSong(page, "Claimed Files");
  });
});
