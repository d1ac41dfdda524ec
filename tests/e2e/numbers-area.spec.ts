// The dashboard's Numbers area (issue #37), as the artist reads it: counts
// seeded straight into the site's database on days before today (today's may
// meet what other specs count), then the area opened, its spans switched, each
// figure's table (what a screen reader reads in place of the chart) and the
// lists checked, and the CSV downloaded and read.
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { METRIC, signupSubject } from "#app/domain/counted.ts";
import { VISITORS_METRIC } from "#app/lib/numbers/daily-counter.server.ts";
import { bucketLabel } from "#app/features/numbers/numbers-format.ts";
import { addDays, buckets, dayRange } from "#app/features/numbers/numbers-series.ts";
import { NUMBERS_TEXT } from "#app/features/numbers/ui-text.ts";
import { DASHBOARD_PATH, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { withE2eDb } from "./support/db.ts";
import { expect, test, type Locator, type Page } from "./support/fixtures.ts";

const NUMBERS_PAGE = `${DASHBOARD_PATH}/numbers`;

test.describe.configure({ mode: "serial" });

const tag = randomUUID().slice(0, 6);
const release = { id: randomUUID(), title: `Numbers ${tag}` };
const song = { id: randomUUID(), title: `Harbour, "Lights" ${tag}` };
const pagePath = `/numbers-e2e-${tag}`;
const referrer = `ref-${tag}.example`;
const today = dayRange(1, Date.now()).to;
const day3 = addDays(today, -3);
const day10 = addDays(today, -10);
const day40 = addDays(today, -40);

const seeded = [
  { day: day3, metric: METRIC.playStart, subject: song.id, count: 7 },
  { day: day3, metric: METRIC.play30s, subject: song.id, count: 5 },
  { day: day3, metric: METRIC.playEnd, subject: song.id, count: 2 },
  { day: day3, metric: METRIC.view, subject: pagePath, count: 9 },
  { day: day10, metric: METRIC.view, subject: pagePath, count: 4 },
  { day: day40, metric: METRIC.view, subject: pagePath, count: 100 },
  { day: day3, metric: METRIC.referrer, subject: referrer, count: 6 },
  { day: day10, metric: METRIC.signup, subject: signupSubject("footer", pagePath), count: 3 },
];

/** A figure's card, found by its heading. */
const figure = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
/** The count a figure's table gives for the row named `label`. */
const countIn = (table: Locator, label: string) =>
  table
    .getByRole("row")
    .filter({ has: table.page().getByRole("rowheader", { name: label, exact: true }) })
    .getByRole("cell");

test.beforeAll(async () => {
  await withE2eDb(async (db) => {
    const now = Date.now();
    await db
      .insertInto("releases")
      .values({ id: release.id, slug: `numbers-${tag}`, title: release.title, kind: "single", createdAt: now, updatedAt: now })
      .execute();
    // Not out: no public page lists it, so no other spec meets it.
    await db
      .insertInto("songs")
      .values({
        id: song.id,
        title: song.title,
        artist: "Juniper Vale",
        audioKey: `music/${tag}.wav`,
        coverKey: `covers/${tag}.png`,
        createdAt: now,
        updatedAt: now,
        released: 0,
        releaseId: release.id,
        slug: tag,
      })
      .execute();
    await db.insertInto("dailyCounts").values(seeded).execute();
    // A day's visitors once rolled up; added to whatever that day holds already.
    await db
      .insertInto("dailyCounts")
      .values({ day: day3, metric: VISITORS_METRIC, subject: "", count: 11 })
      .onConflict((conflict) =>
        conflict.columns(["metric", "day", "subject"]).doUpdateSet((eb) => ({ count: eb("dailyCounts.count", "+", 11) })),
      )
      .execute();
  });
});

test.afterAll(async () => {
  await withE2eDb(async (db) => {
    for (const row of seeded)
      await db
        .deleteFrom("dailyCounts")
        .where("metric", "=", row.metric)
        .where("day", "=", row.day)
        .where("subject", "=", row.subject)
        .execute();
    await db
      .updateTable("dailyCounts")
      .set((eb) => ({ count: eb("count", "-", 11) }))
      .where("metric", "=", VISITORS_METRIC)
      .where("day", "=", day3)
      .where("subject", "=", "")
      .execute();
    await db.deleteFrom("songs").where("id", "=", song.id).execute();
    await db.deleteFrom("releases").where("id", "=", release.id).execute();
  });
});

test("the artist reads the figures, the lists and each chart's table, over 30 days, 7 days and 12 months", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  await page.goto(NUMBERS_PAGE);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: NUMBERS_TEXT.title })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Numbers" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const spans = page.getByRole("navigation", { name: NUMBERS_TEXT.rangesLabel });
  await expect(spans.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");

  // Each chart is hidden from screen readers, which read its numbers as a table instead.
  const plays = figure(page, "Plays");
  await expect(plays.locator("svg")).toHaveAttribute("aria-hidden", "true");
  const playsTable = plays.getByRole("table", { name: "Plays per day" });
  await expect(playsTable.getByRole("row")).toHaveCount(31);
  const day3Label = bucketLabel({ from: day3, to: day3, count: 0 }, false);
  await expect(countIn(playsTable, day3Label)).toHaveText("7");
  await expect(countIn(figure(page, "Played past 30 s").getByRole("table"), day3Label)).toHaveText("5");
  await expect(countIn(figure(page, "Played to the end").getByRole("table"), day3Label)).toHaveText("2");
  const visitorsOnDay3 = await countIn(figure(page, "Visitors").getByRole("table"), day3Label).textContent();
  expect(Number(visitorsOnDay3?.replaceAll(",", ""))).toBeGreaterThanOrEqual(11);
  await expect(countIn(figure(page, "Sign-ups").getByRole("table"), bucketLabel({ from: day10, to: day10, count: 0 }, false))).toHaveText(
    "3",
  );

  const tracks = page.getByRole("table", { name: NUMBERS_TEXT.tracks.heading });
  const trackRow = tracks.getByRole("row").filter({ hasText: song.title });
  await expect(trackRow.getByRole("rowheader")).toHaveText(`${song.title}${release.title}`);
  await expect(trackRow.getByRole("cell")).toHaveText(["7", "5", "2"]);
  const releases = page.getByRole("table", { name: NUMBERS_TEXT.releases.heading });
  await expect(releases.getByRole("row").filter({ hasText: release.title }).getByRole("cell")).toHaveText(["7", "5", "2"]);
  const pages = page.getByRole("table", { name: NUMBERS_TEXT.pages.heading });
  await expect(pages.getByRole("row").filter({ hasText: pagePath }).getByRole("cell")).toHaveText("13");
  const referrers = page.getByRole("table", { name: NUMBERS_TEXT.referrers.heading });
  await expect(referrers.getByRole("row").filter({ hasText: referrer }).getByRole("cell")).toHaveText("6");
  const signups = page.getByRole("table", { name: NUMBERS_TEXT.signups.heading });
  await expect(signups.getByRole("row").filter({ hasText: pagePath }).getByRole("rowheader")).toHaveText(`Footer form${pagePath}`);

  // Seven days: the tenth day back is gone from the page list and the charts.
  await spans.getByRole("link", { name: "7 days" }).click();
  await expect(page).toHaveURL(/\?days=7$/);
  await expect(spans.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
  await expect(figure(page, "Plays").getByRole("table").getByRole("row")).toHaveCount(8);
  await expect(pages.getByRole("row").filter({ hasText: pagePath }).getByRole("cell")).toHaveText("9");

  // A year, in weeks ending today: forty days back is in.
  await spans.getByRole("link", { name: "12 months" }).click();
  await expect(page).toHaveURL(/\?days=365$/);
  const { from } = dayRange(365, Date.now());
  const weeks = buckets(from, Array<number>(365).fill(0), true);
  const viewsTable = figure(page, "Page views").getByRole("table", { name: "Page views per week" });
  await expect(viewsTable.getByRole("row")).toHaveCount(weeks.length + 1);
  const week40 = weeks.find((week) => week.from <= day40 && week.to >= day40);
  if (!week40) throw new Error(`No week holds ${day40}`);
  const week40Views = await countIn(viewsTable, bucketLabel(week40, true)).textContent();
  expect(Number(week40Views?.replaceAll(",", ""))).toBeGreaterThanOrEqual(100);
  await expect(pages.getByRole("row").filter({ hasText: pagePath }).getByRole("cell")).toHaveText("113");
});

