// The press kit (/press), as people use it: the artist fills it in the
// dashboard's Site area (a contact without an address refused with nothing
// typed lost, a file that is not a PDF refused, a rider added, a photo's
// caption and credit written); a journalist reads it, copies a bio by
// keyboard, downloads every press photo as a zip (full size, no EXIF) and the
// rider; the footer and the sitemap name it; on paper it is the words without
// the site's chrome or its players. Nothing is left behind for other specs.
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import { parseShowInput } from "#app/features/shows/schema.ts";
import { addShow, removeShow } from "#app/features/shows/shows.server.ts";
import { tinyPdf } from "#tests/support/pdf.ts";
import { unzip } from "#tests/support/unzip.ts";
import { DASHBOARD_PATH, mainNav, toast, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin, uploadSong } from "./support/dashboard.ts";
import { withE2eDb } from "./support/db.ts";
import { expect, test, type Page } from "./support/fixtures.ts";
import { E2E_URL } from "./support/server-env.ts";
import { deleteStoredKeys, storedKeys } from "./support/storage.ts";

const SITE_PAGE = `${DASHBOARD_PATH}/site`;
const SHORT_BIO = "Juniper Vale writes pop songs with a folk singer's honesty, on a kitchen table, with a band of friends.";
const LONG_BIO = ["Juniper grew up in a river town where the church choir was the only stage.", "Today she tours with a small band."];
const QUOTE = { text: "A voice that makes a crowded room go quiet.", source: "The Harbour Gazette", url: "example.com/gazette/juniper" };
const SONG = "Press Kit Song";

test.describe.configure({ mode: "serial" });

/** A phone's photo: stored on its side (EXIF orientation 6), with the camera and where it was taken. */
const cameraPhoto = (colour: string) =>
  sharp({ create: { width: 1500, height: 1000, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: "PhoneCo", Model: "Pocket 12" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

let adminPage: Page;
const made = { photoIds: [] as string[], songAudioKey: "", showId: "" };

/** Back to a site without a press kit, its photos, files or song, for the specs that follow. */
async function removePressKit() {
  const before = new Set((await storedKeys()).filter((key) => key.startsWith("press/") || key.startsWith("photos/")));
  await withE2eDb(async (db) => {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("siteSettingVersions").where("section", "=", "press").execute();
      await trx.deleteFrom("siteSettings").where("section", "=", "press").execute();
      await trx.deleteFrom("pressFiles").execute();
      if (made.photoIds.length > 0) await trx.deleteFrom("photos").where("id", "in", made.photoIds).execute();
      await bumpContentVersion(trx);
    });
  });
  await deleteStoredKeys([...before]);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  await removePressKit();
  adminPage = await browser.newPage({ baseURL: E2E_URL });
  await signInAsAdmin(adminPage);
  // Two press photos, straight from a phone, and a released song for the kit to play.
  for (const [i, colour] of ["#b45309", "#1d4ed8"].entries()) {
    const sent = await adminPage.request.post(
      `/api/uploads/photo?slot=press&alt=${encodeURIComponent(`Juniper on stage ${i + 1}`)}&name=IMG_${i}.JPG`,
      {
        data: await cameraPhoto(colour),
        headers: { "content-type": "image/jpeg", origin: E2E_URL },
      },
    );
    expect(sent.status(), await sent.text()).toBe(201);
    made.photoIds.push(((await sent.json()) as { photo: { id: string } }).photo.id);
  }
  made.songAudioKey = (await uploadSong(adminPage.request, SONG)).audioKey;
  // And a show to come, a month from now.
  const day = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const show = parseShowInput({
    startsLocal: `${day}T20:00`,
    timeZone: "Europe/Berlin",
    venue: "Kantine am Kanal",
    city: "Berlin",
    country: "Germany",
    status: "scheduled",
  });
  if (!show.ok) throw new Error(JSON.stringify(show.fieldErrors));
  made.showId = (await withE2eDb((db) => addShow(db, show.show))).id;
});

test.afterAll(async () => {
  const songs = await withE2eDb((db) => db.selectFrom("songs").select("id").where("audioKey", "=", made.songAudioKey).execute());
  for (const { id } of songs)
    await adminPage.request.post("/api/songs", { form: { intent: "delete-song", id }, headers: { origin: E2E_URL } });
  if (made.showId) await withE2eDb((db) => removeShow(db, made.showId));
  await removePressKit();
  await adminPage.close();
});

test("an empty press kit is no page for visitors, and the admin is shown where to write it", async ({ page }) => {
  expect((await page.request.get("/press")).status()).toBe(404);
  expect((await page.request.get("/press/photos.zip")).status()).toBe(404);
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Press", exact: true })).toHaveCount(0);
  expect(await (await page.request.get("/sitemap.xml")).text()).not.toContain("/press<");

  await adminPage.goto("/press");
  await expect(adminPage.getByRole("heading", { level: 1, name: "The press kit is empty" })).toBeVisible();
  await expect(adminPage.getByRole("link", { name: "Write the press kit" })).toHaveAttribute("href", `${SITE_PAGE}#section-press`);
});

