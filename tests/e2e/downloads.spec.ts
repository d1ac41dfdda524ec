// Downloads (issue #36, decision 028), as fans meet them: one downloads a
// release for an e-mail address (a real mail, a real confirmation), another
// names their price and takes FLAC home, a third taps Download on a phone
// before the page's app has started; each zip is read back (order, names,
// tags, cover). And from outside: nothing of a release not out, no file
// without a live grant and a fresh signature, never a zip under /media/.
import { randomUUID } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import type { Browser } from "@playwright/test";
import { coverPng, synthMp3, synthWav } from "../../scripts/media/synth.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import { saveSiteSection } from "#app/domain/site/site-settings.server.ts";
import { releaseZipStates } from "#app/features/downloads/release-zips.server.ts";
import type { DownloadAccess, DownloadFormat } from "#app/lib/db/db-schema.ts";
import { describeAudio } from "#tests/support/audio-tags.ts";
import { unzip, type UnzippedEntry } from "#tests/support/unzip.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { outputOf, startAppProcess, stopAppProcesses } from "./support/app-process.ts";
import { DASHBOARD_PATH, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { deleteSongRows, renditionsOf, withE2eDb } from "./support/db.ts";
import { expect, test, type APIRequestContext, type Page } from "./support/fixtures.ts";
import { holdScripts, hydrated } from "./support/hold-scripts.ts";
import { decodeQuotedPrintable, mailEnv, MAIL_PORTS, origin } from "./support/mail-processes.ts";
import { E2E_SMTP_PORT, E2E_STACK, E2E_URL } from "./support/server-env.ts";

/** A zip is made in the background from the masters: a few seconds here, longer on a busy machine. */
const ZIP_READY_MS = 90_000;

type Album = { id: string; slug: string; title: string; path: string; tracks: { id: string; title: string }[] };
const made: Album[] = [];

/** A release of `titles` (out now, or coming in a month), offered as `access` in `formats` (setup: the API and the database). */
async function makeAlbum(
  request: APIRequestContext,
  options: {
    access: DownloadAccess;
    formats: DownloadFormat[];
    titles: string[];
    coming?: boolean;
    suggested?: number;
    /** The masters as MP3s (lossy: no FLAC can be made of them); WAVs otherwise. */
    lossy?: boolean;
  },
): Promise<Album> {
  const tag = randomUUID().slice(0, 6);
  const album = { id: randomUUID(), slug: `take-home-${tag}`, title: `Take Home ${tag}` };
  const now = Date.now();
  await withE2eDb((db) =>
    db
      .insertInto("releases")
      .values({
        ...album,
        kind: "album",
        createdAt: now,
        updatedAt: now,
        downloadAccess: options.access,
        downloadFormats: JSON.stringify(options.formats),
        suggestedAmount: options.suggested ?? null,
      })
      .execute(),
  );
  const tracks: Album["tracks"] = [];
  for (const [index, name] of options.titles.entries()) {
    const title = `${name} ${tag}`;
    const sound = { seconds: 2, chords: [[55 + index * 2, 59, 62]], bpm: 100 };
    const audio = options.lossy
      ? await request.post("/api/uploads/audio?name=track.mp3", { data: synthMp3(sound), headers: { "content-type": "audio/mpeg" } })
      : await request.post("/api/uploads/audio?name=track.wav", { data: synthWav(sound), headers: { "content-type": "audio/wav" } });
    // Each track claims an upload of its own: the same picture, once per track.
    const cover = await request.post("/api/uploads/cover?name=cover.png", {
      data: await coverPng(album.title, ["#0f172a", "#0d9488"], 400),
      headers: { "content-type": "image/png" },
    });
    const coverKey = ((await cover.json()) as { key: string }).key;
    const audioKey = ((await audio.json()) as { key: string }).key;
    const created = await request.post("/api/songs", {
      form: {
        intent: "create-song",
        title,
        audioKey,
        coverKey,
        releaseId: album.id,
        ...(options.coming ? { releaseAt: new Date(now + 30 * 86_400_000).toISOString().slice(0, 16), releaseTimeZone: "UTC" } : {}),
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    tracks.push({ id: ((await created.json()) as { id: string }).id, title });
    // Out once its renditions are made, seconds later (decision 026): the release as fans meet it.
    await renditionsOf(audioKey, { out: !options.coming });
  }
  // Words for the first track, which its file carries as lyrics.
  await withE2eDb(async (db) => {
    await db
      .updateTable("songs")
      .set({ lyrics: `Carry it home\nover the water`, isrc: "GBXYZ2600001" })
      .where("id", "=", tracks[0]!.id)
      .execute();
    await bumpContentVersion(db);
  });
  const result = { ...album, path: `/music/${album.slug}`, tracks };
  made.push(result);
  return result;
}

/** A fan's browser: no cookie of ours. */
async function fanBrowser(browser: Browser, baseURL = E2E_URL) {
  const context = await browser.newContext({ baseURL, acceptDownloads: true });
  return { page: await context.newPage(), close: () => context.close() };
}

/** Waits on the download page for `format`'s zip, downloads it as a fan does, and reads it. */
async function downloadZip(page: Page, label: string): Promise<{ name: string; entries: UnzippedEntry[] }> {
  const link = page.getByRole("link", { name: new RegExp(`^Download ${label} · `) });
  await expect(link, "the page shows the zip once it is made").toBeVisible({ timeout: ZIP_READY_MS });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), entries: await unzip(await readFile(path)) };
}

/** The tracks of a zip are the album's, in order, named for a shelf, each tagged as a player reads it, with the cover. */
async function expectTheAlbum(entries: UnzippedEntry[], album: Album, extension: string, codec: string) {
  const names = album.tracks.map((track, index) => `${String(index + 1).padStart(2, "0")} ${track.title}.${extension}`);
  expect(entries.map((entry) => entry.name)).toEqual([...names, "cover.jpg"]);
  expect(entries.at(-1)?.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  for (const [index, track] of album.tracks.entries()) {
    const described = await describeAudio(entries[index]!.bytes);
    expect(described.streams.find((stream) => stream.kind === "Audio")?.codec, track.title).toBe(codec);
    expect(described.tags, track.title).toMatchObject({ title: track.title, album: album.title, artist: "Juniper Vale" });
    expect(described.tags.track, track.title).toMatch(new RegExp(`^${index + 1}(/${album.tracks.length})?$`));
  }
  const first = await describeAudio(entries[0]!.bytes);
  expect(Object.entries(first.tags).some(([key, value]) => /lyrics|unsyncedlyrics/i.test(key) && value.includes("Carry it home"))).toBe(
    true,
  );
}

test.describe.serial(`downloads on the ${E2E_STACK} stack`, () => {
  test.afterAll(async () => {
    await stopAppProcesses();
    await withE2eDb(async (db) => {
      await deleteSongRows(
        db,
        made.flatMap((album) => album.tracks.map((track) => track.id)),
      );
      await db.deleteFrom("siteSettingVersions").where("section", "=", "support").execute();
      await db.deleteFrom("siteSettings").where("section", "=", "support").execute();
      await bumpContentVersion(db);
    });
  });

  test("a fan downloads a release for an e-mail address: mailed, confirmed, opened, the MP3s tagged and in order", async ({
    browser,
    page: artist,
  }) => {
    test.setTimeout(150_000);
    const sink: SmtpSink = await startSmtpSink(E2E_SMTP_PORT);
    let mailProcess: ChildProcess | undefined;
    try {
      mailProcess = await startAppProcess(MAIL_PORTS.A, mailEnv(MAIL_PORTS.A));
      await signInAsAdmin(artist);
      const album = await makeAlbum(artist.request, {
        access: "email",
        formats: ["mp3-320"],
        titles: ["First Light", "Tidewater", "Lanterns"],
      });
      const fan = `take-home-${randomUUID().slice(0, 8)}@fans.example`;
      const { page, close } = await fanBrowser(browser, origin(MAIL_PORTS.A));
      try {
        await page.goto(album.path);
        await waitForHydration(page);
        const block = page.getByRole("region", { name: "Free download for your email" });
        await expect(block).toContainText("You join the mailing list for new releases and shows, and the download link comes by mail.");
        await block.getByRole("textbox", { name: "Your email address" }).fill(fan);
        await block.getByRole("button", { name: "Send me the download" }).click();
        await expect(block.getByRole("status")).toHaveText(
          `One more step: open the link we've mailed to ${fan} to confirm your address, and your download follows at once.`,
        );

        await expect.poll(() => sink.received.filter((mail) => mail.to[0] === fan).length).toBe(1);
        const confirmMail = sink.received.find((mail) => mail.to[0] === fan);
        expect(confirmMail?.headers.get("subject")).toBe("Confirm your subscription to Juniper Vale");
        const text = decodeQuotedPrintable(confirmMail?.raw ?? "");
        expect(text).toContain("and to download music");
        const confirm = /https?:\/\/\S+\/newsletter\/confirm\?\S+/.exec(text)?.[0] ?? "";
        // Nothing to download before the address is its owner's.
        expect(await withE2eDb((db) => db.selectFrom("downloadGrants").select("openedAt").where("email", "=", fan).execute())).toEqual([
          { openedAt: null },
        ]);

        await page.goto(confirm);
        await page.getByRole("button", { name: "Confirm my subscription" }).click();
        await expect(page.getByText("Your download is ready (we've mailed you the link too):")).toBeVisible();
        const open = page.getByRole("link", { name: `Download ${album.title}` });
        await expect.poll(() => sink.received.filter((mail) => mail.to[0] === fan).length).toBe(2);
        const linkMail = sink.received.filter((mail) => mail.to[0] === fan)[1];
        expect(linkMail?.headers.get("subject")).toBe(`Your download: ${album.title}`);
        const mailed = /https?:\/\/\S+\/download\/[0-9a-f]{40}/.exec(decodeQuotedPrintable(linkMail?.raw ?? ""))?.[0];
        expect(new URL(mailed ?? "http://x/").pathname).toBe(await open.getAttribute("href"));

        await open.click();
        await expect(page).toHaveURL(/\/download\/[0-9a-f]{40}$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(album.title);
        const zip = await downloadZip(page, "MP3");
        expect(zip.name).toBe(`Juniper Vale - ${album.title} (MP3).zip`);
        await expectTheAlbum(zip.entries, album, "mp3", "mp3");

        const consent = await withE2eDb((db) =>
          db.selectFrom("consents").select(["event", "words", "page"]).where("email", "=", fan).orderBy("at").execute(),
        );
        expect(consent.map((row) => row.event)).toEqual(["signed-up", "confirmed"]);
        expect(consent[0]?.words).toContain("Free download for your email");
        expect(consent[0]?.page).toBe(album.path);
      } finally {
        await close();
      }
    } finally {
      // What the fan's process said, beside a failure: its errors are not the test runner's.
      if (mailProcess) await test.info().attach("mail process output", { body: outputOf(mailProcess) });
      await stopAppProcesses();
      await sink.close();
    }
  });

  test("the artist asks fans to name their price in FLAC; a fan pays on trust and takes lossless files home, counted in the editor", async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await withE2eDb(async (db) => {
      await db.deleteFrom("siteSettings").where("section", "=", "support").execute();
      await saveSiteSection(
        db,
        "support",
        { heading: "", text: "", links: [{ label: "Ko-fi", url: "https://ko-fi.com/junipervale" }], bankTransfer: "" },
        0,
        "e2e",
      );
      await bumpContentVersion(db);
    });
    await signInAsAdmin(page);
    const album = await makeAlbum(page.request, { access: "stream", formats: ["mp3-320"], titles: ["Undertow", "Glass Harbour"] });

    await page.goto(`${DASHBOARD_PATH}/music/${album.id}`);
    await waitForHydration(page);
    const part = page.getByRole("region", { name: "Downloads" });
    await part.getByRole("radio", { name: /Name their price/ }).check();
    await part.getByRole("checkbox", { name: /^MP3/ }).uncheck();
    await part.getByRole("checkbox", { name: /^FLAC/ }).check();
    await part.getByRole("textbox", { name: "Suggested amount" }).fill("7");
    await part.getByRole("combobox", { name: "Currency" }).selectOption("EUR");
    await part.getByRole("button", { name: "Save downloads" }).click();
    await expect(part.getByRole("status")).toHaveText("Downloads saved.");

    const fan = await fanBrowser(browser);
    try {
      await fan.page.goto(album.path);
      const block = fan.page.getByRole("region", { name: "Name your price" });
      await expect(block.getByText("Suggested: €7.00")).toBeVisible();
      await expect(block.getByRole("link", { name: "Ko-fi" })).toHaveAttribute("href", "https://ko-fi.com/junipervale");
      await expect(block.getByText("It works on trust: nothing checks that you paid.")).toBeVisible();
      await block.getByRole("button", { name: "I've paid: download" }).click();
      await expect(fan.page).toHaveURL(/\/download\/[0-9a-f]{40}$/);
      await expect(fan.page.getByRole("link", { name: /^Download MP3/ })).toHaveCount(0);
      const zip = await downloadZip(fan.page, "FLAC");
      expect(zip.name).toBe(`Juniper Vale - ${album.title} (FLAC).zip`);
      await expectTheAlbum(zip.entries, album, "flac", "flac");
    } finally {
      await fan.close();
    }

    await page.reload();
    await expect(part.getByText("1 download · 0 codes redeemed")).toBeVisible();
    await expect(part.getByText(/^Ready · /)).toBeVisible();
  });

  test("a file that cannot be made: fans are offered only what can be; the artist reads why, and tries again where that can help", async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await signInAsAdmin(page);
    const album = await makeAlbum(page.request, { access: "free", formats: ["mp3-320", "flac"], titles: ["Paper Boat"], lossy: true });
    // How each file stands, as the editor reads it (the job of the release as it is now).
    const stateOf = (format: DownloadFormat) =>
      withE2eDb(async (db) => (await releaseZipStates(db, [album.id])).get(album.id)?.[format]?.state);
    await expect.poll(() => stateOf("flac"), { timeout: ZIP_READY_MS, message: "the FLAC refused" }).toBe("failed");
    await expect.poll(() => stateOf("mp3-320"), { timeout: ZIP_READY_MS, message: "the MP3 made" }).toBe("ready");
    const fanSees = async (text: string) => {
      const fan = await fanBrowser(browser);
      try {
        await fan.page.goto(album.path);
        await expect(fan.page.getByRole("region", { name: "Download" })).toContainText(text);
      } finally {
        await fan.close();
      }
    };
    await fanSees("Take it home, free: MP3, tagged, with the cover.");

    await page.goto(`${DASHBOARD_PATH}/music/${album.id}`);
    await waitForHydration(page);
    const part = page.getByRole("region", { name: "Downloads" });
    const row = (label: string) => part.getByRole("listitem").filter({ hasText: new RegExp(`^${label}`) });
    await expect(row("FLAC")).toContainText(
      `Could not be made: FLAC is made only from lossless audio: “${album.tracks[0]!.title}” was uploaded as mp3, which is lossy`,
    );
    // Refused for good: trying again would not help (a lossless master makes it by itself).
    await expect(row("FLAC").getByRole("button")).toHaveCount(0);

    // The MP3's making failed on every attempt, as through minutes of storage not answering (setup, as the server records it).
    await withE2eDb(async (db) => {
      await db
        .updateTable("mediaJobs")
        .set({ status: "failed", attempts: 5, lastError: "Storage did not answer" })
        .where("kind", "=", "downloads")
        .where("key", "like", `${album.id}:mp3-320:%`)
        .execute();
      await db.deleteFrom("downloadFiles").where("releaseId", "=", album.id).where("format", "=", "mp3-320").execute();
      await bumpContentVersion(db);
    });
    await page.reload();
    await expect(row("MP3")).toContainText("Could not be made: Storage did not answer");
    await row("MP3").getByRole("button", { name: "Try again (MP3)" }).click();
    await expect(part.getByRole("status")).toHaveText("Making the MP3 files again.");
    // A choice made meanwhile, not yet saved, is kept while the editor looks again.
    await part.getByRole("radio", { name: /Name their price/ }).check();
    // The file's end shows without a reload.
    await expect(row("MP3")).toContainText(/Ready · /, { timeout: ZIP_READY_MS });
    await expect(part.getByRole("radio", { name: /Name their price/ })).toBeChecked();
    await fanSees("Take it home, free: MP3, tagged, with the cover.");
  });

  test("on a phone, Download free tapped before the page's app starts opens the download page", async ({ browser, page }) => {
    await signInAsAdmin(page);
    const album = await makeAlbum(page.request, { access: "free", formats: ["opus"], titles: ["Small Hours"] });
    const context = await browser.newContext({ baseURL: E2E_URL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const phone = await context.newPage();
      const scripts = await holdScripts(phone);
      await phone.goto(album.path, { waitUntil: "domcontentloaded" });
      await phone.getByRole("button", { name: "Download free" }).tap();
      await expect(phone).toHaveURL(/\/download\/[0-9a-f]{40}$/);
      expect(await hydrated(phone)).toBe(false);
      await scripts.release();
      await expect(phone.getByRole("heading", { level: 1 })).toHaveText(album.title);
    } finally {
      await context.close();
    }
  });

  test("from outside: nothing of a release not out; a file only through a live grant and a fresh signature, resumable; never a zip under /media/", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    const coming = await makeAlbum(page.request, { access: "free", formats: ["mp3-320"], titles: ["Not Yet"], coming: true });
    const fan = await fetch(`${E2E_URL}${coming.path}`, {
      method: "POST",
      headers: { origin: E2E_URL, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=download-free",
      redirect: "manual",
    });
    expect(fan.status).toBe(404);
    expect(await (await fetch(`${E2E_URL}${coming.path}`)).text()).not.toContain("Download free");

    const album = await makeAlbum(page.request, { access: "free", formats: ["mp3-320"], titles: ["Open Water"] });
    const granted = await fetch(`${E2E_URL}${album.path}`, {
      method: "POST",
      headers: { origin: E2E_URL, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=download-free",
      redirect: "manual",
    });
    expect(granted.status).toBe(303);
    const pagePath = granted.headers.get("location") ?? "";
    expect(pagePath).toMatch(/^\/download\/[0-9a-f]{40}$/);
    const pageAnswer = await fetch(`${E2E_URL}${pagePath}`);
    expect(pageAnswer.headers.get("cache-control")).toBe("private, no-store");
    expect(pageAnswer.headers.get("referrer-policy")).toBe("no-referrer");

    // The zip's signed address, once it is made.
    let filePath = "";
    await expect
      .poll(
        async () => {
          const html = await (await fetch(`${E2E_URL}${pagePath}`)).text();
          filePath = (/href="(\/download\/[0-9a-f]{40}\/mp3-320\.zip\?[^"]+)"/.exec(html)?.[1] ?? "").replaceAll("&amp;", "&");
          return filePath;
        },
        { timeout: ZIP_READY_MS, message: "the page names the zip once it is made" },
      )
      .not.toBe("");
    const whole = await fetch(`${E2E_URL}${filePath}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("application/zip");
    expect(whole.headers.get("cache-control")).toBe("private, no-store");
    const bytes = Buffer.from(await whole.arrayBuffer());
    // A broken download goes on from where it stopped.
    const rest = await fetch(`${E2E_URL}${filePath}`, { headers: { range: "bytes=100-", "if-range": whole.headers.get("etag") ?? "" } });
    expect(rest.status).toBe(206);
    expect(Buffer.from(await rest.arrayBuffer()).equals(bytes.subarray(100))).toBe(true);

    const [base, query] = filePath.split("?");
    const params = new URLSearchParams(query);
    const forged = new URLSearchParams({ until: params.get("until") ?? "", sig: "A".repeat(43) });
    expect((await fetch(`${E2E_URL}${base}?${forged}`)).status).toBe(403);
    expect((await fetch(`${E2E_URL}${base}`)).status).toBe(403);
    // Another format's name under the same signature opens nothing.
    expect((await fetch(`${E2E_URL}${base!.replace("mp3-320", "flac")}?${params}`)).status).toBe(403);

    const zipKeys = await withE2eDb((db) => db.selectFrom("downloadFiles").select("key").where("releaseId", "=", album.id).execute());
    expect(zipKeys).toHaveLength(1);
    for (const { key } of zipKeys) expect((await fetch(`${E2E_URL}/media/${key}`)).status).toBe(404);

    // The grant ended: its page and its file go at once.
    await withE2eDb((db) => db.updateTable("downloadGrants").set({ revokedAt: Date.now() }).where("releaseId", "=", album.id).execute());
    expect((await fetch(`${E2E_URL}${pagePath}`)).status).toBe(410);
    expect((await fetch(`${E2E_URL}${filePath}`)).status).toBe(410);
  });
});
