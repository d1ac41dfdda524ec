// The artist's Numbers with no tracking of fans (issue #37, decision 029), as
// a fan's phone meets the site and as the artist reads it: pages seen, where
// the visit came from, a track played past 30 seconds and to its end, a
// sign-up, all in the Numbers area and its CSV; no public answer sets a
// cookie; no stored row holds the fan's address or browser.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Browser } from "@playwright/test";
import { coverPng, synthWav } from "../../scripts/media/synth.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import { DASHBOARD_PATH, signUpDirectly, waitForHydration } from "./support/browser.ts";
import { NUMBERS_TEXT } from "#app/features/numbers/ui-text.ts";
import { signInAsAdmin, uploadSong } from "./support/dashboard.ts";
import { deleteSongRows, renditionsOf, songPathOf, withE2eDb } from "./support/db.ts";
import { expect, test, type APIRequestContext, type Page } from "./support/fixtures.ts";
import { siteAudio } from "./support/player.ts";
import { E2E_EXTRA_PORTS, E2E_REDIS_PREFIX, E2E_STACK, E2E_URL, e2eRedisUrl } from "./support/server-env.ts";
import { startAppProcess, stopAppProcess, stopAppProcesses } from "./support/app-process.ts";
import { connectRedis } from "#app/lib/platform/redis.server.ts";

const TAG = randomUUID().slice(0, 8);
/** A phone's browser, marked so the test can look for it in every stored row. */
const FAN_AGENT = `Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 NumbersFan${TAG}`;
/** The fan's address, as the site's proxy hands it on (the e2e site trusts X-Forwarded-For). */
const FAN_ADDRESS = `198.51.100.${Number.parseInt(TAG.slice(0, 2), 16) % 250}`;

/**
 * A fan's phone: its own browser, address and agent, no cookie of ours. A
 * person's browser does not say it is driven by a program, which Playwright's
 * does (`navigator.webdriver`), and the site counts no such browser.
 */
async function fanPhone(browser: Browser) {
  const context = await browser.newContext({
    baseURL: E2E_URL,
    userAgent: FAN_AGENT,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { "x-forwarded-for": FAN_ADDRESS },
  });
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false }));
  const page = await context.newPage();
  return { page, context, close: () => context.close() };
}

/** A single out now, 33 seconds long, its renditions made (setup, not under test: through the API). */
async function releaseSingle(request: APIRequestContext, title: string) {
  const audio = await request.post("/api/uploads/audio?name=track.wav", {
    data: synthWav({ seconds: 33, chords: [[57, 60, 64]], bpm: 120 }),
    headers: { "content-type": "audio/wav" },
  });
  const cover = await request.post("/api/uploads/cover?name=cover.png", {
    data: await coverPng(title, ["#0f172a", "#0ea5e9"], 300),
    headers: { "content-type": "image/png" },
  });
  const audioKey = ((await audio.json()) as { key: string }).key;
  const created = await request.post("/api/songs", {
    form: { intent: "create-song", title, audioKey, coverKey: ((await cover.json()) as { key: string }).key },
  });
  expect(created.status(), await created.text()).toBe(200);
  const id = ((await created.json()) as { id: string }).id;
  await renditionsOf(audioKey);
  await withE2eDb(bumpContentVersion);
  return { id, title, path: await songPathOf(id) };
}

type Row = { metric: string; subject: string; count: number };
const countsOf = (metrics: string[]) =>
  withE2eDb((db) =>
    db.selectFrom("dailyCounts").select(["metric", "subject", "count"]).where("metric", "in", metrics).execute(),
  ) as Promise<Row[]>;

/** The counts once the site has written them (every process writes every two seconds). */
async function expectCounted(expected: Row[], timeout = 15_000) {
  const metrics = [...new Set(expected.map((row) => row.metric))];
  await expect
    .poll(async () => (await countsOf(metrics)).sort((a, b) => `${a.metric} ${a.subject}`.localeCompare(`${b.metric} ${b.subject}`)), {
      timeout,
    })
    .toEqual(expected.sort((a, b) => `${a.metric} ${a.subject}`.localeCompare(`${b.metric} ${b.subject}`)));
}

async function subscribeInFooter(page: Page, email: string) {
  const form = page.getByRole("form", { name: "Join the mailing list" });
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thanks for subscribing!" })).toBeVisible();
}

