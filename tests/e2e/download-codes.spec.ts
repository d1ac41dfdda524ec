// Download codes (issue #36, decision 028), as the artist and fans use them:
// the artist makes a batch in the dashboard, downloads the CSV and prints the
// cards (on paper only the cards, several to a page, each with a QR code a
// phone reads); a fan types a code from a card in lower case with spaces, or
// scans one, and lands on the release's download page;
// the same one-use code then says it is used up; a guesser is stopped after
// ten wrong codes in a minute. Screenshots of the area (390 and 1280 px, light
// and dark, and on paper) go to the test's output folder for a person to look at.
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import type { Browser } from "@playwright/test";
import { DASHBOARD_PATH, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin, uploadSong } from "./support/dashboard.ts";
import { deleteSongRows, withE2eDb } from "./support/db.ts";
import { expect, test } from "./support/fixtures.ts";
import { E2E_URL } from "./support/server-env.ts";
import { describeAudio } from "#tests/support/audio-tags.ts";
import { readQrSvg } from "#tests/support/qr.ts";
import { unzip } from "#tests/support/unzip.ts";

const CODES_PAGE = `${DASHBOARD_PATH}/codes`;
const CODE = /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;
const TOO_MANY = /^Too many wrong codes from your connection\. Please wait \d+ seconds?, then try again\.$/;

test.describe.configure({ mode: "serial" });

const tag = randomUUID().slice(0, 6);
const title = `Tidewater ${tag}`;
let songId = "";
let codes: string[] = [];
/** What the first two cards' QR codes say. */
let qrAddresses: string[] = [];