test("the artist writes the press kit in the Site area: a refused save keeps every word, a file that is not a PDF is refused", async () => {
  test.setTimeout(60_000);
  const page = adminPage;
  await page.goto(SITE_PAGE);
  await waitForHydration(page);
  const kit = page.getByRole("region", { name: "Press kit", exact: true });
  await kit.getByRole("textbox", { name: "Short bio" }).fill(SHORT_BIO);
  await kit.getByRole("textbox", { name: "Long bio" }).fill(LONG_BIO.join("\n\n"));
  await kit.getByRole("button", { name: "+ Add a quote" }).click();
  await kit.getByRole("textbox", { name: "Quote 1" }).fill(QUOTE.text);
  await kit.getByRole("textbox", { name: "Source" }).fill(QUOTE.source);
  await kit.getByRole("textbox", { name: "Link (optional)" }).fill(QUOTE.url);
  // The kit plays the release the artist ticks (untouched, the latest release: whatever another spec left as latest).
  await kit.getByRole("checkbox", { name: SONG }).check();
  const booking = kit.getByRole("group", { name: "Contacts" });
  await booking.getByRole("textbox", { name: "Name or agency (optional)" }).first().fill("Tide Agency");
  await kit.getByRole("button", { name: "Save Press kit" }).click();

  // A name without an address reaches nobody: said under the field, which gets the keyboard; nothing typed is lost.
  const bookingEmail = booking.getByRole("textbox", { name: "E-mail" }).first();
  await expect(kit.getByText("Give an e-mail address for this contact.")).toBeVisible();
  await expect(bookingEmail).toBeFocused();
  await expect(bookingEmail).toHaveAttribute("aria-invalid", "true");
  await expect(kit.getByRole("textbox", { name: "Short bio" })).toHaveValue(SHORT_BIO);
  await expect(kit.getByRole("textbox", { name: "Quote 1" })).toHaveValue(QUOTE.text);
  await bookingEmail.fill("booking@tide.example");
  await kit.getByRole("button", { name: "Save Press kit" }).click();
  await expect(toast(page, "success", "Press kit saved. The site shows it now.")).toBeVisible();
  await expect(kit.getByRole("textbox", { name: "Link (optional)" })).toHaveValue(`https://${QUOTE.url}`);

  // The rider: a JPEG named .pdf is refused in the browser, and the server refuses it too.
  const files = page.getByRole("region", { name: "Press kit files" });
  const chooser = files.locator('input[type="file"]');
  await files.getByRole("textbox", { name: "Title" }).fill("Technical rider");
  await chooser.setInputFiles({ name: "rider.pdf", mimeType: "application/pdf", buffer: await cameraPhoto("#000") });
  await expect(files.getByText("Please choose a PDF file.")).toBeVisible();
  const forged = await page.request.post("/api/uploads/press?title=Rider&name=rider.pdf", {
    data: await cameraPhoto("#000"),
    headers: { "content-type": "application/pdf", origin: E2E_URL },
  });
  expect([forged.status(), (await forged.json()) as unknown]).toEqual([400, { error: "Please choose a PDF file." }]);
  await chooser.setInputFiles({ name: "Tech Rider.pdf", mimeType: "application/pdf", buffer: tinyPdf("Rider for the press spec") });
  await expect(files.getByText("Please choose a PDF file.")).toHaveCount(0);
  await files.getByRole("button", { name: "Add the file" }).click();
  await expect(toast(page, "success", "File added. The press kit lists it now.")).toBeVisible();
  await expect(files.getByRole("link", { name: "Technical rider" })).toBeVisible();
  await expect(files.getByRole("textbox", { name: "Title" })).toHaveValue("");

  // A press photo's caption and credit, in the Photos area.
  const firstPress = page.getByTestId("press-photo").first();
  await firstPress.getByRole("textbox", { name: "Caption (optional)" }).fill("Live at the Bluebird Room");
  await firstPress.getByRole("textbox", { name: "Photo credit (optional)" }).fill("Ana Ruiz");
  await firstPress.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "success", "Changes saved.")).toBeVisible();
});

