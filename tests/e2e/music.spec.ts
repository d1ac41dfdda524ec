import { expect, test, type Page } from "./support/fixtures.ts";
import { mainNav, waitForHydration } from "./support/browser.ts";
import { audioFile, audioState, currentTime, homePlayer, musicPlayer, openPlayer, pauseAndSettle, startPlaying } from "./support/player.ts";
import { DEMO_CLI_TIMEOUT_MS, demoCli } from "./support/cli.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import { deleteSongRows, withE2eDb } from "./support/db.ts";
import { E2E_URL } from "./support/server-env.ts";

// The e2e server and its database are shared by every spec file, so these run
// in order: first without songs, then with the three demo songs.

const MESSAGES = {
  empty: "No songs available yet. Check back soon!",
  failed: "Failed to load songs. Please try again later.",
};
const ORDER = ["Paper Boats", "Kitchen Table", "Riverside Hymn"];
const ARTIST = "Juniper Vale";
const nowPlaying = (page: Page) => page.getByRole("region", { name: "Now playing" });

type Attributes = Record<string, string>;
const decodeEntities = (value: string) =>
  value.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

function metaTags(html: string): Attributes[] {
  return (html.match(/<meta\b[^>]*>/gi) ?? []).map((raw) => {
    const attributes: Attributes = {};
    for (const [, name, value] of raw.matchAll(/([\w:-]+)="([^"]*)"/g)) {
      if (name) attributes[name.toLowerCase()] = decodeEntities(value ?? "");
    }
    return attributes;
  });
}
const metaProperty = (html: string, property: string) => metaTags(html).find((meta) => meta.property === property)?.content;

/** Every JSON-LD object in raw HTML. */
function jsonLd(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/gi)];
  return blocks.map(([, body]) => JSON.parse(body ?? "null") as Record<string, unknown>);
}

/** Width and height from a JPEG's SOF0/SOF1/SOF2 segment. */
function jpegSize(jpeg: Buffer): { width: number; height: number } | null {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 9 < jpeg.length) {
    if (jpeg[offset] !== 0xff) return null;
    const marker = jpeg[offset + 1] ?? 0;
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc2) return { height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return null;
}

