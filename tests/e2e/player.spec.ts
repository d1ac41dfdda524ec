import { expect, test, type Locator, type Page } from "./support/fixtures.ts";
import { audioFile, audioState, currentTime, musicPlayer, openPlayer, pauseAndSettle, startPlaying } from "./support/player.ts";
import { DEMO_CLI_TIMEOUT_MS, demoCli } from "./support/cli.ts";
import { deleteSongRows, withE2eDb } from "./support/db.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";

// Issue 14's player faults, one test each, as a fan meets them. The e2e server
// and its database are shared by every spec file: these run on the three demo
// songs (24 s each, newest first: Paper Boats (latest), Kitchen Table,
// Riverside Hymn) and leave the site as they found it. Not serial: each fault
// is its own test, and one failing does not hide the others.

const tracksOf = (region: Locator) => region.getByRole("list", { name: "Tracks" });

test.describe("player (issue 14)", () => {
  test.beforeAll(async () => {
    // The demo makes each song's renditions and measures (decision 026): more than a test's default 30 s on a busy machine.
    test.setTimeout(DEMO_CLI_TIMEOUT_MS);
    // Exactly the demo songs, whatever earlier spec files left behind.
    await withE2eDb(async (db) => {
      await deleteSongRows(db);
      await bumpContentVersion(db);
    });
    expect(await demoCli()).toContain('Added "Paper Boats"');
  });

  test("Loop shows when it is on: aria-pressed and a visibly different button, in the light and dark themes", async ({ page }) => {
    for (const theme of ["light", "dark"] as const) {
      await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
      const region = await openMusic(page);
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      const loop = region.getByRole("button", { name: "Loop" });
      // Same conditions for every picture: no pointer over it, no focus ring.
      const picture = async () => {
        await page.mouse.move(0, 0);
        await loop.evaluate((node) => (node as HTMLElement).blur());
        return loop.screenshot({ animations: "disabled" });
      };

      await expect(loop).toHaveAttribute("aria-pressed", "false");
      const off = await picture();
      await loop.click();
      await expect(loop).toHaveAttribute("aria-pressed", "true");
      const on = await picture();
      await loop.click();
      await expect(loop).toHaveAttribute("aria-pressed", "false");
      const offAgain = await picture();

      expect(offAgain.equals(off), `${theme}: off looks the same each time`).toBe(true);
      expect(on.equals(off), `${theme}: on looks different from off`).toBe(false);
    }
  });

  test("on a fresh page the first Next plays the song after the shown one, and the first Previous the one before it (wrapping)", async ({
    page,
  }) => {
    let region = await openMusic(page);
    const title = () => region.getByTestId("player-title");
    await expect(title()).toHaveText("Paper Boats");
    await region.getByRole("button", { name: "Next song" }).click();
    await expect(title()).toHaveText("Kitchen Table");
    await expect(tracksOf(region).getByRole("button").nth(1)).toHaveAttribute("aria-current", "true");
    await expect.poll(async () => (await audioState(page)).src).toMatch(audioFile("Kitchen Table"));
    await expect(region.getByRole("button", { name: "Pause Kitchen Table", exact: true })).toBeVisible();

    region = await openMusic(page);
    await expect(title()).toHaveText("Paper Boats");
    await region.getByRole("button", { name: "Previous song" }).click();
    await expect(title()).toHaveText("Riverside Hymn");
    await expect(tracksOf(region).getByRole("button").nth(2)).toHaveAttribute("aria-current", "true");
    await expect.poll(async () => (await audioState(page)).src).toMatch(audioFile("Riverside Hymn"));
  });

  test("the Seek slider's keys: arrows move 5 s, Page Up/Down further, Home/End to the ends; its value text reads 'm:ss of m:ss' and holds still while playing", async ({
    page,
  }) => {
    const region = await openMusic(page);
    await startPlaying(page, region, "Paper Boats");
    await pauseAndSettle(page, region, "Paper Boats");
    const seek = region.getByRole("slider", { name: "Seek" });
    await seek.focus();

    await page.keyboard.press("Home");
    await expect.poll(() => currentTime(page)).toBe(0);
    await expect(seek).toHaveAttribute("aria-valuetext", "0:00 of 0:24");

    for (const [key, seconds] of [
      ["ArrowRight", 5],
      ["ArrowUp", 10],
      ["ArrowLeft", 5],
      ["ArrowDown", 0],
    ] as const) {
      await page.keyboard.press(key);
      await expect.poll(() => currentTime(page), { message: `${key} moves to ${seconds} s` }).toBeCloseTo(seconds, 1);
      await expect(seek).toHaveAttribute("aria-valuetext", `0:${String(seconds).padStart(2, "0")} of 0:24`);
    }

    // Page Up moves further than an arrow (a tenth of the song, never less than 10 s).
    await page.keyboard.press("PageUp");
    await expect.poll(() => currentTime(page)).toBeCloseTo(10, 1);
    await expect(seek).toHaveAttribute("aria-valuetext", "0:10 of 0:24");
    await page.keyboard.press("PageDown");
    await expect.poll(() => currentTime(page)).toBeCloseTo(0, 1);
    await page.keyboard.press("End");
    await expect(seek).toHaveAttribute("aria-valuetext", "0:24 of 0:24");
    await expect.poll(() => currentTime(page)).toBeGreaterThan(23.9);
    await page.waitForTimeout(300); // Measuring that nothing starts on its own at the end.
    expect(await audioState(page)).toMatchObject({ paused: true, src: expect.stringMatching(audioFile("Paper Boats")) });
    await expect(region.getByTestId("player-title")).toHaveText("Paper Boats");
    await page.keyboard.press("Home");
    await expect(seek).toHaveAttribute("aria-valuetext", "0:00 of 0:24");
    await expect.poll(() => currentTime(page)).toBeLessThan(0.05);

    // While it plays, the value text does not tick every second (a screen
    // reader would read each tick); a key press or focus reads it afresh.
    await region.getByRole("button", { name: "Play Paper Boats", exact: true }).click();
    await expect.poll(() => currentTime(page)).toBeGreaterThan(0.3);
    const texts = new Set<string>();
    const until = Date.now() + 2500;
    while (Date.now() < until) {
      texts.add((await seek.getAttribute("aria-valuetext")) ?? "");
      await page.waitForTimeout(100);
    }
    expect(await currentTime(page), "it played on meanwhile").toBeGreaterThan(2);
    expect([...texts]).toEqual(["0:00 of 0:24"]);
    await seek.focus();
    await page.keyboard.press("ArrowRight");
    await expect(seek).toHaveAttribute("aria-valuetext", /^0:0[5-9] of 0:24$/);
  });

  test("the ±5 s buttons move the shown song before anything plays, and Play starts from there", async ({ page }) => {
    const region = await openMusic(page);
    const seek = region.getByRole("slider", { name: "Seek" });
    const forward = region.getByRole("button", { name: "Forward 5 seconds" });
    const back = region.getByRole("button", { name: "Back 5 seconds" });
    await expect(seek).toHaveAttribute("aria-valuetext", "0:00 of 0:24");

    await expect(forward).toBeEnabled();
    await forward.click();
    await expect(seek).toHaveAttribute("aria-valuetext", "0:05 of 0:24");
    await forward.click();
    await forward.click();
    await expect(seek).toHaveAttribute("aria-valuetext", "0:15 of 0:24");
    await back.click();
    await expect(seek).toHaveAttribute("aria-valuetext", "0:10 of 0:24");
    // Nothing is fetched until the fan presses play.
    expect((await audioState(page)).src).toBe("");

    await region.getByRole("button", { name: "Play Paper Boats", exact: true }).click();
    await expect.poll(async () => (await audioState(page)).src).toMatch(audioFile("Paper Boats"));
    await expect.poll(() => currentTime(page), { message: "playback starts at 0:10" }).toBeGreaterThan(10.3);
    expect(await currentTime(page)).toBeLessThan(14);
  });

  for (const width of [1280, 390]) {
    test(`the Latest Release badge appearing does not move the player (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const region = await openMusic(page);
      const boxes = async () => {
        const parts = [
          region.getByTestId("player-title"),
          region.getByRole("slider", { name: "Seek" }),
          region.getByRole("button", { name: "Loop" }),
          tracksOf(region),
        ];
        return Promise.all(parts.map(async (part) => (await part.boundingBox())?.y));
      };
      const badge = region.getByText("Latest Release", { exact: true });

      await tracksOf(region)
        .getByRole("button", { name: /Kitchen Table/ })
        .click();
      await expect(region.getByTestId("player-title")).toHaveText("Kitchen Table");
      await expect(badge).toHaveCount(0);
      const without = await boxes();

      await tracksOf(region)
        .getByRole("button", { name: /Paper Boats/ })
        .click();
      await expect(region.getByTestId("player-title")).toHaveText("Paper Boats");
      await expect(badge).toBeVisible();
      expect(await boxes()).toEqual(without);
    });
  }

  test("a long title wraps in the player's heading at 390 px and is cut with an ellipsis in the track list, whole in its name and tooltip", async ({
    page,
  }) => {
    const LONG = "Supercalifragilisticexpialidocious Summer Nights on the Riverside (Extended Live Session at the Old Hall)";
    const rename = (title: string) =>
      withE2eDb(async (db) => {
        await db.updateTable("songs").set({ title }).where("title", "in", ["Kitchen Table", LONG]).execute();
        await bumpContentVersion(db);
      });
    await rename(LONG);
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      const region = await openMusic(page);
      const row = tracksOf(region).getByRole("button").nth(1);
      await expect(row).toHaveAccessibleName(new RegExp(LONG.replace(/[()]/g, "\\$&")));
      const rowTitle = row.getByTitle(LONG, { exact: true });
      await expect(rowTitle).toHaveText(LONG);
      const cut = await rowTitle.evaluate((node) => ({
        overflow: getComputedStyle(node).textOverflow,
        truncated: node.scrollWidth > node.clientWidth,
        right: node.getBoundingClientRect().right,
      }));
      expect(cut.overflow).toBe("ellipsis");
      expect(cut.truncated).toBe(true);
      expect(cut.right).toBeLessThanOrEqual(390);

      await row.click();
      const heading = region.getByTestId("player-title");
      await expect(heading).toHaveText(LONG);
      const fit = await heading.evaluate((node) => {
        const box = node.getBoundingClientRect();
        const lineHeight = Number.parseFloat(getComputedStyle(node).lineHeight);
        return {
          scrollWidth: node.scrollWidth,
          clientWidth: node.clientWidth,
          left: box.left,
          right: box.right,
          lines: Math.round(box.height / lineHeight),
          pageWidth: document.documentElement.scrollWidth,
        };
      });
      expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
      expect(fit.left).toBeGreaterThanOrEqual(0);
      expect(fit.right).toBeLessThanOrEqual(390);
      expect(fit.lines, "the heading wraps onto more lines").toBeGreaterThan(1);
      expect(fit.pageWidth, "nothing scrolls sideways").toBeLessThanOrEqual(390);
    } finally {
      await rename("Kitchen Table");
    }
  });
});

/** Opens /music on a fresh page and waits until React owns the player's buttons. */
function openMusic(page: Page): Promise<Locator> {
  return openPlayer(page, "/music", musicPlayer);
}
