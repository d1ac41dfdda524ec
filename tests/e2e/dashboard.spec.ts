// The artist's dashboard, end to end: add a song through the wizard with real
// generated files, find and play it, mark it latest, delete it. Then the
// upload and library endpoints, called without a browser.
import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "./support/fixtures.ts";
import sharp from "sharp";
import { coverPng, synthWav } from "../../scripts/media/synth.ts";
import { DASHBOARD_PATH, signUpDirectly, toast, waitForHydration } from "./support/browser.ts";
import { uniqueEmail } from "./support/cli.ts";
import { ADMIN_PASSWORD as PASSWORD, pendingCount, signInAsAdmin, songIdOf, throttleUploads, uploadSong } from "./support/dashboard.ts";
import { withE2eDb } from "./support/db.ts";
import { E2E_URL } from "./support/server-env.ts";
import { storedKeys } from "./support/storage.ts";

test.describe.serial("dashboard", () => {
  test("an admin adds a song through the wizard, plays it, marks it latest and deletes it", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    await page.goto(DASHBOARD_PATH);
    await expect(page.getByRole("heading", { name: "Welcome, Juniper" })).toBeVisible();
    await expect(page.getByText("No songs yet")).toBeVisible();

    await page.getByRole("button", { name: "Add New Song" }).click();
    await expect(page.getByRole("button", { name: "Cancel" })).toBeVisible();
    const wizard = page.getByRole("form", { name: "Add New Song" });
    await expect(wizard.locator('[aria-current="step"]')).toHaveText("1 Upload Audio");

    // The browser's own check of a wrong file.
    const fileInput = wizard.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not audio") });
    await expect(wizard.getByText("Please select a valid audio file (MP3, WAV, etc.)")).toBeVisible();
    await expect(wizard.getByRole("button", { name: "Next" })).toBeDisabled();

    // ~4 MB of real audio with a title tag, so the upload takes long enough to watch.
    const wav = synthWav({
      seconds: 90,
      chords: [
        [57, 60, 64],
        [53, 57, 60],
      ],
      bpm: 90,
      title: "Lantern Light",
    });
    await fileInput.setInputFiles({ name: "lantern-light.wav", mimeType: "audio/wav", buffer: wav });
    await expect(wizard.getByTestId("chosen-file")).toContainText("lantern-light.wav");
    await wizard.getByRole("button", { name: "Next" }).click();
    await expect(wizard.locator('[aria-current="step"]')).toHaveText("2 Upload Cover");

    // A photo-like (noisy) cover of about 3 MB, so its upload is visible too.
    const png = await sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
      .png()
      .toBuffer();
    expect(png.length).toBeLessThan(5 * 1024 * 1024);
    await wizard.locator('input[type="file"]').setInputFiles({ name: "lantern.png", mimeType: "image/png", buffer: png });
    await expect(wizard.getByRole("img", { name: "Chosen cover art" })).toBeVisible();
    await wizard.getByRole("button", { name: "Next" }).click();
    await expect(wizard.locator('[aria-current="step"]')).toHaveText("3 Song Details");

    // The title comes from the file's tag; the artist is fixed.
    await expect(wizard.getByLabel("Title")).toHaveValue("Lantern Light");
    await expect(wizard.getByRole("term")).toHaveText("Artist");
    await expect(wizard.getByRole("definition")).toContainText("Juniper Vale");
    await wizard.getByLabel("Title").fill("");
    await expect(wizard.getByRole("button", { name: "Add Song" })).toBeDisabled();
    await wizard.getByLabel("Title").fill("Lantern Light");
    await wizard.getByLabel("Spotify").fill("https://open.spotify.com/track/lantern");

    // Slow the uplink so each file's progress bar is on screen for a while.
    const unthrottle = await throttleUploads(page, 1.5 * 1024 * 1024);
    await wizard.getByRole("button", { name: "Add Song" }).click();
    await expect(wizard.getByText("Uploading audio file...")).toBeVisible();
    await expect(wizard.getByRole("progressbar", { name: "Audio upload" })).toBeVisible();
    await expect(wizard.getByText("Uploading cover art...")).toBeVisible({ timeout: 20_000 });
    await expect(wizard.getByRole("progressbar", { name: "Cover upload" })).toBeVisible();
    await expect(wizard.getByText("Song uploaded successfully! 🎉")).toBeVisible({ timeout: 20_000 });
    await unthrottle();

    // After 1.5 s the form closes and the list shows the song.
    await expect(page.getByRole("form", { name: "Add New Song" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add New Song" })).toBeVisible();
    const card = page.getByRole("listitem").filter({ hasText: "Lantern Light" });
    await expect(card).toBeVisible();
    await expect(card).toContainText("1:30");
    const row = await withE2eDb((db) => db.selectFrom("songs").selectAll().where("title", "=", "Lantern Light").executeTakeFirstOrThrow());
    expect(row).toMatchObject({
      artist: "Juniper Vale",
      isLatest: 0,
      spotifyUrl: "https://open.spotify.com/track/lantern",
      durationMs: 90_000,
    });
    const files = [row.audioKey, row.coverKey];
    for (const key of files) expect(await storedKeys()).toContain(key);
    expect(await pendingCount()).toBe(0);

    // Prepared for streaming in the background, then out: the card says so and follows it with no reload.
    await expect(card.getByTestId("song-streaming")).toHaveCount(0, { timeout: 30_000 });
    await expect(card.getByRole("button", { name: "Copy Embed Code: Lantern Light" })).toBeVisible();
    const renditions = [`${row.audioKey}.stream.weba`, `${row.audioKey}.stream.mp3`];
    for (const key of renditions) expect(await storedKeys()).toContain(key);
    // The upload itself, a 16 MB WAV master, is not for fans.
    expect((await fetch(`${E2E_URL}/media/${row.audioKey}`)).status).toBe(404);

    // It plays on the music page, from its Opus rendition (a tap before the page is ready plays the
    // MP3 every browser plays: early-taps.spec.ts).
    await page.goto("/music");
    await waitForHydration(page);
    const player = page.getByRole("region", { name: "Current Releases player" });
    await player.getByRole("button", { name: "Play Lantern Light" }).click();
    await expect
      .poll(() => page.evaluate(() => (document.querySelector("audio[data-site-audio]") as HTMLAudioElement).currentTime), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0.5);
    expect(await page.evaluate(() => (document.querySelector("audio[data-site-audio]") as HTMLAudioElement).currentSrc)).toMatch(
      /\.stream\.weba$/,
    );

    // Measured in the background since it was added: the artist sees its loudness and true peak.
    await page.goto(DASHBOARD_PATH);
    await expect(async () => {
      await page.reload();
      await expect(card.getByTestId("song-loudness")).toHaveText(/^Loudness \u2212\d+\.\d LUFS \u00b7 peak \u2212?\d+\.\d dBTP$/, {
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });

    // Mark as latest: the home page shows it as the Latest Release.
    await page.getByRole("button", { name: "Mark as Latest: Lantern Light" }).click();
    await expect(card.getByText("Latest Release")).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark as Latest: Lantern Light" })).toHaveCount(0);
    // Said, not only shown: a toast, and the keyboard on the card instead of lost with the button.
    await expect(toast(page, "success", '"Lantern Light" is now the latest release.')).toBeVisible();
    await expect(card.getByRole("button", { name: /^Edit\b/ })).toBeFocused();
    await page.goto("/");
    const home = page.getByRole("region", { name: "Latest Music player" });
    await expect(home.getByTestId("player-title")).toHaveText("Lantern Light");
    await expect(home.getByText("Latest Release")).toBeVisible();

    // Delete, after the confirmation: the song and its files are gone.
    await page.goto(DASHBOARD_PATH);
    let confirmText = "";
    page.once("dialog", (dialog) => {
      confirmText = dialog.message();
      void dialog.accept();
    });
    await page.getByRole("button", { name: "Delete: Lantern Light" }).click();
    await expect(page.getByText("No songs yet")).toBeVisible();
    expect(confirmText).toBe("Are you sure you want to delete this song?");
    for (const key of [...files, ...renditions]) expect(await storedKeys()).not.toContain(key);
    expect((await storedKeys()).filter((f) => f.startsWith(row.coverKey))).toEqual([]);
  });

  test("dismissing the delete confirmation keeps the song", async ({ page }) => {
    // Uses the upload API directly to set up a song quickly.
    await signInAsAdmin(page);
    const request = page.context().request;
    const key = await uploadSong(request, "Kept Song");
    await page.goto(DASHBOARD_PATH);
    page.once("dialog", (dialog) => void dialog.dismiss());
    await page.getByRole("button", { name: "Delete: Kept Song" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: "Kept Song" })).toBeVisible();
    expect(await storedKeys()).toContain(key.audioKey);
    // Clean up for the suites that follow.
    const id = await songIdOf("Kept Song");
    expect((await request.post("/api/songs", { form: { intent: "delete-song", id } })).status()).toBe(200);
  });

  test("failing library actions show the spec's alerts", async ({ page }) => {
    await signInAsAdmin(page);
    const request = page.context().request;
    await uploadSong(request, "Doomed Song");
    await page.goto(DASHBOARD_PATH);
    // The song disappears behind the dashboard's back, so both actions fail.
    const id = await songIdOf("Doomed Song");
    expect((await request.post("/api/songs", { form: { intent: "delete-song", id } })).status()).toBe(200);
    await page.getByRole("button", { name: "Mark as Latest: Doomed Song" }).click();
    await expect(toast(page, "error", "Failed to set latest song: Song not found")).toBeVisible();
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Delete: Doomed Song" }).click();
    await expect(toast(page, "error", "Failed to delete song: Song not found")).toBeVisible();
  });
});

test.describe("upload and library endpoints without a browser", () => {
  test("an admin's bad uploads are refused with the right status and leave nothing stored", async ({ page }) => {
    await signInAsAdmin(page);
    const request = page.context().request;
    const before = await storedKeys();
    const png = await coverPng("x", ["#000", "#fff"], 64);

    const wrongType = await request.post("/api/uploads/audio?name=song.mp3", { data: png, headers: { "content-type": "audio/mpeg" } });
    expect(wrongType.status()).toBe(400);
    expect(await wrongType.json()).toEqual({ error: "Please select a valid audio file (MP3, WAV, etc.)" });

    const svg = await request.post("/api/uploads/cover?name=x.svg", {
      data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      headers: { "content-type": "image/svg+xml" },
    });
    expect(svg.status()).toBe(400);

    const empty = await request.post("/api/uploads/audio?name=empty.wav", {
      data: Buffer.alloc(0),
      headers: { "content-type": "audio/wav" },
    });
    expect(empty.status()).toBe(400);
    expect(await empty.json()).toEqual({ error: "No file provided" });

    const oversizeCover = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const big = await request.post("/api/uploads/cover?name=big.png", { data: oversizeCover, headers: { "content-type": "image/png" } });
    expect(big.status()).toBe(413);
    expect(await big.json()).toEqual({ error: "Image file is too large. Maximum size is 5MB." });

    const unknownKind = await request.post("/api/uploads/video?name=v.mp4", { data: png });
    expect(unknownKind.status()).toBe(404);

    expect(await storedKeys()).toEqual(before);
    expect(await pendingCount()).toBe(0);
  });

  test("every dashboard endpoint refuses anonymous visitors (401) and signed-in non-admins (403)", async ({ page, playwright }) => {
    const fan = { name: "Fan", email: uniqueEmail("dash-fan"), password: PASSWORD };
    await signUpDirectly(page, fan);
    const asFan = page.context().request;
    const anonymous = await playwright.request.newContext({ baseURL: E2E_URL });
    const wav = synthWav({ seconds: 0.5, chords: [[60]], bpm: 60 });
    const before = await storedKeys();

    const calls: [string, (r: APIRequestContext) => ReturnType<APIRequestContext["get"]>][] = [
      ["upload audio", (r) => r.post("/api/uploads/audio?name=a.wav", { data: wav, headers: { "content-type": "audio/wav" } })],
      ["upload cover", (r) => r.post("/api/uploads/cover?name=c.png", { data: wav, headers: { "content-type": "image/png" } })],
      [
        "create song",
        (r) =>
          r.post("/api/songs", {
            form: { intent: "create-song", title: "x", audioKey: "music/1700000000000_a.wav", coverKey: "covers/1700000000000_c.png" },
          }),
      ],
      ["mark latest", (r) => r.post("/api/songs", { form: { intent: "mark-latest", id: "x" } })],
      ["delete song", (r) => r.post("/api/songs", { form: { intent: "delete-song", id: "x" } })],
      ["list messages", (r) => r.get("/api/messages")],
      ["mark message read", (r) => r.post("/api/messages", { form: { intent: "mark-read", id: "x" } })],
      ["delete message", (r) => r.post("/api/messages", { form: { intent: "delete", id: "x" } })],
    ];
    for (const [name, call] of calls) {
      expect((await call(anonymous)).status(), `${name} as anonymous`).toBe(401);
      expect((await call(asFan)).status(), `${name} as a non-admin`).toBe(403);
    }
    for (const context of [anonymous, asFan]) {
      const dashboard = await context.get(DASHBOARD_PATH, { maxRedirects: 0 });
      expect(dashboard.status()).toBe(302);
      expect(dashboard.headers().location).toBe("/");
    }
    expect(await storedKeys()).toEqual(before);
    await anonymous.dispose();
  });
});

test.describe.serial("contact messages", () => {
  // A fixed zone, so the spec's date format can be checked to the letter.
  test.use({ timezoneId: "America/New_York" });

  const insert = (
    rows: { id: string; name: string | null; email: string | null; message: string; timestamp: number; status?: "unread" | "read" }[],
  ) =>
    withE2eDb((db) =>
      db
        .insertInto("contacts")
        .values(rows.map((row) => ({ ...row, source: "website", status: row.status ?? "unread" })))
        .execute(),
    );
  const statusOf = (id: string) =>
    withE2eDb(async (db) => (await db.selectFrom("contacts").select("status").where("id", "=", id).executeTakeFirst())?.status);
  const deleteAllMessages = () => withE2eDb((db) => db.deleteFrom("contacts").execute());

  test.afterAll(deleteAllMessages);

  test("an empty inbox says so", async ({ page }) => {
    await deleteAllMessages();
    await signInAsAdmin(page);
    await page.goto(DASHBOARD_PATH);
    await expect(page.getByRole("heading", { name: "Contact Messages" })).toBeVisible();
    await expect(page.getByText("No messages yet")).toBeVisible();
    await expect(page.getByTestId("unread-badge")).toHaveCount(0);
  });

  test("messages show newest first with names, dates and the unread count; reading and deleting them sticks", async ({ page }) => {
    // 15:05 in New York on 22 November 2026 (EST, UTC-5).
    const t = Date.UTC(2026, 10, 22, 20, 5);
    await insert([
      {
        id: "msg-old",
        name: "Booking Agent",
        email: "agent@venue.example",
        message: "An opening on March 14?",
        timestamp: t - 86_400_000,
        status: "read",
      },
      { id: "msg-anon", name: null, email: null, message: "Vinyl please!\nSecond line <b>not bold</b>", timestamp: t - 60_000 },
      { id: "msg-new", name: "Sam Rivers", email: "sam@example.com", message: "Paper Boats made me cry.", timestamp: t },
    ]);
    await signInAsAdmin(page);
    await page.goto(DASHBOARD_PATH);
    const list = page.getByRole("list", { name: "Messages, newest first" });
    const items = list.getByRole("listitem");
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText("Sam Rivers");
    await expect(items.nth(0)).toContainText("November 22, 2026 at 3:05 PM");
    await expect(items.nth(0).getByRole("link", { name: "sam@example.com" })).toHaveAttribute("href", "mailto:sam@example.com");
    await expect(items.nth(1)).toContainText("Anonymous");
    // Text stays text: no HTML from a fan is ever rendered.
    await expect(items.nth(1)).toContainText("<b>not bold</b>");
    await expect(items.nth(1).locator("b")).toHaveCount(0);
    await expect(items.nth(2)).toContainText("Booking Agent");
    await expect(page.getByTestId("unread-badge")).toHaveText(/^2 unread/);
    await expect(page.getByRole("button", { name: "Mark as Read: message from Booking Agent" })).toHaveCount(0);

    await page.getByRole("button", { name: "Mark as Read: message from Sam Rivers" }).click();
    await expect(page.getByRole("button", { name: "Mark as Read: message from Sam Rivers" })).toHaveCount(0);
    await expect(page.getByTestId("unread-badge")).toHaveText(/^1 unread/);
    await expect.poll(() => statusOf("msg-new")).toBe("read");

    let confirmText = "";
    page.once("dialog", (dialog) => {
      confirmText = dialog.message();
      void dialog.accept();
    });
    await page.getByRole("button", { name: "Delete: message from Anonymous" }).click();
    await expect(items).toHaveCount(2);
    expect(confirmText).toBe("Are you sure you want to delete this message?");
    await expect.poll(() => statusOf("msg-anon")).toBeUndefined();
    await expect(page.getByTestId("unread-badge")).toHaveCount(0);

    // Still so after a reload: the server has it.
    await page.reload();
    await expect(items).toHaveCount(2);
    await expect(page.getByTestId("unread-badge")).toHaveCount(0);
  });

  test("a long inbox loads a page at a time", async ({ page }) => {
    await deleteAllMessages();
    const t = Date.UTC(2026, 10, 1, 12, 0);
    await insert(
      Array.from({ length: 45 }, (_, i) => ({
        id: `bulk-${String(i).padStart(2, "0")}`,
        name: `Fan ${i}`,
        email: null,
        message: `Message ${i}`,
        timestamp: t + i * 1000,
      })),
    );
    await signInAsAdmin(page);
    await page.goto(DASHBOARD_PATH);
    // The subscribers panel has a "Load more" of its own.
    const messagesPanel = page.getByRole("region", { name: "Contact Messages" });
    const items = page.getByRole("list", { name: "Messages, newest first" }).getByRole("listitem");
    await expect(items).toHaveCount(20);
    await expect(items.first()).toContainText("Fan 44");
    await messagesPanel.getByRole("button", { name: "Load more" }).click();
    await expect(items).toHaveCount(40);
    await messagesPanel.getByRole("button", { name: "Load more" }).click();
    await expect(items).toHaveCount(45);
    await expect(items.last()).toContainText("Fan 0");
    await expect(messagesPanel.getByRole("button", { name: "Load more" })).toHaveCount(0);
    await expect(page.getByTestId("unread-badge")).toHaveText(/^45 unread/);
  });

  test("failing message actions show the spec's alerts", async ({ page }) => {
    await deleteAllMessages();
    await insert([{ id: "msg-gone", name: "Gone Fan", email: null, message: "Hello", timestamp: Date.now() }]);
    await signInAsAdmin(page);
    await page.goto(DASHBOARD_PATH);
    await expect(page.getByText("Gone Fan")).toBeVisible();
    await deleteAllMessages();
    await page.getByRole("button", { name: "Mark as Read: message from Gone Fan" }).click();
    await expect(toast(page, "error", "Failed to mark message as read: Message not found")).toBeVisible();
  });
});

test("on a 390 px phone the dashboard's areas sit on one row, the current one in view, and the page never scrolls sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  // Words with no place to break (a pasted address, a held key) wrap rather than widen the page.
  const unbroken = `${"x".repeat(60)}${Date.now()}`;
  const draft = await page.request.post(`${DASHBOARD_PATH}/mail`, {
    form: { intent: "save", subject: unbroken, body: unbroken },
    headers: { origin: E2E_URL },
  });
  expect(draft.status()).toBe(200);
  const areas = ["", "/music", "/site", "/shows", "/mail", "/codes", "/numbers", "/account"];
  for (const area of areas) {
    await page.goto(`${DASHBOARD_PATH}${area}`);
    const tabs = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link");
    await expect(tabs).toHaveCount(areas.length);
    const tops = new Set<number>();
    for (const tab of await tabs.all()) tops.add(Math.round((await tab.boundingBox())?.y ?? -1));
    expect(tops.size, `${area || "/"}: one row`).toBe(1);
    await expect(page.locator('nav[aria-label="Dashboard"] [aria-current="page"]')).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), area).toBe(true);
  }
});
