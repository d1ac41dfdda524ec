// The artist's photos, end to end: uploaded in the dashboard's Photos panel,
// seen at once by another visitor on / and /bio (responsive, with their size
// set), the share image made anew from the hero photo at a new address, a
// photo without a description refused, press photos added, reordered and removed.
import sharp from "sharp";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import { stagePhoto } from "../../scripts/media/stage-photos.ts";
import { DASHBOARD_PATH, toast } from "./support/browser.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { withE2eDb } from "./support/db.ts";
import { expect, test, type Locator, type Page } from "./support/fixtures.ts";
import { deleteStoredKeys, storedKeys } from "./support/storage.ts";

const TEXTS = {
  altRequired: "Please describe the photo for people who cannot see it.",
  saved: "Photo saved. It is on the site now.",
  invalidImage: "Please choose a JPG, PNG, WebP or AVIF photo.",
  removeConfirm: "Remove this photo from the site?",
};
const SITE_PAGE = `${DASHBOARD_PATH}/site`;

const photoFile = async (name: string, pose: "mic" | "portrait" | "guitar", width: number, height: number, seed: number) => ({
  name,
  mimeType: "image/jpeg",
  buffer: await stagePhoto({ width, height, pose, x: 0.55, scale: 0.85, colors: ["#12060f", "#3b0a2e", "#f59e0b", "#db2777"], seed }),
});

const photoKeys = async () => (await storedKeys()).filter((key) => key.startsWith("photos/"));

function metaContent(html: string, property: string): string | null {
  const tag = html.match(new RegExp(`<meta[^>]*property="${property}"[^>]*>`))?.[0];
  return tag?.match(/content="([^"]*)"/)?.[1]?.replaceAll("&amp;", "&") ?? null;
}

/** The photos a test made go, and the pages forget them (other specs expect a site without photos). */
async function removeAllPhotos() {
  await withE2eDb(async (db) => {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("photos").execute();
      await bumpContentVersion(trx);
    });
  });
  await deleteStoredKeys(await photoKeys());
}

/** Chooses a file in a slot's card and describes it; returns the draft's form. */
async function chooseFile(card: Locator, file: Awaited<ReturnType<typeof photoFile>>): Promise<Locator> {
  await card.locator('input[type="file"]').setInputFiles(file);
  const draft = card.getByRole("form", { name: new RegExp(file.name.replace(".", "\\.")) });
  await expect(draft.getByTestId("focal-preview")).toBeVisible();
  return draft;
}

async function uploadInSlot(page: Page, slot: "hero" | "portrait", file: Awaited<ReturnType<typeof photoFile>>, alt: string) {
  const card = page.getByTestId(`photo-slot-${slot}`);
  const draft = await chooseFile(card, file);
  await draft.getByRole("textbox", { name: /Description/ }).fill(alt);
  await draft.getByRole("button", { name: "Upload photo" }).click();
  await expect(toast(page, "success", TEXTS.saved)).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole("img", { name: alt })).toBeVisible();
}