test("a journalist copies the short bio by keyboard, and downloads every photo as a zip and the rider", async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: E2E_URL, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  await page.goto("/press");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Juniper Vale" })).toBeVisible();
  await expect(page.getByText(LONG_BIO[1] ?? "")).toBeVisible();
  await expect(page.getByRole("link", { name: `${QUOTE.source} (opens in a new tab)` })).toHaveAttribute("href", `https://${QUOTE.url}`);
  await expect(page.getByRole("link", { name: "booking@tide.example" })).toHaveAttribute("href", "mailto:booking@tide.example");
  await expect(page.getByText("Photo: Ana Ruiz")).toBeVisible();
  await expect(page.getByRole("region", { name: `Player for ${SONG}` })).toBeVisible();
  await expect(page.getByTestId("upcoming-shows").getByText("Kantine am Kanal")).toBeVisible();

  // Its name follows what it did: "Copy the short bio", then "Copied: Short bio" for a moment.
  const copy = page.getByRole("button", { name: /short bio/i });
  await expect(copy).toHaveAccessibleName("Copy the short bio");
  await copy.focus();
  await page.keyboard.press("Enter");
  await expect(copy).toHaveText("Copied");
  await expect(copy).toHaveAccessibleName("Copied: Short bio");
  await expect(copy).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Copied" })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SHORT_BIO);

  // Every press photo at its own size, upright, without the phone's EXIF.
  const photos = await withE2eDb((db) =>
    db.selectFrom("photos").select(["id", "width", "height"]).where("slot", "=", "press").orderBy("position").execute(),
  );
  expect(photos.map((photo) => photo.id)).toEqual(made.photoIds);
  const [zip] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download all 2 photos (zip)" }).click()]);
  expect(zip.suggestedFilename()).toBe("juniper-vale-press-photos.zip");
  const entries = await unzip(readFileSync((await zip.path()) ?? ""));
  expect(entries.map((entry) => entry.name)).toEqual(["juniper-vale-press-photo-1.jpg", "juniper-vale-press-photo-2.jpg"]);
  for (const [i, entry] of entries.entries()) {
    const meta = await sharp(entry.bytes).metadata();
    expect([entry.method, entry.crcMatches, meta.format, meta.width, meta.height, meta.exif], entry.name).toEqual([
      0,
      true,
      "jpeg",
      photos[i]?.width,
      photos[i]?.height,
      undefined,
    ]);
    expect([meta.width, meta.height]).toEqual([1000, 1500]);
  }

  const [one] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download photo 2, full size (1000 × 1500 pixels, JPEG)" }).click(),
  ]);
  expect(one.suggestedFilename()).toBe("juniper-vale-press-photo-2.jpg");
  expect(readFileSync((await one.path()) ?? "").equals(entries[1]?.bytes ?? Buffer.alloc(0))).toBe(true);

  const [rider] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download Technical rider (PDF)" }).click(),
  ]);
  expect(rider.suggestedFilename()).toBe("technical-rider.pdf");
  expect(readFileSync((await rider.path()) ?? "").equals(tinyPdf("Rider for the press spec"))).toBe(true);
  await expect(page.getByText(/PDF · 1 KB/)).toBeVisible();

  // The stored file itself is never a /media/ address: only the kit's own, while it names it.
  const [riderKey] = (await storedKeys()).filter((key) => key.startsWith("press/"));
  expect(riderKey).toBeDefined();
  expect((await page.request.get(`/media/${riderKey}`)).status()).toBe(404);

  // The footer and the sitemap name the kit now; its share card is its own.
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Press", exact: true }).click();
  await expect(page).toHaveURL(/\/press$/);
  expect(await (await page.request.get("/sitemap.xml")).text()).toContain("/press</loc>");
  const ogImage = page.locator('meta[property="og:image"]');
  await expect(ogImage).toHaveAttribute("content", /\/press\/social-image\.png\?v=\d+$/);
  const image = await ogImage.getAttribute("content");
  const card = await page.request.get(image ?? "");
  const cardMeta = await sharp(await card.body()).metadata();
  expect([card.status(), cardMeta.width, cardMeta.height]).toEqual([200, 1200, 630]);
  await expect(page).toHaveTitle("Press kit | Juniper Vale");
  await context.close();
});

test("on paper: the words, photos, shows, contacts and files' addresses, without the site's chrome, players or buttons", async ({
  page,
}) => {
  await page.goto("/press");
  await waitForHydration(page);
  await expect(mainNav(page)).toBeVisible();
  await expect(page.locator("a[download]").first()).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("region", { name: `Player for ${SONG}` })).toBeHidden();
  // Hidden things leave the accessibility tree: they are found by what they are instead.
  await expect(page.locator("#bio button")).toHaveCount(2);
  for (const button of await page.locator("#bio button").all()) await expect(button).toBeHidden();
  await expect(page.locator("a[download]")).toHaveCount(4);
  for (const link of await page.locator("a[download]").all()) await expect(link).toBeHidden();
  await expect(page.locator('nav[aria-label="On this page"]')).toBeHidden();
  await expect(page.getByText(SHORT_BIO)).toBeVisible();
  await expect(page.getByText(/\/press\/files\/[^/]+\/technical-rider\.pdf$/)).toBeVisible();
  await expect(page.getByText(`· ${E2E_URL}/music/`, { exact: false })).toBeVisible();
  await expect(page.getByText("booking@tide.example")).toBeVisible();
  // The shows as lines of text, their cards (and ticket buttons) left out.
  await expect(page.getByText(/ — Kantine am Kanal, Berlin, Germany$/)).toBeVisible();
  await expect(page.getByTestId("upcoming-shows")).toBeHidden();
  // Printed from the dark theme, the ink is dark on white.
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  const ink = await page.getByText(SHORT_BIO).evaluate((element) => getComputedStyle(element).color);
  // oklch(L C H): a dark ink has a low lightness (the dark theme's text on screen is near 0.9).
  expect(Number(/^oklch\(([\d.]+)/.exec(ink)?.[1]), ink).toBeLessThan(0.6);
  const pdf = await page.pdf({ format: "A4" });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
});
