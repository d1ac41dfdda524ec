// Private listening links (issue #35, decision 027), as the artist makes them
// in the release editor and as a journalist meets them: an EP not out yet
// plays through the link and through nothing else; ending the link stops it at
// once on every process; downloads only where the artist allowed them.
import { randomUUID } from "node:crypto";
import { coverPng, synthWav } from "../../scripts/media/synth.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import { startAppProcess, stopAppProcesses } from "./support/app-process.ts";
import { DASHBOARD_PATH, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { deleteSongRows, renditionsOf, withE2eDb } from "./support/db.ts";
import type { Browser } from "@playwright/test";
import { expect, test, type APIRequestContext, type Page } from "./support/fixtures.ts";
import { E2E_EXTRA_PORTS, E2E_URL } from "./support/server-env.ts";
import { currentTime, siteAudio } from "./support/player.ts";
import { holdScripts, hydrated } from "./support/hold-scripts.ts";

const PORTS = { A: E2E_EXTRA_PORTS.processA, B: E2E_EXTRA_PORTS.processB } as const;

/** An EP of `titles`, coming in a month, its renditions made (setup, not under test: made through the API and the database). */
async function makeComingEp(request: APIRequestContext, titles: string[], seconds = 2) {
  const tag = randomUUID().slice(0, 6);
  const ep = { id: randomUUID(), slug: `sealed-${tag}`, title: `Sealed ${tag}` };
  const now = Date.now();
  await withE2eDb((db) =>
    db
      .insertInto("releases")
      .values({ ...ep, kind: "ep", createdAt: now, updatedAt: now })
      .execute(),
  );
  const releaseAt = new Date(now + 30 * 86_400_000).toISOString().slice(0, 16);
  const tracks: { id: string; title: string; audioKey: string; fallbackKey: string; opusKey: string }[] = [];
  for (const [index, name] of titles.entries()) {
    const title = `${name} ${tag}`;
    const audio = await request.post("/api/uploads/audio?name=track.wav", {
      data: synthWav({ seconds, chords: [[57 + index, 60, 64]], bpm: 120 }),
      headers: { "content-type": "audio/wav" },
    });
    const cover = await request.post("/api/uploads/cover?name=cover.png", {
      data: await coverPng(ep.title, ["#111827", "#be123c"], 300),
      headers: { "content-type": "image/png" },
    });
    const audioKey = ((await audio.json()) as { key: string }).key;
    const created = await request.post("/api/songs", {
      form: {
        intent: "create-song",
        title,
        audioKey,
        coverKey: ((await cover.json()) as { key: string }).key,
        releaseAt,
        releaseTimeZone: "UTC",
        releaseId: ep.id,
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const id = ((await created.json()) as { id: string }).id;
    tracks.push({ id, title, audioKey, ...(await renditionsOf(audioKey, { out: false })) });
  }
  await withE2eDb(bumpContentVersion);
  return { ...ep, tracks };
}

/** Makes a link in the release editor, as the artist does; resolves its address. */
async function makeLinkInEditor(page: Page, releaseId: string, recipient: string, options: { download?: boolean } = {}) {
  await page.goto(`${DASHBOARD_PATH}/music/${releaseId}`);
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "Private listening links" });
  await section.getByRole("textbox", { name: "Who it is for" }).fill(recipient);
  if (options.download) await section.getByRole("checkbox", { name: "Let them download the tracks (MP3)" }).check();
  await section.getByRole("button", { name: "Make the link" }).click();
  await expect(section.getByRole("status").first()).toHaveText(`The link for ${recipient} is ready: copy it below and send it to them.`);
  const address = await section.getByRole("textbox", { name: `Address of the link for ${recipient}` }).inputValue();
  expect(address).toMatch(new RegExp(`^${E2E_URL}/listen/[0-9a-f]{40}$`));
  return new URL(address).pathname;
}

/** A journalist's browser: no cookie of ours. */
async function outsider(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E_URL });
  return { page: await context.newPage(), close: () => context.close() };
}