test.describe.serial("music", () => {
  test.describe("without songs", () => {
    test.beforeAll(async () => {
      // Behind the app's back, so the pages it caches for fans must be told.
      await withE2eDb(async (db) => {
        await deleteSongRows(db);
        await bumpContentVersion(db);
      });
    });

    test("the players show the empty state on / and /music", async ({ page }) => {
      await page.goto("/");
      await expect(homePlayer(page).getByRole("status")).toHaveText(MESSAGES.empty);
      await expect(homePlayer(page).getByRole("list", { name: "Tracks" })).toHaveCount(0);

      await page.goto("/music");
      await expect(musicPlayer(page).getByRole("status")).toHaveText(MESSAGES.empty);
      await expect(page.getByRole("heading", { name: "Live Performance" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Now playing" })).toHaveCount(0);
    });

    test("a failing songs query shows the failure state while the rest of the page renders", async ({ page }) => {
      await withE2eDb(async (db) => {
        await db.schema.alterTable("songs").renameTo("songs_hidden").execute();
        await bumpContentVersion(db);
      });
      try {
        await page.goto("/music");
        await expect(musicPlayer(page).getByRole("alert")).toHaveText(MESSAGES.failed);
        await expect(page.getByRole("heading", { name: "Current Releases" })).toBeVisible();
        await expect(page.getByRole("heading", { name: "Live Performance" })).toBeVisible();
        await expect(page.getByTestId("video-facade")).toBeVisible();
        await expect(page.getByRole("heading", { name: "More Music Coming Soon" })).toBeVisible();

        await page.goto("/");
        await expect(homePlayer(page).getByRole("alert")).toHaveText(MESSAGES.failed);
        await expect(page.getByRole("heading", { name: "Latest Music" })).toBeVisible();
        await expect(page.getByRole("link", { name: "About Me" })).toBeVisible();

        // A page showing a failure is never kept for other fans: once the
        // database is back, the next visit renders afresh.
        await withE2eDb((db) => db.schema.alterTable("songs_hidden").renameTo("songs").execute());
        await page.goto("/music");
        await expect(musicPlayer(page).getByRole("status")).toHaveText(MESSAGES.empty);
      } finally {
        await withE2eDb(async (db) => {
          const hidden = (await db.introspection.getTables()).some((table) => table.name === "songs_hidden");
          if (hidden) await db.schema.alterTable("songs_hidden").renameTo("songs").execute();
          await bumpContentVersion(db);
        });
      }
    });
  });

  test.describe("with the demo songs", () => {
    test.beforeAll(async () => {
      // The demo makes each song's renditions and measures (decision 026): more than a test's default 30 s on a busy machine.
      test.setTimeout(DEMO_CLI_TIMEOUT_MS);
      const output = await demoCli();
      expect(output).toContain('Added "Paper Boats"');
    });

    test("track list is newest first with NEW and the Latest Release badge on Paper Boats; streaming links only where filled", async ({
      page,
    }) => {
      for (const [path, player] of [
        ["/", homePlayer],
        ["/music", musicPlayer],
      ] as const) {
        const region = await openPlayer(page, path, player);
        const tracks = region.getByRole("list", { name: "Tracks" }).getByRole("listitem");
        await expect(tracks).toHaveCount(3);
        for (const [i, title] of ORDER.entries()) {
          await expect(tracks.nth(i)).toContainText(`${String(i + 1).padStart(2, "0")}${title}`);
          await expect(tracks.nth(i)).toContainText("0:24");
        }
        await expect(tracks.nth(0)).toContainText("NEW");
        await expect(tracks.nth(1)).not.toContainText("NEW");
        await expect(tracks.nth(2)).not.toContainText("NEW");
        await expect(tracks.nth(0).getByRole("button")).toHaveAttribute("aria-current", "true");
        await expect(region.locator('[aria-current="true"]')).toHaveCount(1);

        const title = region.getByTestId("player-title");
        await expect(title).toHaveText("Paper Boats");
        await expect(title.getByRole("link")).toHaveAttribute("href", "/music/paper-boats/paper-boats");
        await expect(region.getByText("Latest Release", { exact: true })).toBeVisible();
        await expect(region.getByText(ARTIST, { exact: true })).toBeVisible();
        await expect(region.getByRole("img", { name: "Cover art for Paper Boats" })).toBeVisible();

        // Demo songs have Spotify and YouTube only.
        const links = region.getByRole("list", { name: "Stream Paper Boats" }).getByRole("link");
        await expect(links).toHaveCount(2);
        await expect(links.nth(0)).toHaveAccessibleName(/^Spotify/);
        await expect(links.nth(1)).toHaveAccessibleName(/^YouTube/);
        for (const link of await links.all()) {
          await expect(link).toHaveAttribute("target", "_blank");
          await expect(link).toHaveAttribute("rel", "noopener noreferrer");
          await expect(link).toHaveAttribute("href", /^https:\/\//);
        }
        await expect(region.getByRole("link", { name: /Apple Music|Amazon Music/ })).toHaveCount(0);

        // A song that is not the latest has no badge.
        await region
          .getByRole("list", { name: "Tracks" })
          .getByRole("button", { name: /Kitchen Table/ })
          .click();
        await expect(title).toHaveText("Kitchen Table");
        await expect(region.getByText("Latest Release", { exact: true })).toHaveCount(0);
        await expect(tracks.nth(1).getByRole("button")).toHaveAttribute("aria-current", "true");
      }
    });

    test("the players are in the first HTML in place, so nothing moves as a phone loads / and /music, and the JavaScript is asked for only once the picture has painted", async ({
      page,
      request,
    }) => {
      for (const path of ["/", "/music"]) {
        // Twice: the first render, then the page cache's copy.
        for (const round of [1, 2]) {
          const html = await (await request.get(path)).text();
          const player = html.indexOf("Cover art for Paper Boats");
          expect(player, `${path} (${round}): the player in the HTML`).toBeGreaterThan(0);
          // In place, not moved to the end of the document behind "Loading music...".
          expect(html.slice(0, player), `${path} (${round})`).not.toContain("Loading music...");
          expect(player, `${path} (${round})`).toBeLessThan(html.indexOf("<footer"));
          // Its JavaScript waits for the picture: no module preload, and the app's module script inert until then.
          expect(html, `${path} (${round})`).not.toMatch(/<link rel="modulepreload"/);
          expect(html, `${path} (${round})`).not.toMatch(/<script[^>]*type="module"/);
          expect(html, `${path} (${round})`).toMatch(
            /<script[^>]*type="text\/x-module-after-paint"[^>]*data-modulepreload="[^"]*framework-/,
          );
        }
      }
      await page.setViewportSize({ width: 390, height: 844 });
      // A slow phone network, so the document arrives in pieces as it would.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: 200_000,
        uploadThroughput: 90_000,
      });
      await page.addInitScript(() => {
        const shifts: number[] = [];
        Object.assign(window, { layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
        }).observe({ type: "layout-shift", buffered: true });
      });
      for (const path of ["/music", "/"]) {
        await page.goto(path, { waitUntil: "load" });
        await waitForHydration(page);
        await page.waitForTimeout(500);
        const shift = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0));
        expect(shift, `cumulative layout shift on ${path}`).toBeLessThan(0.01);
        // The page painted first, its picture (the cover here; no photo in this site) downloaded; only then was its JavaScript asked for.
        const order = await page.evaluate(() => {
          const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')?.currentSrc;
          const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
          return {
            painted: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
            picture: picture ? (resources.find((entry) => entry.name === picture)?.responseEnd ?? Infinity) : 0,
            script: resources.find((entry) => entry.name.includes("/assets/framework-"))?.startTime ?? -1,
          };
        });
        expect(order.script, `the framework's request on ${path}, after the first paint`).toBeGreaterThan(order.painted);
        expect(order.script, `the framework's request on ${path}, after the picture`).toBeGreaterThan(order.picture);
      }
    });

    test("pressing Play plays the song: the audio's time advances", async ({ page }) => {
      const region = await openPlayer(page, "/music", musicPlayer);
      const seek = region.getByRole("slider", { name: "Seek" });
      await expect(seek).toHaveAttribute("aria-valuetext", "0:00 of 0:24");
      expect((await audioState(page)).paused).toBe(true);

      await startPlaying(page, region, "Paper Boats");
      const state = await audioState(page);
      expect(state.paused).toBe(false);
      expect(state.src).toMatch(audioFile("Paper Boats"));
      await expect(seek).toBeEnabled();
      const t0 = await currentTime(page);
      await expect.poll(() => currentTime(page)).toBeGreaterThan(t0 + 0.5);
      await expect(seek).toHaveAttribute("aria-valuetext", /^0:0\d of 0:24$/);
      await expect(nowPlaying(page)).toContainText("Paper Boats");
      await expect(nowPlaying(page).getByRole("button", { name: "Pause Paper Boats" })).toBeVisible();

      await pauseAndSettle(page, region, "Paper Boats");
      const stopped = await currentTime(page);
      await page.waitForTimeout(400); // Measuring that time does NOT advance while paused.
      expect(await currentTime(page)).toBeCloseTo(stopped, 3);
    });

    test("the Seek slider and the 5-second jumps move the position", async ({ page }) => {
      const region = await openPlayer(page, "/music", musicPlayer);
      await startPlaying(page, region, "Paper Boats");
      await pauseAndSettle(page, region, "Paper Boats");
      const seek = region.getByRole("slider", { name: "Seek" });

      // A click in the middle of the bar seeks to about half of 24 s.
      const box = await seek.boundingBox();
      if (!box) throw new Error("Seek slider has no box");
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect.poll(() => currentTime(page)).toBeGreaterThan(10);
      expect(await currentTime(page)).toBeLessThan(14);
      await expect(seek).toHaveAttribute("aria-valuetext", /^0:1[0-3] of 0:24$/);

      // Keyboard: Home goes to the start, ArrowRight steps forward by SPEC's 5 s.
      await seek.focus();
      await page.keyboard.press("Home");
      await expect.poll(() => currentTime(page)).toBeLessThan(0.05);
      await expect(seek).toHaveAttribute("aria-valuetext", "0:00 of 0:24");
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => currentTime(page)).toBeCloseTo(5, 1);

      const before = await currentTime(page);
      await region.getByRole("button", { name: "Forward 5 seconds" }).click();
      await expect.poll(() => currentTime(page)).toBeGreaterThan(before + 4);
      const forwarded = await currentTime(page);
      expect(Math.abs(forwarded - (before + 5))).toBeLessThanOrEqual(1);

      await region.getByRole("button", { name: "Forward 5 seconds" }).click();
      await expect.poll(() => currentTime(page)).toBeGreaterThan(forwarded + 4);
      const twice = await currentTime(page);
      expect(Math.abs(twice - (forwarded + 5))).toBeLessThanOrEqual(1);

      await region.getByRole("button", { name: "Back 5 seconds" }).click();
      await expect.poll(() => currentTime(page)).toBeLessThan(twice - 4);
      expect(Math.abs((await currentTime(page)) - (twice - 5))).toBeLessThanOrEqual(1);

      // Back 5 seconds near the start stops at 0.
      await seek.focus();
      await page.keyboard.press("Home");
      await region.getByRole("button", { name: "Back 5 seconds" }).click();
      await expect.poll(() => currentTime(page)).toBe(0);
    });

    test("Previous from the first track wraps to the last, Next from the last wraps to the first", async ({ page }) => {
      const region = await openPlayer(page, "/music", musicPlayer);
      const title = region.getByTestId("player-title");
      const tracks = region.getByRole("list", { name: "Tracks" }).getByRole("button");
      await startPlaying(page, region, "Paper Boats");

      await region.getByRole("button", { name: "Previous song" }).click();
      await expect(title).toHaveText("Riverside Hymn");
      await expect(tracks.nth(2)).toHaveAttribute("aria-current", "true");
      await expect.poll(async () => (await audioState(page)).src).toMatch(audioFile("Riverside Hymn"));
      await expect(region.getByRole("button", { name: "Pause Riverside Hymn" })).toBeVisible();

      await region.getByRole("button", { name: "Next song" }).click();
      await expect(title).toHaveText("Paper Boats");
      await expect(tracks.nth(0)).toHaveAttribute("aria-current", "true");
      await expect.poll(async () => (await audioState(page)).src).toMatch(audioFile("Paper Boats"));

      await region.getByRole("button", { name: "Next song" }).click();
      await expect(title).toHaveText("Kitchen Table");
      await expect.poll(async () => (await audioState(page)).src).toMatch(audioFile("Kitchen Table"));
      await expect.poll(() => currentTime(page), { message: "the next song plays" }).toBeGreaterThan(0.3);

      // The now-playing bar's Next follows the same queue.
      await nowPlaying(page).getByRole("button", { name: "Next song" }).click();
      await expect(title).toHaveText("Riverside Hymn");
      await expect(nowPlaying(page)).toContainText("Riverside Hymn");
      await nowPlaying(page).getByRole("button", { name: "Next song" }).click();
      await expect(title).toHaveText("Paper Boats");
      await expect.poll(async () => (await audioState(page)).src).toMatch(audioFile("Paper Boats"));
    });

    test("Loop, Mute and Volume drive the audio element", async ({ page }) => {
      const region = await openPlayer(page, "/music", musicPlayer);
      await startPlaying(page, region, "Paper Boats");

      const loop = region.getByRole("button", { name: "Loop" });
      await expect(loop).toHaveAttribute("aria-pressed", "false");
      expect((await audioState(page)).loop).toBe(false);
      await loop.click();
      await expect(loop).toHaveAttribute("aria-pressed", "true");
      await expect.poll(async () => (await audioState(page)).loop).toBe(true);
      await loop.click();
      await expect(loop).toHaveAttribute("aria-pressed", "false");
      await expect.poll(async () => (await audioState(page)).loop).toBe(false);

      const volume = region.getByRole("slider", { name: "Volume" });
      await region.getByRole("button", { name: "Mute", exact: true }).click();
      const unmute = region.getByRole("button", { name: "Unmute" });
      await expect(unmute).toHaveAttribute("aria-pressed", "true");
      await expect.poll(async () => (await audioState(page)).muted).toBe(true);
      await expect(volume).toHaveAttribute("aria-valuetext", "0%");
      await unmute.click();
      await expect(region.getByRole("button", { name: "Mute", exact: true })).toHaveAttribute("aria-pressed", "false");
      await expect.poll(async () => (await audioState(page)).muted).toBe(false);

      await expect(volume).toHaveAttribute("aria-valuetext", "100%");
      await volume.focus();
      // One step at a time: the slider follows the audio's (asynchronous) volumechange event.
      for (const percent of [95, 90, 85, 80]) {
        await page.keyboard.press("ArrowLeft");
        await expect(volume).toHaveAttribute("aria-valuetext", `${percent}%`);
      }
      await expect.poll(async () => (await audioState(page)).volume).toBeCloseTo(0.8, 2);
      await page.keyboard.press("Home");
      await expect(volume).toHaveAttribute("aria-valuetext", "0%");
      await expect.poll(async () => (await audioState(page)).volume).toBe(0);
      await page.keyboard.press("End");
      await expect(volume).toHaveAttribute("aria-valuetext", "100%");
      await expect.poll(async () => (await audioState(page)).volume).toBe(1);
    });

    test("Listen Now on / plays the latest song without leaving the page", async ({ page }) => {
      await openPlayer(page, "/", homePlayer);
      await page.getByRole("link", { name: "Listen Now" }).click();

      await expect.poll(async () => (await audioState(page)).src).toMatch(audioFile("Paper Boats"));
      await expect.poll(() => currentTime(page), { message: "the latest song plays" }).toBeGreaterThan(0.3);
      expect((await audioState(page)).paused).toBe(false);
      expect(new URL(page.url()).pathname).toBe("/");
      await expect(homePlayer(page).getByRole("button", { name: "Pause Paper Boats" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Latest Music" })).toBeInViewport();
    });

    test("playback continues across a client-side navigation from / to /bio", async ({ page }) => {
      const region = await openPlayer(page, "/", homePlayer);
      await startPlaying(page, region, "Paper Boats");
      // Marks the document: a full page load would lose it.
      await page.evaluate(() => Object.assign(window, { __musicSpecMarker: true }));
      const before = await audioState(page);

      await mainNav(page).getByRole("link", { name: "Bio", exact: true }).click();
      await expect(page).toHaveURL("/bio");
      expect(await page.evaluate(() => "__musicSpecMarker" in window)).toBe(true);

      const bar = nowPlaying(page);
      await expect(bar).toContainText("Paper Boats");
      await expect(bar.getByRole("button", { name: "Pause Paper Boats" })).toBeVisible();
      const after = await audioState(page);
      expect(after.src).toBe(before.src);
      expect(after.paused).toBe(false);
      await expect.poll(() => currentTime(page)).toBeGreaterThan(after.currentTime + 0.5);
      expect(await currentTime(page)).toBeGreaterThan(before.currentTime);

      // The bar pauses the same audio.
      await bar.getByRole("button", { name: "Pause Paper Boats" }).click();
      await expect(bar.getByRole("button", { name: "Play Paper Boats" })).toBeVisible();
      await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    });

    test("the live video requests nothing from the video host until clicked, then embeds youtube-nocookie at 42 s", async ({ page }) => {
      const videoHost =
        /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be|ytimg\.com|googlevideo\.com|google\.com|googleapis\.com|gstatic\.com|doubleclick\.net)$/;
      const videoRequests: string[] = [];
      page.on("request", (request) => {
        if (videoHost.test(new URL(request.url()).hostname)) videoRequests.push(request.url());
      });
      // Never reach the real video host from the tests.
      await page.route(
        (url) => videoHost.test(url.hostname),
        (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>video</title>" }),
      );

      await page.goto("/music", { waitUntil: "networkidle" });
      await waitForHydration(page);
      const facade = page.getByTestId("video-facade");
      await expect(facade).toBeVisible();
      await expect(facade).toHaveAccessibleName("Play video: Live at the Riverside Hall");
      await expect(page.locator("iframe")).toHaveCount(0);
      await facade.scrollIntoViewIfNeeded();
      await page.waitForLoadState("networkidle");
      expect(videoRequests, "no request to the video host before the click").toEqual([]);

      await facade.click();
      const iframe = page.locator('iframe[title="Live at the Riverside Hall"]');
      await expect(iframe).toBeVisible();
      await expect(facade).toHaveCount(0);
      const src = new URL((await iframe.getAttribute("src")) ?? "");
      expect(src.origin).toBe("https://www.youtube-nocookie.com");
      expect(src.pathname).toBe("/embed/aqz-KE-bpKQ");
      expect(src.searchParams.get("start")).toBe("42");
      expect(src.searchParams.get("autoplay")).toBe("1");
      await expect.poll(() => videoRequests.some((url) => url.startsWith("https://www.youtube-nocookie.com/embed/"))).toBe(true);
    });

    test("the share page: song metadata and JSON-LD in the raw HTML, a 1200×630 JPEG share image, the player on that song; unknown ids are 404", async ({
      page,
      request,
    }) => {
      // Find the share page through the player's title link.
      const region = await openPlayer(page, "/music", musicPlayer);
      await region
        .getByRole("list", { name: "Tracks" })
        .getByRole("button", { name: /Kitchen Table/ })
        .click();
      await expect(region.getByTestId("player-title")).toHaveText("Kitchen Table");
      await region.getByTestId("player-title").getByRole("link").click();
      // The track's page: its release's address, then its own (a single's release holds just it).
      await expect(page).toHaveURL(/\/music\/kitchen-table\/kitchen-table$/);
      const path = new URL(page.url()).pathname;

      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: "Kitchen Table" })).toBeVisible();
      const sharePlayer = page.getByRole("region", { name: "Player for Kitchen Table" });
      await expect(sharePlayer.getByTestId("player-title")).toHaveText("Kitchen Table");
      // The player holds the song's release, in its running order: for a single, the song alone.
      const shareTracks = sharePlayer.getByRole("list", { name: "Tracks" }).getByRole("button");
      await expect(shareTracks).toHaveCount(1);
      await expect(shareTracks.first()).toHaveAttribute("aria-current", "true");
      await startPlaying(page, sharePlayer, "Kitchen Table");
      expect((await audioState(page)).src).toMatch(audioFile("Kitchen Table"));

      // Raw server HTML, as a link preview or a search engine sees it.
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(metaProperty(html, "og:type")).toBe("music.song");
      expect(metaProperty(html, "og:url")).toBe(`${E2E_URL}${path}`);
      const ogAudio = metaProperty(html, "og:audio") ?? "";
      expect(ogAudio).toMatch(new RegExp(`^${E2E_URL}/media/`));
      expect(ogAudio).toMatch(audioFile("Kitchen Table"));
      const ogImage = metaProperty(html, "og:image") ?? "";
      expect(ogImage).toMatch(new RegExp(`^${E2E_URL}/media/.+\\.og\\.jpg$`));
      expect(metaProperty(html, "og:image:width")).toBe("1200");
      expect(metaProperty(html, "og:image:height")).toBe("630");

      const recording = jsonLd(html).find((item) => item["@type"] === "MusicRecording");
      expect(recording, "MusicRecording JSON-LD").toBeTruthy();
      expect(recording).toMatchObject({
        "@context": "https://schema.org",
        name: "Kitchen Table",
        url: `${E2E_URL}${path}`,
        image: ogImage,
        byArtist: { "@type": "MusicGroup", name: ARTIST },
        audio: { "@type": "AudioObject", contentUrl: ogAudio },
      });

      const image = await request.get(ogImage);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/jpeg");
      expect(jpegSize(await image.body())).toEqual({ width: 1200, height: 630 });

      // One sanity check of media delivery: a byte range of the song's audio.
      const range = await request.get(ogAudio, { headers: { Range: "bytes=0-99" } });
      expect(range.status()).toBe(206);
      expect(range.headers()["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
      expect((await range.body()).length).toBe(100);
      // The demo's songs are MP3s: the range starts with an MPEG audio frame's sync bits.
      const [first = 0, second = 0] = await range.body();
      expect([first, second & 0xe0]).toEqual([0xff, 0xe0]);
      expect(range.headers()["content-type"]).toBe("audio/mpeg");

      // Home's raw HTML describes the artist.
      const home = await (await request.get("/")).text();
      const group = jsonLd(home).find((item) => item["@type"] === "MusicGroup");
      expect(group).toMatchObject({ name: ARTIST, url: `${E2E_URL}/` });

      const missing = await request.get("/music/00000000-0000-4000-8000-000000000000");
      expect(missing.status()).toBe(404);
      expect((await request.get("/music/kitchen-table/no-such-track")).status()).toBe(404);
      expect((await request.get("/music/no-such-release/kitchen-table")).status()).toBe(404);
      const missingPage = await page.goto("/music/no-such-song");
      expect(missingPage?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();

      // The address the song had before releases answers 301 with its track page, for every link already shared.
      const { id } = await withE2eDb((db) =>
        db.selectFrom("songs").select("id").where("title", "=", "Kitchen Table").executeTakeFirstOrThrow(),
      );
      const old = await request.get(`/music/${id}`, { maxRedirects: 0 });
      expect(old.status()).toBe(301);
      expect(new URL(old.headers().location ?? "", E2E_URL).pathname).toBe(path);

      // Its release's page: what it is, the tracklist leading to the track, and the album's structured data.
      const releaseHtml = await (await request.get("/music/kitchen-table")).text();
      expect(jsonLd(releaseHtml).find((item) => item["@type"] === "MusicAlbum")).toMatchObject({
        name: "Kitchen Table",
        url: `${E2E_URL}/music/kitchen-table`,
        albumReleaseType: "SingleRelease",
        byArtist: { "@type": "MusicGroup", name: ARTIST },
        numTracks: 1,
        track: {
          itemListElement: [
            { position: 1, item: { "@type": "MusicRecording", name: "Kitchen Table", url: `${E2E_URL}${path}`, duration: "PT0M24S" } },
          ],
        },
      });
      await page.goto("/music/kitchen-table");
      await expect(page.getByRole("heading", { level: 1, name: "Kitchen Table" })).toBeVisible();
      await expect(page.getByText(`Single · ${new Date().getUTCFullYear()} · 1 track`)).toBeVisible();
      // A single's player is its tracklist; the title leads to the track's page.
      await expect(page.getByRole("region", { name: "Tracklist" })).toHaveCount(0);
      await page.getByRole("region", { name: "Player for Kitchen Table" }).getByTestId("player-title").getByRole("link").click();
      await expect(page).toHaveURL(`${E2E_URL}${path}`);
    });

    test("/music lists the releases, the latest first, each with its kind, year and tracks, leading to its page", async ({ page }) => {
      await page.goto("/music");
      const releases = page.getByRole("region", { name: "Releases", exact: true });
      const year = new Date().getUTCFullYear();
      await expect(releases.getByRole("listitem")).toHaveText([
        `Paper BoatsSingle · ${year} · 1 track`,
        `Kitchen TableSingle · ${year} · 1 track`,
        `Riverside HymnSingle · ${year} · 1 track`,
      ]);
      await releases.getByRole("link", { name: /Kitchen Table/ }).click();
      await expect(page).toHaveURL(`${E2E_URL}/music/kitchen-table`);
      await expect(page.getByRole("heading", { level: 1, name: "Kitchen Table" })).toBeVisible();
    });

    test("a release of several tracks: its page lists them in running order, plays them in it, and each track's page leads back", async ({
      page,
      request,
    }) => {
      // Made in the database (the release editor is not what this tests), from the demo's files.
      const ep = "9e0c2b1a-0000-4000-8000-0000000000ep";
      const tracks = ["Harbour Lights", "Night Ferry", "Tide Tables"];
      await withE2eDb(async (db) => {
        const demo = await db.selectFrom("songs").selectAll().where("title", "=", "Riverside Hymn").executeTakeFirstOrThrow();
        const at = Date.UTC(2024, 4, 17);
        await db
          .insertInto("releases")
          .values({ id: ep, slug: "low-tide-ep", title: "Low Tide", kind: "ep", createdAt: at, updatedAt: at })
          .execute();
        await db
          .insertInto("songs")
          .values(
            // Stored out of order: the running order is trackNumber's.
            [2, 0, 1].map((index) => ({
              ...demo,
              id: `${ep}-${index}`,
              title: tracks[index] ?? "",
              isLatest: 0,
              releaseId: ep,
              trackNumber: index + 1,
              slug: (tracks[index] ?? "").toLowerCase().replaceAll(" ", "-"),
              durationMs: (index + 1) * 61_000,
              createdAt: at + index,
              updatedAt: at + index,
            })),
          )
          .execute();
        await bumpContentVersion(db);
      });
      try {
        await page.goto("/music/low-tide-ep");
        await expect(page.getByRole("heading", { level: 1, name: "Low Tide" })).toBeVisible();
        await expect(page.getByText("EP · 2024 · 3 tracks")).toBeVisible();
        const tracklist = page.getByRole("region", { name: "Tracklist" });
        await expect(tracklist.getByRole("listitem")).toHaveText([
          /1\s*Harbour Lights\s*1:01/,
          /2\s*Night Ferry\s*2:02/,
          /3\s*Tide Tables\s*3:03/,
        ]);
        const player = page.getByRole("region", { name: "Player for Low Tide" });
        await expect(player.getByTestId("player-title")).toHaveText("Harbour Lights");
        await expect(player.getByRole("list", { name: "Tracks" }).getByRole("button")).toHaveCount(3);
        await waitForHydration(page);
        await player.getByRole("button", { name: "Next song" }).click();
        await expect(player.getByTestId("player-title")).toHaveText("Night Ferry");

        const album = jsonLd(await (await request.get("/music/low-tide-ep")).text()).find((item) => item["@type"] === "MusicAlbum");
        expect(album).toMatchObject({ albumReleaseType: "EPRelease", numTracks: 3 });
        const listed = (album?.track as { itemListElement: { position: number; item: { name: string; url: string } }[] }).itemListElement;
        expect(listed.map((entry) => [entry.position, entry.item.name, entry.item.url])).toEqual(
          tracks.map((title, index) => [index + 1, title, `${E2E_URL}/music/low-tide-ep/${title.toLowerCase().replaceAll(" ", "-")}`]),
        );

        await tracklist.getByRole("link", { name: "Night Ferry" }).click();
        await expect(page).toHaveURL(`${E2E_URL}/music/low-tide-ep/night-ferry`);
        await expect(page.getByRole("heading", { level: 1, name: "Night Ferry" })).toBeVisible();
        // Its player holds the release in its order, starting at this track.
        const trackPlayer = page.getByRole("region", { name: "Player for Night Ferry" });
        await expect(trackPlayer.getByRole("list", { name: "Tracks" }).getByRole("button")).toHaveCount(3);
        await expect(trackPlayer.getByRole("list", { name: "Tracks" }).getByRole("button").nth(1)).toHaveAttribute("aria-current", "true");
        await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Low Tide" }).click();
        await expect(page).toHaveURL(`${E2E_URL}/music/low-tide-ep`);
      } finally {
        await withE2eDb(async (db) => {
          await deleteSongRows(
            db,
            tracks.map((_, index) => `${ep}-${index}`),
          );
          await bumpContentVersion(db);
        });
      }
    });

    test("keyboard: Tab reaches Play with a visible focus ring, Enter plays and Space pauses", async ({ page }) => {
      const region = await openPlayer(page, "/music", musicPlayer);
      // Start the sequential focus navigation just before the player.
      await page.getByRole("heading", { name: "Current Releases" }).click();
      const play = region.getByRole("button", { name: "Play Paper Boats", exact: true });
      let reached = false;
      for (let i = 0; i < 15 && !reached; i++) {
        await page.keyboard.press("Tab");
        reached = await play.evaluate((node) => node === document.activeElement);
      }
      expect(reached, "Tab reaches the Play button").toBe(true);
      expect(await play.evaluate((node) => node.matches(":focus-visible"))).toBe(true);
      const outline = await play.evaluate((node) => getComputedStyle(node).outlineStyle);
      expect(outline).not.toBe("none");

      await page.keyboard.press("Enter");
      const pause = region.getByRole("button", { name: "Pause Paper Boats", exact: true });
      await expect(pause).toBeFocused();
      await expect.poll(() => currentTime(page), { message: "Enter starts playback" }).toBeGreaterThan(0.3);
      expect((await audioState(page)).paused).toBe(false);
      expect(await pause.evaluate((node) => node.matches(":focus-visible"))).toBe(true);

      await page.keyboard.press("Space");
      await expect(play).toBeFocused();
      await expect.poll(async () => (await audioState(page)).paused, { message: "Space pauses" }).toBe(true);
      await page.keyboard.press(" ");
      await expect.poll(async () => (await audioState(page)).paused, { message: "Space plays again" }).toBe(false);
    });
  });
});