test.describe.serial("the artist's Numbers", () => {
  let single: Awaited<ReturnType<typeof releaseSingle>> | null = null;
  test.beforeAll(async () => {
    await withE2eDb((db) => db.deleteFrom("dailyCounts").execute());
  });
  test.afterAll(async () => {
    await stopAppProcesses();
    if (single) await withE2eDb((db) => deleteSongRows(db, [single?.id ?? ""]));
  });

  test("a fan's pages, where they came from, a play heard to its end and a sign-up are counted", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    const released = (single = await releaseSingle(page.request, `Counting Stars ${TAG}`));

    const fan = await fanPhone(browser);
    try {
      // From a blog's link with a campaign; the page is counted from the document, before the app has started.
      await fan.page.goto("/?utm_source=Zine&utm_campaign=spring&fbclid=x1", { referer: "https://www.blog.example/posts/42" });
      await waitForHydration(fan.page);
      // A navigation inside the app.
      const counted = fan.page.waitForRequest(
        (request) => request.url().endsWith("/api/numbers") && request.postData()?.includes('"/music"') === true,
      );
      await fan.page.getByRole("link", { name: "More Music" }).click();
      await expect(fan.page).toHaveURL(/\/music$/);
      await counted;
      await fan.page.goto(released.path);
      await waitForHydration(fan.page);
      await fan.page
        .getByRole("button", { name: `Play ${released.title}`, exact: true })
        .first()
        .click();
      await expect.poll(() => siteAudio(fan.page).evaluate((node) => (node as HTMLAudioElement).currentTime)).toBeGreaterThan(0.2);
      // Heard through, eight times as fast: the position and the clock move together, as listening does.
      await siteAudio(fan.page).evaluate((node) => ((node as HTMLAudioElement).playbackRate = 8));
      await expect.poll(() => siteAudio(fan.page).evaluate((node) => (node as HTMLAudioElement).paused), { timeout: 20_000 }).toBe(true);
      await subscribeInFooter(fan.page, `numbers-${TAG}@example.com`);
    } finally {
      await fan.close();
    }

    await expectCounted([
      { metric: "view", subject: "/", count: 1 },
      { metric: "view", subject: "/music", count: 1 },
      { metric: "view", subject: released.path, count: 1 },
      { metric: "referrer", subject: "blog.example", count: 1 },
      { metric: "campaign", subject: "utm_source=zine&utm_campaign=spring", count: 1 },
      { metric: "play-start", subject: released.id, count: 1 },
      { metric: "play-30s", subject: released.id, count: 1 },
      { metric: "play-end", subject: released.id, count: 1 },
      { metric: "signup", subject: `footer ${released.path}`, count: 1 },
    ]);
    const visitors = await withE2eDb((db) =>
      db.selectFrom("dailyCounts").select(["subject", "count"]).where("metric", "=", "visitor").execute(),
    );
    expect(visitors).toHaveLength(1);
    expect(visitors[0]?.subject).not.toContain(FAN_ADDRESS);

    // The artist reads them in the Numbers area, and in its CSV.
    await page.goto(`${DASHBOARD_PATH}/numbers?days=7`);
    await waitForHydration(page);
    const today = new Date().toISOString().slice(0, 10);
    const rowOf = (table: string, name: string) =>
      page.getByRole("table", { name: table }).getByRole("row").filter({ hasText: name }).getByRole("cell");
    await expect(rowOf(NUMBERS_TEXT.tracks.heading, released.title)).toHaveText(["1", "1", "1"]);
    await expect(rowOf(NUMBERS_TEXT.pages.heading, released.path)).toHaveText("1");
    await expect(rowOf(NUMBERS_TEXT.referrers.heading, "blog.example")).toHaveText("1");
    await expect(rowOf(NUMBERS_TEXT.signups.heading, released.path)).toHaveText("1");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: NUMBERS_TEXT.exportCsv }).click()]);
    const lines = readFileSync(await download.path(), "utf8").split("\r\n");
    for (const line of [
      `${today},play-start,${released.id},1,${released.title} (${released.title})`,
      `${today},play-30s,${released.id},1,${released.title} (${released.title})`,
      `${today},play-end,${released.id},1,${released.title} (${released.title})`,
      `${today},view,${released.path},1,`,
      `${today},referrer,blog.example,1,`,
      `${today},visitors,,1,`,
    ])
      expect(lines).toContain(line);
    expect(lines.some((line) => line.startsWith(`${today},signup,footer ${released.path},1,`))).toBe(true);
  });

  test("the artist's own visits and a program's are not counted", async ({ page, browser }) => {
    await signInAsAdmin(page);
    const before = await countsOf(["view"]);
    await page.goto("/shows");
    await waitForHydration(page);
    // Playwright's own browser says it is driven by a program (navigator.webdriver): what a crawler's does.
    const program = await browser.newContext({ baseURL: E2E_URL, userAgent: FAN_AGENT });
    try {
      const robot = await program.newPage();
      await robot.goto("/shows");
      await waitForHydration(robot);
    } finally {
      await program.close();
    }
    // A person's visit after both, to know the site has written what it counted.
    const fan = await fanPhone(browser);
    try {
      await fan.page.goto("/bio");
    } finally {
      await fan.close();
    }
    await expect.poll(async () => (await countsOf(["view"])).some((row) => row.subject === "/bio"), { timeout: 15_000 }).toBe(true);
    expect((await countsOf(["view"])).filter((row) => row.subject === "/shows")).toEqual(before.filter((row) => row.subject === "/shows"));
  });

  test("a release's coming-soon page is counted, out of search results as it is; a page not found is not", async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const { id } = await uploadSong(page.request, `Not Yet ${TAG}`, { coming: true });
    try {
      const trackPath = await songPathOf(id);
      const releasePath = trackPath.split("/").slice(0, 3).join("/");
      const missing = `/music/no-such-release-${TAG}`;
      const fan = await fanPhone(browser);
      try {
        for (const path of [releasePath, trackPath, missing]) await fan.page.goto(path);
        await expect(fan.page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
        await fan.page.goto(trackPath);
        await expect(fan.page.locator('meta[name="robots"]'), "still out of search results").toHaveAttribute("content", "noindex");
        // A page counted after the others, to know the site has written what it counted.
        await fan.page.goto("/terms");
      } finally {
        await fan.close();
      }
      await expect.poll(async () => (await countsOf(["view"])).some((row) => row.subject === "/terms"), { timeout: 15_000 }).toBe(true);
      const views = await countsOf(["view"]);
      expect(views.find((row) => row.subject === releasePath)?.count).toBe(1);
      expect(views.find((row) => row.subject === trackPath)?.count).toBe(2);
      expect(views.filter((row) => row.subject === missing)).toEqual([]);
    } finally {
      await withE2eDb((db) => deleteSongRows(db, [id]));
    }
  });

  test("the embeddable player counts its plays as the site does", async ({ browser }) => {
    test.setTimeout(60_000);
    if (!single) throw new Error("no single");
    const before = await countsOf(["play-start", "play-30s", "play-end"]);
    const fan = await fanPhone(browser);
    try {
      await fan.page.goto(`/embed/${single.id}`);
      await fan.page.getByRole("button", { name: `Play ${single.title}` }).click();
      const audio = fan.page.getByTestId("embed-audio");
      await expect.poll(() => audio.evaluate((node) => (node as HTMLAudioElement).currentTime)).toBeGreaterThan(0.2);
      await audio.evaluate((node) => ((node as HTMLAudioElement).playbackRate = 8));
      // Heard to its end (after which a single stands ready at its start again).
      const plus = (metric: string) => ({
        metric,
        subject: single?.id ?? "",
        count: (before.find((row) => row.metric === metric)?.count ?? 0) + 1,
      });
      await expectCounted([plus("play-start"), plus("play-30s"), plus("play-end")]);
    } finally {
      await fan.close();
    }
  });

  test("several processes count as one site, and a process stopping writes what it counted", async ({ browser }) => {
    test.setTimeout(90_000);
    const [a, b] = await Promise.all([startAppProcess(E2E_EXTRA_PORTS.processA), startAppProcess(E2E_EXTRA_PORTS.processB)]);
    const fan = await fanPhone(browser);
    try {
      const beacon = (port: number) =>
        fan.page.request.post(`http://localhost:${port}/api/numbers`, {
          data: JSON.stringify({ e: "view", p: "/press" }),
          // A visitor of their own: the fan of the first test was counted today already.
          headers: { origin: E2E_URL, "content-type": "text/plain;charset=UTF-8", "x-forwarded-for": `203.0.113.${TAG.charCodeAt(0)}` },
        });
      const before = (await countsOf(["view"])).find((row) => row.subject === "/press")?.count ?? 0;
      const visitorsBefore = (await countsOf(["visitor"])).length;
      for (const port of [new URL(E2E_URL).port, E2E_EXTRA_PORTS.processA, E2E_EXTRA_PORTS.processB, E2E_EXTRA_PORTS.processA]) {
        expect((await beacon(Number(port))).status()).toBe(204);
      }
      // Stopped at once (SIGTERM, as a deploy does): its last counts are written before it exits.
      await stopAppProcess(b);
      const pressViews = async () => (await countsOf(["view"])).find((row) => row.subject === "/press")?.count ?? 0;
      await expect.poll(pressViews, { timeout: 15_000 }).toBe(before + 4);
      // One person, however many processes saw them: the day's salt is the site's, not a process's.
      await expect.poll(async () => (await countsOf(["visitor"])).length, { timeout: 15_000 }).toBe(visitorsBefore + 1);
    } finally {
      await fan.close();
      await stopAppProcess(a);
    }
  });

  test("no public answer sets a cookie, and no stored row holds the fan's address or browser", async ({ browser }) => {
    test.setTimeout(90_000);
    const fan = await fanPhone(browser);
    const cookies: string[] = [];
    fan.context.on("response", (response) => {
      void response.headerValue("set-cookie").then((value) => value && cookies.push(`${response.url()}: ${value}`));
    });
    try {
      for (const path of [
        "/",
        "/music",
        single?.path ?? "/music",
        "/shows",
        "/bio",
        "/newsletter",
        "/privacy",
        "/terms",
        "/redeem",
        "/nowhere",
      ]) {
        await fan.page.goto(path);
      }
      await waitForHydration(fan.page);
      await fan.page.goto("/contact");
      await waitForHydration(fan.page);
      const form = fan.page.getByRole("form", { name: "Contact form" });
      await form.getByLabel("Name (optional)").fill("Numbers Fan");
      await form.getByLabel("Message").fill(`Counting on you ${TAG}`);
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(fan.page.getByRole("status").filter({ hasText: "Message Sent!" })).toBeVisible();
      await subscribeInFooter(fan.page, `numbers-again-${TAG}@example.com`);
      expect(cookies).toEqual([]);
      expect(await fan.context.cookies()).toEqual([]);

      // An account is the one thing that keeps a cookie, by the fan's choice; its session keeps neither address nor browser.
      await signUpDirectly(fan.page, { name: "Numbers Fan", email: `numbers-fan-${TAG}@example.com`, password: "a long fan password 42" });
      expect((await fan.context.cookies()).length).toBeGreaterThan(0);
      await fan.page.goto("/account");
    } finally {
      await fan.close();
    }
    await expect.poll(async () => (await countsOf(["message"])).length, { timeout: 15_000 }).toBeGreaterThan(0);

    const found = await withE2eDb(async (db) => {
      const tables = (await db.introspection.getTables()).map((table) => table.name);
      const hits: string[] = [];
      for (const table of tables) {
        const rows = await db
          .selectFrom(table as "songs")
          .selectAll()
          .execute();
        for (const row of rows) {
          const text = JSON.stringify(row);
          for (const needle of [FAN_ADDRESS, `NumbersFan${TAG}`, "Pixel 7"]) if (text.includes(needle)) hits.push(`${table}: ${needle}`);
        }
      }
      return { tables: tables.length, hits };
    });
    expect(found.tables).toBeGreaterThan(30);
    expect(found.hits).toEqual([]);
    if (E2E_STACK === "scale") {
      // Nor any key in Redis, where the scale stack counts rate limits.
      const redis = await connectRedis(e2eRedisUrl());
      try {
        const keys = await redis.keys(`${E2E_REDIS_PREFIX}*`);
        expect(keys.length).toBeGreaterThan(0);
        expect(keys.filter((key) => key.includes(FAN_ADDRESS))).toEqual([]);
      } finally {
        await redis.close();
      }
    }
  });
});