/** A photo on a public page: its <img> has its size set, and the <picture> offers AVIF and WebP at several widths. */
async function expectResponsivePhoto(img: Locator) {
  await expect(img).toBeVisible();
  expect(Number(await img.getAttribute("width"))).toBeGreaterThan(0);
  expect(Number(await img.getAttribute("height"))).toBeGreaterThan(0);
  const picture = img.locator("xpath=..");
  const avif = (await picture.locator('source[type="image/avif"]').getAttribute("srcset")) ?? "";
  const webp = (await picture.locator('source[type="image/webp"]').getAttribute("srcset")) ?? "";
  expect(avif).toMatch(/\/media\/photos\/\S+\.w480\.avif 480w, \/media\/photos\/\S+\.w960\.avif 960w/);
  expect(webp).toMatch(/\/media\/photos\/\S+\.w480\.webp 480w/);
  expect(await picture.locator("source").first().getAttribute("sizes")).toBeTruthy();
  // It really painted (a broken source would leave it 0 wide).
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

test.describe("photos", () => {
  // Whatever another spec left, and what these add, so each starts from a site without photos.
  test.beforeEach(removeAllPhotos);
  test.afterEach(removeAllPhotos);

  test("an admin's hero photo and portrait are on / and /bio for the next visitor, with a new share image", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    // Before: the share image's address and bytes.
    const before = await (await request.get("/")).text();
    const ogBefore = metaContent(before, "og:image") ?? "";
    expect(ogBefore).toMatch(/\/social-image\.png\?v=\d+$/);
    const bytesBefore = await (await request.get(ogBefore)).body();

    await signInAsAdmin(page);
    await page.goto(SITE_PAGE);
    await expect(page.getByRole("heading", { name: "Photos", level: 2 })).toBeVisible();

    // A description is required: a clear message on the field, and nothing is sent or stored.
    const hero = await photoFile("stage-hero.jpg", "mic", 1800, 1000, 1);
    const heroCard = page.getByTestId("photo-slot-hero");
    const draft = await chooseFile(heroCard, hero);
    await draft.getByRole("button", { name: "Upload photo" }).click();
    const alt = draft.getByRole("textbox", { name: /Description/ });
    await expect(draft.getByRole("alert")).toHaveText(TEXTS.altRequired);
    await expect(alt).toHaveAttribute("aria-invalid", "true");
    await expect(alt).toBeFocused();
    expect(await photoKeys()).toEqual([]);

    // The focal point from a click on the preview, shown in the number fields.
    const preview = draft.getByTestId("focal-preview");
    const box = await preview.boundingBox();
    if (!box) throw new Error("no preview");
    await preview.click({ position: { x: box.width * 0.7, y: box.height * 0.25 } });
    await expect(draft.getByRole("spinbutton", { name: "From the left (%)" })).toHaveValue(/^(69|70|71)$/);
    await expect(draft.getByRole("spinbutton", { name: "From the top (%)" })).toHaveValue(/^(24|25|26)$/);

    await alt.fill("Juniper singing under amber stage lights");
    await draft.getByRole("button", { name: "Upload photo" }).click();
    await expect(toast(page, "success", TEXTS.saved)).toBeVisible({ timeout: 20_000 });
    await expect(heroCard.getByRole("img", { name: "Juniper singing under amber stage lights" })).toBeVisible();

    await uploadInSlot(page, "portrait", await photoFile("portrait.jpg", "portrait", 1000, 1250, 2), "Juniper in profile, lit gold");

    // Another visitor, on the very next request.
    const fan = await browser.newContext();
    try {
      const fanPage = await fan.newPage();
      await fanPage.goto("/");
      const heroImg = fanPage.getByTestId("photo-hero").getByRole("img", { name: "Juniper singing under amber stage lights" });
      await expectResponsivePhoto(heroImg);
      await expect(heroImg).toHaveAttribute("fetchpriority", "high");
      await expect(heroImg).toHaveAttribute("loading", "eager");
      expect(await heroImg.evaluate((el) => el.style.objectPosition)).toMatch(/^(69|70|71)% (24|25|26)%$/);
      await expect(fanPage.getByRole("heading", { level: 1, name: "Juniper Vale" })).toBeVisible();

      await fanPage.goto("/bio");
      const portraitImg = fanPage.getByRole("img", { name: "Juniper in profile, lit gold" });
      await expectResponsivePhoto(portraitImg);

      // The variants are served with their type and for good.
      const avifUrl =
        ((await portraitImg.locator("xpath=..").locator('source[type="image/avif"]').getAttribute("srcset")) ?? "").split(" ")[0] ?? "";
      const avif = await request.get(avifUrl);
      expect(avif.status()).toBe(200);
      expect(avif.headers()["content-type"]).toBe("image/avif");
      expect(avif.headers()["cache-control"]).toContain("immutable");
    } finally {
      await fan.close();
    }

    // The raw HTML points at a new share image, and it is new bytes: the hero photo, 1200×630.
    const after = await (await request.get("/")).text();
    const ogAfter = metaContent(after, "og:image") ?? "";
    expect(ogAfter).toMatch(/\/social-image\.png\?v=\d+$/);
    expect(ogAfter).not.toBe(ogBefore);
    const image = await request.get(ogAfter);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/jpeg");
    const bytesAfter = await image.body();
    expect(bytesAfter.equals(bytesBefore)).toBe(false);
    const info = await sharp(bytesAfter).metadata();
    expect([info.width, info.height]).toEqual([1200, 630]);
    // The JSON-LD names the same image.
    expect(after).toContain(`"image":"${ogAfter}"`);
  });

  test("the server refuses a photo without a description, or a file that is not a photo, storing nothing", async ({ page }) => {
    await signInAsAdmin(page);
    const before = await storedKeys();
    const jpeg = (await photoFile("a.jpg", "mic", 800, 600, 3)).buffer;
    const noAlt = await page.request.post("/api/uploads/photo?slot=hero&name=a.jpg", {
      data: jpeg,
      headers: { "content-type": "image/jpeg" },
    });
    expect(noAlt.status()).toBe(400);
    expect(await noAlt.json()).toEqual({ error: TEXTS.altRequired });
    const notAPhoto = await page.request.post("/api/uploads/photo?slot=hero&alt=Hello&name=a.jpg", {
      data: Buffer.from("<!doctype html><script>alert(1)</script>".repeat(20)),
      headers: { "content-type": "image/jpeg" },
    });
    expect(notAPhoto.status()).toBe(400);
    expect(await notAPhoto.json()).toEqual({ error: TEXTS.invalidImage });
    expect(await storedKeys()).toEqual(before);

    // And in the panel, a file that is not a photo is refused where it was chosen.
    await page.goto(SITE_PAGE);
    await page
      .getByTestId("photo-slot-poster")
      .locator('input[type="file"]')
      .setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all".repeat(50)) });
    await expect(page.getByTestId("photo-slot-poster").getByRole("alert")).toHaveText(TEXTS.invalidImage);
  });

  test("press photos: several added at once, reordered from the keyboard, removed after a confirmation", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    await page.goto(SITE_PAGE);
    const press = page.getByTestId("photo-slot-press");
    const files = await Promise.all(["one", "two", "three"].map((name, i) => photoFile(`${name}.jpg`, "guitar", 1000, 1250, 10 + i)));
    await press.locator('input[type="file"]').setInputFiles(files);
    const drafts = press.getByTestId("photo-draft");
    await expect(drafts).toHaveCount(3);
    for (const name of ["one", "two", "three"]) {
      const draft = press.getByRole("form", { name: new RegExp(`${name}\\.jpg`) });
      await draft.getByRole("textbox", { name: /Description/ }).fill(`Press photo ${name}`);
      await draft.getByRole("button", { name: "Upload photo" }).click();
      await expect(draft).toHaveCount(0, { timeout: 20_000 });
    }
    const order = () =>
      press
        .getByTestId("press-photo")
        .getByRole("img")
        .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt")));
    await expect.poll(order).toEqual(["Press photo one", "Press photo two", "Press photo three"]);

    // "three" moves earlier twice, from the keyboard; the focus stays on the button.
    const third = press.getByTestId("press-photo").filter({ has: page.getByRole("img", { name: "Press photo three" }) });
    await third.getByRole("button", { name: /Move earlier/ }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(order).toEqual(["Press photo one", "Press photo three", "Press photo two"]);
    await expect(third.getByRole("button", { name: /Move earlier/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect.poll(order).toEqual(["Press photo three", "Press photo one", "Press photo two"]);

    // Removing asks first; "Keep it" keeps it.
    const one = press.getByTestId("press-photo").filter({ has: page.getByRole("img", { name: "Press photo one" }) });
    await one.getByRole("button", { name: "Remove" }).click();
    const confirm = one.getByRole("alertdialog", { name: TEXTS.removeConfirm });
    await expect(confirm.getByRole("button", { name: "Keep it" })).toBeFocused();
    await confirm.getByRole("button", { name: "Keep it" }).click();
    await expect.poll(order).toEqual(["Press photo three", "Press photo one", "Press photo two"]);
    await one.getByRole("button", { name: "Remove" }).click();
    await one.getByRole("button", { name: "Yes, remove it" }).click();
    await expect.poll(order).toEqual(["Press photo three", "Press photo two"]);

    // A description can be changed; an empty one is refused.
    const two = press.getByTestId("press-photo").filter({ has: page.getByRole("img", { name: "Press photo two" }) });
    await two.getByRole("textbox", { name: /Description/ }).fill("");
    await two.getByRole("button", { name: "Save changes" }).click();
    await expect(two.getByRole("alert")).toHaveText(TEXTS.altRequired);
    await two.getByRole("textbox", { name: /Description/ }).fill("Press photo two, retouched");
    await two.getByRole("button", { name: "Save changes" }).click();
    await expect(press.getByRole("img", { name: "Press photo two, retouched" })).toBeVisible();

    // The bio's gallery, in the artist's order.
    await page.goto("/bio");
    const gallery = page.getByRole("region", { name: "Photos" });
    await expect(gallery.getByRole("img")).toHaveCount(2);
    expect(await gallery.getByRole("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt")))).toEqual([
      "Press photo three",
      "Press photo two, retouched",
    ]);
    await expectResponsivePhoto(gallery.getByRole("img").first());
  });
});