/** A fan's browser: no cookie of ours, a client address of its own. */
async function fan(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const address = `10.203.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const context = await browser.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { "x-forwarded-for": address }, ...options });
  return { page: await context.newPage(), close: () => context.close() };
}

test.afterAll(async () => {
  if (songId) await withE2eDb((db) => deleteSongRows(db, [songId]));
});

test("the artist makes a batch, downloads its CSV and prints its cards, only the cards, several to a page", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await uploadSong(page.request, title);
  songId = (await withE2eDb((db) => db.selectFrom("songs").select("id").where("title", "=", title).executeTakeFirstOrThrow())).id;

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(CODES_PAGE);
  await waitForHydration(page);
  await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Download codes" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const form = page.getByRole("region", { name: "Make a batch of codes" });
  await form.getByLabel("Release").selectOption({ label: title });
  // A wrong field is named beside it, with what was typed kept.
  await form.getByLabel("How many codes").fill("5000");
  await form.getByLabel("Note (optional)").fill("Merch table, spring tour");
  await form.getByRole("button", { name: "Make the codes" }).click();
  await expect(form.getByRole("alert")).toHaveText(/Give a number of codes from 1 to 1,000\./);
  await expect(form.getByLabel("How many codes")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Note (optional)")).toHaveValue("Merch table, spring tour");

  await form.getByLabel("How many codes").fill("10");
  await form.getByLabel("Uses per code").fill("1");
  await form.getByLabel("Last day (optional)").fill("2031-12-31");
  await form.getByRole("button", { name: "Make the codes" }).click();
  const sheet = page.getByRole("region", { name: "Your new codes" });
  await expect(sheet.getByRole("status")).toHaveText(`10 codes for ${title} are ready.`);
  const cards = sheet.getByRole("list", { name: "Cards to print" }).getByRole("listitem");
  await expect(cards).toHaveCount(10);
  codes = await cards.getByText(CODE).allTextContents();
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  const first = cards.first();
  await expect(first.getByText("Juniper Vale", { exact: true })).toBeVisible();
  await expect(first.getByText(title, { exact: true })).toBeVisible();
  await expect(first.getByText(`Redeem at ${E2E_URL.replace("http://", "")}/redeem`)).toBeVisible();
  await expect(first.getByText("Valid until December 31, 2031")).toBeVisible();
  // Each card's QR code, as a phone's camera reads it: its redeem page with its code filled in.
  qrAddresses = [];
  for (const [index, code] of codes.slice(0, 2).entries()) {
    const qr = cards.nth(index).getByRole("img", { name: "QR code: scan to redeem this code" });
    qrAddresses.push((await readQrSvg(await qr.evaluate((svg) => svg.outerHTML))) ?? "");
    expect(qrAddresses[index]).toBe(`${E2E_URL}/redeem?code=${code}`);
  }
  // The cover, as the release's pages show it.
  await expect(first.locator("img")).toHaveJSProperty("complete", true);
  expect(await first.locator("img").evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  // The list counts the batch at once.
  const batches = page.getByRole("list", { name: "Batches" });
  const row = batches.getByRole("listitem").filter({ hasText: "Merch table, spring tour" });
  await expect(row.getByText("10 codes, one use each")).toBeVisible();
  await expect(row.getByText("Not redeemed yet")).toBeVisible();
  await expect(row.getByText("10 uses left")).toBeVisible();
  await expect(row.getByText("Working", { exact: true })).toBeVisible();

  // The CSV, from the page itself: the site keeps no copy.
  const [download] = await Promise.all([page.waitForEvent("download"), sheet.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^download-codes-tidewater-[0-9a-f]{6}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("code,release,uses,expiry");
  expect(lines.slice(1)).toEqual(codes.map((code) => `${code},${title},1,2031-12-31`));
  // Only hashes are stored.
  const stored = JSON.stringify(await withE2eDb((db) => db.selectFrom("downloadCodes").selectAll().execute()));
  for (const code of codes) expect(stored).not.toContain(code.replace("-", ""));

  // The area, as the artist sees it, light and dark, wide and narrow.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ["light", "dark"] as const) {
      const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
      if (dark !== (theme === "dark")) await page.getByTestId("theme-toggle").click();
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await page.screenshot({ path: testInfo.outputPath(`codes-area-${width}-${theme}.png`), fullPage: true });
    }
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  // On paper (from the dark theme, which paper ignores): the cards and nothing else.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(sheet.getByRole("button", { name: "Print the cards" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Download codes", level: 1 })).toBeHidden();
  await expect(form).toBeHidden();
  await expect(batches).toBeHidden();
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(sheet.getByRole("link", { name: "Download CSV" })).toBeHidden();
  await expect(sheet.getByText(codes[0] ?? "-")).toBeVisible();
  // On paper, big enough for a phone's camera at arm's length: 20 mm (at 96 px to the inch).
  const printedQr = await first.getByRole("img", { name: "QR code: scan to redeem this code" }).boundingBox();
  expect(Math.abs((printedQr?.width ?? 0) - (20 / 25.4) * 96)).toBeLessThan(1);
  const ink = await sheet.getByText(codes[0] ?? "-").evaluate((element) => getComputedStyle(element).color);
  expect(Number(/^oklch\(([\d.]+)/.exec(ink)?.[1] ?? /^rgb\((\d+)/.exec(ink)?.[1]), ink).toBeLessThan(0.6);
  // 688 px: A4's width inside its margins (182 mm at 96 px to the inch), as the paper has it.
  for (const width of [1280, 688, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`codes-print-${width}.png`), fullPage: true });
  }
  // A4 and Letter: two cards across, four down, none cut by a page's edge.
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const format of ["A4", "Letter"] as const) {
    const pdf = await page.pdf({ format, preferCSSPageSize: false });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // Ten cards, eight to a page: two pages.
    expect(pdf.toString("latin1").match(/\/Type\s*\/Page\b/g) ?? [], format).toHaveLength(2);
  }
  const boxes = await cards.evaluateAll((items) =>
    items.map((item) => item.getBoundingClientRect()).map((r) => ({ x: r.x, w: r.width, h: r.height })),
  );
  expect(new Set(boxes.map((box) => Math.round(box.x))).size, "two columns").toBe(2);
  // 52 mm tall at 96 px to the inch.
  for (const box of boxes) expect(Math.abs(box.h - (52 / 25.4) * 96)).toBeLessThan(2);
  await page.emulateMedia({ media: "screen" });
});

test("without JavaScript the area is plain forms: a batch's codes come back in the page, which no cache keeps", async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: E2E_URL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": "10.204.0.1" },
  });
  try {
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto(CODES_PAGE);
    await page.getByLabel("Release").selectOption({ label: title });
    await page.getByLabel("How many codes").fill("0");
    await page.getByRole("button", { name: "Make the codes" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Give a number of codes from 1 to 1,000\./);
    await expect(page.getByLabel("How many codes")).toHaveValue("0");
    await expect(page.getByLabel("Release").locator("option:checked")).toHaveText(title);
    await page.getByLabel("How many codes").fill("3");
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Make the codes" }).click();
    expect((await answered).headers()["cache-control"]).toMatch(/\bno-store\b/);
    const sheet = page.getByRole("region", { name: "Your new codes" });
    await expect(sheet.getByRole("status")).toHaveText(`3 codes for ${title} are ready.`);
    await expect(sheet.getByRole("list", { name: "Cards to print" }).getByRole("listitem")).toHaveCount(3);
    // The CSV is in the link itself; printing is the browser's own.
    await expect(sheet.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      /^data:text\/csv;charset=utf-8,%EF%BB%BFcode%2Crelease/,
    );
    await expect(sheet.getByRole("button", { name: "Print the cards" })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("a fan types a code from a card in lower case with spaces and lands on the download page; the code then says it is used up", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  expect(codes.length).toBeGreaterThan(3);
  const [firstCode = "", secondCode = "", thirdCode = ""] = codes;
  const reader = await fan(browser);
  try {
    const { page } = reader;
    const opened = await page.goto("/redeem");
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()["cache-control"]).toBe("no-store");
    expect(opened?.headers()["x-robots-tag"]).toBe("noindex");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1, name: "Redeem a download code" })).toBeVisible();
    await waitForHydration(page);
    const field = page.getByRole("textbox", { name: "Enter your download code" });
    const typed = firstCode.toLowerCase().replace("-", " ").split("").join(" ");
    await field.fill(typed);
    await page.getByRole("button", { name: "Redeem" }).click();
    await expect(page).toHaveURL(/\/download\/[0-9a-f]{40}$/);
    const token = new URL(page.url()).pathname.split("/").pop() ?? "";

    // One redemption, one open grant for the release, from that code.
    const recorded = await withE2eDb((db) =>
      db
        .selectFrom("codeRedemptions")
        .innerJoin("downloadGrants", "downloadGrants.id", "codeRedemptions.grantId")
        .innerJoin("songs", "songs.releaseId", "codeRedemptions.releaseId")
        .select(["downloadGrants.via", "downloadGrants.openedAt", "downloadGrants.tokenHash"])
        .where("songs.id", "=", songId)
        .execute(),
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.via).toBe("code");
    expect(recorded[0]?.openedAt).not.toBeNull();
    expect(recorded[0]?.tokenHash).toHaveLength(64);
    expect(token).toHaveLength(40);

    // The release, taken home: its zip, made in the background once the batch exists, tagged.
    const link = page.getByRole("link", { name: /^Download MP3 · / });
    await expect(link, "the page shows the zip once it is made").toBeVisible({ timeout: 90_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const entries = await unzip(readFileSync(await download.path()));
    expect(entries.map((entry) => entry.name)).toEqual([`01 ${title}.mp3`, "cover.jpg"]);
    expect((await describeAudio(entries[0]!.bytes)).tags).toMatchObject({ title, artist: "Juniper Vale" });

    await page.goto("/redeem");
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "Enter your download code" }).fill(firstCode);
    const answered = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/redeem"));
    await page.getByRole("button", { name: "Redeem" }).click();
    expect((await answered).status()).toBe(410);
    await expect(page.getByRole("alert")).toHaveText(/This code has already been used\./);
    await expect(page).toHaveURL(/\/redeem$/);
    await expect(page.getByRole("textbox", { name: "Enter your download code" })).toHaveValue(firstCode);

    // A card's QR code, scanned: its address fills the field in.
    await page.goto(qrAddresses[1] ?? "");
    await expect(page.getByRole("textbox", { name: "Enter your download code" })).toHaveValue(secondCode);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Redeem" }).click();
    await expect(page).toHaveURL(/\/download\/[0-9a-f]{40}$/);
  } finally {
    await reader.close();
  }

  // Without JavaScript: the same form, a plain post, the same answers.
  const plain = await fan(browser, { javaScriptEnabled: false });
  try {
    const { page } = plain;
    await page.goto("/redeem");
    await page.getByRole("textbox", { name: "Enter your download code" }).fill("zzzzz zzzzz");
    await page.getByRole("button", { name: "Redeem" }).click();
    await expect(page.getByRole("alert")).toHaveText(/That code is not one of ours\./);
    await expect(page.getByRole("textbox", { name: "Enter your download code" })).toHaveValue("zzzzz zzzzz");
    const posted = await page.request.post("/redeem", {
      form: { code: thirdCode.toLowerCase() },
      headers: { origin: E2E_URL },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(303);
    expect(posted.headers().location).toMatch(/^\/download\/[0-9a-f]{40}$/);
    expect(posted.headers()["cache-control"]).toBe("no-store");
  } finally {
    await plain.close();
  }
});

test("ten wrong codes in a minute, and the next attempt is refused with 429 and when to try again", async ({ browser }, testInfo) => {
  const guesser = await fan(browser);
  try {
    const { page } = guesser;
    await page.goto("/redeem");
    await waitForHydration(page);
    const field = page.getByRole("textbox", { name: "Enter your download code" });
    for (let i = 0; i < 10; i++) {
      await field.fill(`ZZZZZ-ZZZ${String(i).padStart(2, "0")}`);
      const answered = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: "Redeem" }).click();
      expect((await answered).status(), `wrong code ${i + 1}`).toBe(404);
      await expect(page.getByRole("alert")).toHaveText(/That code is not one of ours\./);
    }
    // The eleventh, even a right one, is not looked at.
    await field.fill(codes[4] ?? "");
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Redeem" }).click();
    const limited = await answered;
    expect(limited.status()).toBe(429);
    const retryAfter = Number(limited.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await expect(page.getByRole("alert")).toHaveText(TOO_MANY);
    await expect(page).toHaveURL(/\/redeem$/);
    await expect(field).toHaveValue(codes[4] ?? "");
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: testInfo.outputPath(`redeem-limited-${width}.png`), fullPage: true });
    }
    // Another fan is not held up, and the code was not spent.
    const other = await fan(browser);
    try {
      const posted = await other.page.request.post("/redeem", {
        form: { code: codes[4] ?? "" },
        headers: { origin: E2E_URL },
        maxRedirects: 0,
      });
      expect(posted.status()).toBe(303);
    } finally {
      await other.close();
    }
  } finally {
    await guesser.close();
  }
});

test("the artist sees the redemptions, ends the batch so its codes stop, and undoes that", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto(CODES_PAGE);
  await waitForHydration(page);
  const row = page.getByRole("list", { name: "Batches" }).getByRole("listitem").filter({ hasText: "Merch table, spring tour" });
  await expect(row.getByText("Redeemed 4 times")).toBeVisible();
  await expect(row.getByText("6 uses left")).toBeVisible();
  await row.getByRole("button", { name: "End these codes" }).click();
  await expect(row.getByRole("status")).toHaveText(`The codes for ${title} no longer work.`);
  await expect(row.getByText("Ended by you", { exact: true })).toBeVisible();
  const ended = await page.request.post("/redeem", { form: { code: codes[5] ?? "" }, headers: { origin: E2E_URL }, maxRedirects: 0 });
  expect(ended.status()).toBe(410);
  expect(await ended.text()).toContain("This code no longer works: the artist has ended it.");
  await row.getByRole("button", { name: "Make them work again" }).click();
  await expect(row.getByRole("status")).toHaveText(`The codes for ${title} work again.`);
  await expect(row.getByText("6 uses left")).toBeVisible();
  const again = await page.request.post("/redeem", { form: { code: codes[5] ?? "" }, headers: { origin: E2E_URL }, maxRedirects: 0 });
  expect(again.status()).toBe(303);
});