test.describe.serial("private listening links", () => {
  let made: Awaited<ReturnType<typeof makeComingEp>> | null = null;
  test.afterAll(async () => {
    await stopAppProcesses();
    if (made)
      await withE2eDb((db) =>
        deleteSongRows(
          db,
          made?.tracks.map((track) => track.id),
        ),
      );
  });

  test("an EP not out yet plays through its link, and through nothing else", async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    made = await makeComingEp(page.request, ["Harbour Lights", "Night Ferry"]);
    const [first, second] = made.tracks;
    if (!first || !second) throw new Error("no tracks");
    const path = await makeLinkInEditor(page, made.id, "Jane, Rolling Stone");

    const jane = await outsider(browser);
    try {
      const answer = await jane.page.goto(path);
      expect(answer?.status()).toBe(200);
      expect(answer?.headers()["cache-control"]).toBe("private, no-store");
      expect(answer?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
      expect(answer?.headers()["referrer-policy"]).toBe("no-referrer");
      await expect(jane.page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
      await expect(jane.page.getByRole("heading", { level: 1, name: made.title })).toBeVisible();
      await expect(jane.page.getByText("Shared privately with you. Please do not pass this link on.")).toBeVisible();
      await waitForHydration(jane.page);

      const player = jane.page.getByRole("region", { name: `Player for ${made.title}` });
      await player.getByRole("button", { name: `Play ${first.title}`, exact: true }).click();
      await expect.poll(() => currentTime(jane.page), { message: "the coming track plays" }).toBeGreaterThan(0.3);
      // It plays on into the next track, as a record does.
      const playing = () =>
        siteAudio(jane.page).evaluate((node) => (node as HTMLAudioElement).dataset.stream || (node as HTMLAudioElement).src);
      const signed = await playing();
      await expect.poll(playing, { timeout: 15_000 }).toContain(second.fallbackKey.split("/")[1] ?? "-");
      expect(signed).toMatch(/\?link=[0-9a-f-]{36}&until=\d+&sig=[\w-]{43}$/);

      // Nothing else reaches it: the files at their own names, the master even with a link's signature, the public pages.
      const fan = await jane.page.context().request;
      for (const key of [first.fallbackKey, first.opusKey, first.audioKey]) {
        expect((await fan.get(`/media/${key}`, { maxRedirects: 0 })).status(), key).toBe(404);
      }
      const query = new URL(signed, E2E_URL).search;
      expect((await fan.get(`/media/${first.audioKey}${query}`)).status()).toBe(404);
      expect((await fan.get(`/media/${second.fallbackKey}${query}`)).status()).toBe(404);
      const releasePage = await (await fan.get(`/music/${made.slug}`)).text();
      expect(releasePage).not.toContain(first.fallbackKey);
      expect(releasePage).not.toContain(first.opusKey);
      // (/music names a coming release, with its countdown: its name and day are public, its music is not.)
      for (const listing of ["/sitemap.xml", "/feed.xml"]) {
        expect(await (await fan.get(listing)).text(), listing).not.toContain(made.title);
      }
      expect((await fan.get(`/listen/${"0".repeat(40)}`)).status()).toBe(404);

      // The artist sees the visit and the plays.
      await page.reload();
      const card = page.getByRole("listitem", { name: "Jane, Rolling Stone" });
      await expect(card).toContainText(/Opened once/);
      await expect(card).toContainText(/[12] play/);
    } finally {
      await jane.close();
    }
  });

  test("ending a link stops its page and its audio at once on every process; undoing it brings them back", async ({
    page,
    browser,
    playwright,
  }) => {
    test.setTimeout(90_000);
    if (!made) throw new Error("the first test made no EP");
    const [first] = made.tracks;
    if (!first) throw new Error("no tracks");
    await Promise.all([startAppProcess(PORTS.A), startAppProcess(PORTS.B)]);
    await signInAsAdmin(page);
    const path = await makeLinkInEditor(page, made.id, "Booker, Moonlight Festival");

    const booker = await outsider(browser);
    try {
      await booker.page.goto(path);
      await waitForHydration(booker.page);
      const player = booker.page.getByRole("region", { name: `Player for ${made.title}` });
      await player.getByRole("button", { name: `Play ${first.title}`, exact: true }).click();
      await expect.poll(() => currentTime(booker.page)).toBeGreaterThan(0.3);
      const signed = await siteAudio(booker.page).evaluate(
        (node) => (node as HTMLAudioElement).dataset.stream || (node as HTMLAudioElement).src,
      );
      const media = new URL(signed, E2E_URL).pathname + new URL(signed, E2E_URL).search;
      const processes = await Promise.all(
        Object.values(PORTS).map((port) =>
          playwright.request.newContext({
            baseURL: `http://127.0.0.1:${port}`,
            extraHTTPHeaders: { "x-forwarded-host": new URL(E2E_URL).host },
          }),
        ),
      );
      for (const client of processes) expect((await client.get(media)).status()).toBe(200);

      const card = page.getByRole("listitem", { name: "Booker, Moonlight Festival" });
      await card.getByRole("button", { name: "End this link" }).click();
      await expect(card.getByRole("status")).toHaveText("The link for Booker, Moonlight Festival no longer works.");
      // The very next request, on every process: no wait.
      for (const client of processes) {
        expect((await client.get(media)).status()).toBe(404);
        const gone = await client.get(path);
        expect(gone.status()).toBe(410);
        expect(gone.headers()["cache-control"]).toBe("private, no-store");
      }
      await booker.page.reload();
      await expect(booker.page.getByRole("heading", { level: 1, name: "This link has ended" })).toBeVisible();
      await expect(booker.page.getByText("ask the person who sent it for a new one")).toBeVisible();

      await card.getByRole("button", { name: "Make it work again" }).click();
      await expect(card.getByRole("status")).toHaveText("The link for Booker, Moonlight Festival works again.");
      for (const client of processes) expect((await client.get(path)).status()).toBe(200);
      await Promise.all(processes.map((client) => client.dispose()));
    } finally {
      await booker.close();
    }
  });

  test("the page signs its addresses anew before they lapse, and the player loads what comes next from the new ones", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    const long = await makeComingEp(page.request, ["Slow Tide", "Long Night"], 30);
    const [first, second] = long.tracks;
    if (!first || !second) throw new Error("no tracks");
    const path = await makeLinkInEditor(page, long.id, "Critic, Late Review");
    const critic = await outsider(browser);
    try {
      // The page's clock, to bring the renewal forward by minutes; the music plays in real time.
      await critic.page.clock.install();
      await critic.page.goto(path);
      await waitForHydration(critic.page);
      const player = critic.page.getByRole("region", { name: `Player for ${long.title}` });
      await player.getByRole("button", { name: `Play ${first.title}`, exact: true }).click();
      await expect.poll(() => currentTime(critic.page)).toBeGreaterThan(0.3);
      const playing = () =>
        siteAudio(critic.page).evaluate((node) => (node as HTMLAudioElement).dataset.stream || (node as HTMLAudioElement).src);
      const oldUntil = new URL(await playing(), E2E_URL).searchParams.get("until");
      expect(oldUntil).toMatch(/^\d+$/);
      // Past the middle of the addresses' life: the page asks for new ones.
      const renewed = critic.page.waitForResponse((response) => response.url().includes(".data") && response.status() === 200);
      await critic.page.clock.fastForward("06:00");
      await renewed;
      // From now on the old addresses have lapsed, as they would have on the server.
      const lapsed: string[] = [];
      await critic.page.route("**/media/**", (route) => {
        if (new URL(route.request().url()).searchParams.get("until") !== oldUntil) return route.fallback();
        lapsed.push(route.request().url());
        return route.fulfill({ status: 404, body: "lapsed" });
      });
      // To the end of the first track: the next one is loaded now, from the renewed addresses.
      const seek = player.getByRole("slider", { name: "Seek" });
      await seek.focus();
      await critic.page.keyboard.press("End");
      await expect(player.getByRole("button", { name: `Pause ${second.title}`, exact: true })).toBeVisible({ timeout: 20_000 });
      await expect.poll(playing).toContain(second.audioKey.split("/")[1] ?? "-");
      expect(new URL(await playing(), E2E_URL).searchParams.get("until")).not.toBe(oldUntil);
      // Nothing was asked at a lapsed address: the next track came from the new ones at once.
      expect(lapsed).toEqual([]);
      const at = await currentTime(critic.page);
      await expect.poll(() => currentTime(critic.page), { message: "the second track plays" }).toBeGreaterThan(at + 0.5);
      await expect(player.getByRole("alert")).toHaveCount(0);
    } finally {
      await critic.close();
      await withE2eDb((db) =>
        deleteSongRows(
          db,
          long.tracks.map((track) => track.id),
        ),
      );
    }
  });

  test("on a phone, Play tapped before the page's app starts plays the coming track at once; the visit and the play are counted once it is there", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    // One track, long enough to still be playing when the count is read: a next track starting would be a second play.
    const single = await makeComingEp(page.request, ["Early Light"], 30);
    const [first] = single.tracks;
    if (!first) throw new Error("no tracks");
    const path = await makeLinkInEditor(page, single.id, "Phone, Early Tapper");
    const context = await browser.newContext({ baseURL: E2E_URL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const phone = await context.newPage();
      const scripts = await holdScripts(phone);
      await phone.goto(path, { waitUntil: "domcontentloaded" });
      const player = phone.getByRole("region", { name: `Player for ${single.title}` });
      await player.getByRole("button", { name: `Play ${first.title}`, exact: true }).tap();
      await expect
        .poll(() => currentTime(phone), { message: "the tap plays before the app is there", timeout: 15_000 })
        .toBeGreaterThan(0.3);
      expect(await hydrated(phone)).toBe(false);
      await scripts.release();
      const card = page.getByRole("listitem", { name: "Phone, Early Tapper" });
      await expect
        .poll(async () => {
          await page.reload();
          return card.textContent();
        })
        .toMatch(/Opened once.*1 play/);
    } finally {
      await context.close();
      await withE2eDb((db) =>
        deleteSongRows(
          db,
          single.tracks.map((track) => track.id),
        ),
      );
    }
  });

  test("downloads only where the artist allowed them: the MP3, named for the track, never the master", async ({ page, browser }) => {
    if (!made) throw new Error("the first test made no EP");
    const [first] = made.tracks;
    if (!first) throw new Error("no tracks");
    await signInAsAdmin(page);
    const withDownloads = await makeLinkInEditor(page, made.id, "Label, A&R", { download: true });
    const without = await makeLinkInEditor(page, made.id, "Radio, Night Show");

    const label = await outsider(browser);
    try {
      await label.page.goto(withDownloads);
      const [download] = await Promise.all([
        label.page.waitForEvent("download"),
        label.page.getByRole("link", { name: `Download "${first.title}" (MP3)` }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.mp3$/);
      expect(download.suggestedFilename()).toContain("Harbour");
      const bytes = (await (await label.page.context().request.get(download.url())).body()).subarray(0, 3);
      // An MP3 (an ID3 tag or a frame), not the WAV master.
      expect(bytes.toString("latin1") === "ID3" || bytes[0] === 0xff).toBe(true);

      await label.page.goto(without);
      await expect(label.page.getByRole("link", { name: /^Download/ })).toHaveCount(0);
      const refused = await label.page.context().request.get(`${without}/download/${first.id}`);
      expect(refused.status()).toBe(404);
    } finally {
      await label.close();
    }
  });
});