test("the CSV has a line per day, metric and subject, quoted as a spreadsheet needs, and is kept by no cache", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto(`${NUMBERS_PAGE}?days=7`);
  await waitForHydration(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: NUMBERS_TEXT.exportCsv }).click()]);
  const { from, to } = dayRange(7, Date.now());
  expect(download.suggestedFilename()).toBe(`numbers-${from}-${to}.csv`);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.startsWith("\uFEFFdate,metric,subject,count,label\r\n")).toBe(true);
  const lines = csv.split("\r\n");
  expect(lines).toContain(`${day3},play-start,${song.id},7,"Harbour, ""Lights"" ${tag} (${release.title})"`);
  expect(lines).toContain(`${day3},view,${pagePath},9,`);
  expect(lines).toContain(`${day3},referrer,${referrer},6,`);
  expect(lines.some((line) => line.startsWith(`${day3},visitors,,`))).toBe(true);
  // Outside the seven days.
  expect(csv).not.toContain(`${day10},view,${pagePath}`);

  const response = await page.request.get(`${NUMBERS_PAGE}.csv?days=365`);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const year = dayRange(365, Date.now());
  expect(response.headers()["content-disposition"]).toBe(`attachment; filename=numbers-${year.from}-${year.to}.csv`);
  expect(await response.text()).toContain(`${day40},view,${pagePath},100,`);
});
