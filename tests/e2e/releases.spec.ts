// Scheduled releases: a song added to come out later is in no public list
// until its time, its page counts down, and at the time it comes out on its
// own on every process (no request needed), once, with one announcement,
// also when a process is killed at that very moment. Two more app processes
// with mail on (a real SMTP server on loopback) share the e2e site's database
// with the main server, whose release job races theirs.
import { randomUUID } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { killAppProcess, startAppProcess, stopAppProcesses } from "./support/app-process.ts";
import { DASHBOARD_PATH, toast, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { coverPng, synthWav } from "../../scripts/media/synth.ts";
import { deleteSongRows, renditionsOf, songPathOf, withE2eDb } from "./support/db.ts";
import { expect, test, type APIRequestContext, type Page } from "./support/fixtures.ts";
import { mailEnv, MAIL_PORTS as PORTS, origin } from "./support/mail-processes.ts";
import { E2E_SMTP_PORT, E2E_STACK, E2E_URL } from "./support/server-env.ts";

/** Uploads a song's files through the API and adds it to come out at `at` (epoch ms, to the second, UTC). */
async function scheduleSong(request: APIRequestContext, title: string, at: number, extra: Record<string, string> = {}) {
  const wav = synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 });
  const png = await coverPng(title.slice(0, 20), ["#0f766e", "#1e3a8a"], 300);
  const audio = await request.post("/api/uploads/audio?name=a.wav", { data: wav, headers: { "content-type": "audio/wav" } });
  const cover = await request.post("/api/uploads/cover?name=c.png", { data: png, headers: { "content-type": "image/png" } });
  const keys = { audioKey: ((await audio.json()) as { key: string }).key, coverKey: ((await cover.json()) as { key: string }).key };
  const releaseAt = new Date(at).toISOString().slice(0, 19);
  const created = await request.post("/api/songs", {
    form: { intent: "create-song", title, ...keys, releaseAt, releaseTimeZone: "UTC", ...extra },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { id: string }).id;
}

const musicPageOf = async (port: number) => (await fetch(`${origin(port)}/music`)).text();

/** The stored audio of a song: named on no page until the song is out (a coming song shows on /music only as "coming soon"). */
const audioKeyOf = (songId: string) =>
  withE2eDb(async (db) => (await db.selectFrom("songs").select("audioKey").where("id", "=", songId).executeTakeFirstOrThrow()).audioKey);

/** Where a song shows beyond its own page, as an outside program asks (on process `port`); `music`: /music plays it. */
async function seenOutside(port: number, songId: string) {
  const base = origin(port);
  const oembed = await fetch(`${base}/oembed?url=${encodeURIComponent(`${base}/music/${songId}`)}&format=json`);
  return {
    feed: (await (await fetch(`${base}/feed.xml`)).text()).includes(songId),
    sitemap: (await (await fetch(`${base}/sitemap.xml`)).text()).includes(await songPathOf(songId)),
    oembed: oembed.status,
    embed: (await fetch(`${base}/embed/${songId}`)).status,
    music: (await musicPageOf(port)).includes(await audioKeyOf(songId)),
  };
}

const mailingsFor = (songId: string) =>
  withE2eDb(async (db) => {
    const mailings = await db.selectFrom("mailings").select(["id", "contentId", "recipients"]).where("songId", "=", songId).execute();
    const outbox = await db
      .selectFrom("outbox")
      .select(["recipient", "status"])
      .where("contentId", "in", mailings.map((m) => m.contentId ?? "").concat(""))
      .execute();
    return { mailings, outbox };
  });

async function countdownSeconds(page: Page): Promise<string> {
  return (await page.getByTestId("countdown-seconds").textContent()) ?? "";
}

test.describe.serial(`scheduled releases on the ${E2E_STACK} stack`, () => {
  let sink: SmtpSink;
  const processes: Partial<Record<keyof typeof PORTS, ChildProcess>> = {};
  const fans = ["first@fans.example", "second@fans.example", "third@fans.example"].map((email) => `${randomUUID().slice(0, 6)}.${email}`);

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    sink = await startSmtpSink(E2E_SMTP_PORT);
    [processes.A, processes.B] = await Promise.all([
      startAppProcess(PORTS.A, mailEnv(PORTS.A)),
      startAppProcess(PORTS.B, mailEnv(PORTS.B)),
    ]);
    await withE2eDb((db) =>
      db
        .insertInto("subscribers")
        .values(fans.map((email) => ({ id: randomUUID(), email, timestamp: Date.now(), subscribed: 1, source: "website" })))
        .execute(),
    );
  });
  test.afterAll(async () => {
    await stopAppProcesses();
    await sink.close();
    await withE2eDb((db) => db.deleteFrom("subscribers").where("email", "in", fans).execute());
  });

  test("the artist schedules a song in the wizard (a time the clocks skip is refused, nothing lost), sees when it comes out, and can release it now", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    await page.goto(DASHBOARD_PATH);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add New Song" }).click();
    const wizard = page.getByRole("form", { name: "Add New Song" });
    const title = `Spring Forward ${randomUUID().slice(0, 4)}`;
    await wizard
      .locator('input[type="file"]')
      .setInputFiles({ name: "take.wav", mimeType: "audio/wav", buffer: synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 }) });
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard
      .locator('input[type="file"]')
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await coverPng("Spring", ["#be123c", "#4c1d95"], 300) });
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.getByRole("textbox", { name: "Title" }).fill(title);

    await wizard.getByRole("radio", { name: "At a set time" }).check();
    await wizard.getByLabel("Time zone").selectOption("Europe/Berlin");
    await wizard.getByLabel("Comes out on").fill("2031-03-30T02:30:00");
    await wizard.getByRole("checkbox", { name: "Make it the latest release when it comes out" }).check();
    await wizard.getByRole("button", { name: "Add Song" }).click();
    const when = wizard.getByLabel("Comes out on");
    await expect(when).toHaveAttribute("aria-invalid", "true");
    await expect(wizard.getByText("the clocks skip that hour")).toBeVisible();
    // Nothing was uploaded or lost: the title and the choices are as they were.
    await expect(wizard.getByRole("textbox", { name: "Title" })).toHaveValue(title);
    await expect(wizard.getByRole("checkbox", { name: "Make it the latest release when it comes out" })).toBeChecked();

    await when.fill("2031-03-30T20:00:00");
    await wizard.getByRole("button", { name: "Add Song" }).click();
    await expect(wizard.getByText("Song uploaded successfully! 🎉")).toBeVisible({ timeout: 30_000 });
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(card.getByText("Comes out March 30, 2031 at 8:00 PM (Europe/Berlin)")).toBeVisible({ timeout: 15_000 });
    await expect(card.getByRole("button", { name: `Mark as Latest: ${title}` })).toHaveCount(0);

    // Fans see it only as coming soon (issue #33: title, cover and day, no audio), and its own page, which counts down.
    const songId = await withE2eDb(
      async (db) => (await db.selectFrom("songs").select("id").where("title", "=", title).executeTakeFirstOrThrow()).id,
    );
    const comingMusic = await musicPageOf(PORTS.B);
    expect(comingMusic).not.toContain(await audioKeyOf(songId));
    expect(comingMusic).toContain("Out March 30, 2031 at 8:00 PM (Europe/Berlin)");
    const fan = await page.context().browser()!.newPage();
    await fan.goto(`${origin(PORTS.B)}/music/${songId}`);
    await expect(fan.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(fan.getByText("Out March 30, 2031 at 8:00 PM (Europe/Berlin)")).toBeVisible();
    await expect(fan.getByRole("timer", { name: "Time left until it comes out" })).toBeVisible();
    await expect(fan.getByRole("button", { name: "Notify me" })).toBeVisible();
    await fan.close();

    page.once("dialog", (dialog) => void dialog.accept());
    await card.getByRole("button", { name: `Release now: ${title}` }).click();
    await expect(toast(page, "success", `"${title}" is out now`)).toBeVisible();
    await expect(card.getByText("Latest Release")).toBeVisible();
    expect(await musicPageOf(PORTS.A)).toContain(await audioKeyOf(songId));
    // Nobody asked on its page and the artist chose no announcement: no mail.
    expect((await mailingsFor(songId)).mailings).toEqual([]);
  });

  test("Edit moves a scheduled song's time, turns its announcement on and replaces its audio: the same share link, the new time on its page", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const title = `Moved Date ${randomUUID().slice(0, 4)}`;
    const songId = await scheduleSong(page.request, title, Date.UTC(2031, 4, 1, 18, 0));
    const before = await withE2eDb((db) =>
      db.selectFrom("songs").select(["audioKey", "releaseAnnounce"]).where("id", "=", songId).executeTakeFirstOrThrow(),
    );
    expect(before.releaseAnnounce).toBe(0);

    // On a process with mail on, where a release's announcement can be turned on.
    await page.goto(`${origin(PORTS.A)}${DASHBOARD_PATH}`);
    await waitForHydration(page);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(card.getByText("Comes out May 1, 2031 at 6:00 PM (UTC)")).toBeVisible();
    await card.getByRole("button", { name: `Edit: ${title}`, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Song" });
    const when = dialog.getByLabel("Comes out on");
    await expect(when).toHaveValue("2031-05-01T18:00");
    // A time already past is refused on its field, nothing lost.
    await when.fill("2020-01-01T10:00:00");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(when).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByText(/That time has already passed/)).toBeVisible();

    await when.fill("2031-06-12T21:30:00");
    await dialog.getByLabel("Time zone").selectOption("Europe/Oslo");
    await dialog.getByRole("checkbox", { name: "Mail my subscribers when it comes out" }).check();
    await dialog
      .getByRole("button", { name: /new audio file/ })
      .setInputFiles({ name: "remaster.wav", mimeType: "audio/wav", buffer: synthWav({ seconds: 2, chords: [[62, 65, 69]], bpm: 90 }) });
    await expect(dialog.getByText("New file: remaster.wav")).toBeVisible();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "success", `Saved changes to "${title}"`)).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText("Comes out June 12, 2031 at 9:30 PM (Europe/Oslo)")).toBeVisible();

    const after = await withE2eDb((db) =>
      db.selectFrom("songs").select(["id", "audioKey", "releaseAt", "releaseAnnounce", "durationMs"]).where("title", "=", title).execute(),
    );
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: songId, releaseAnnounce: 1, durationMs: 2000 });
    expect(Number(after[0]?.releaseAt)).toBe(Date.UTC(2031, 5, 12, 19, 30));
    expect(after[0]?.audioKey).not.toBe(before.audioKey);
    // The share link is the same page, now counting down to the new time.
    const fan = await page.context().browser()!.newPage();
    await fan.goto(`${origin(PORTS.B)}/music/${songId}`);
    await expect(fan.getByText("Out June 12, 2031 at 9:30 PM (Europe/Oslo)")).toBeVisible();
    await fan.close();
    await withE2eDb((db) => deleteSongRows(db, [songId]));
  });

  test("a coming song's audio is refused to a fan on every process, guessed name or not, heard by the artist, and plays everywhere once it is out", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const title = `Locked Room ${randomUUID().slice(0, 4)}`;
    const id = await scheduleSong(page.request, title, Date.now() + 86_400_000);
    const key = await audioKeyOf(id);
    // Its renditions are made long before its day; fans are given those once it is out (decision 026), its upload never.
    const { opusKey, fallbackKey } = await renditionsOf(key, { out: false });
    const everywhere = [E2E_URL, origin(PORTS.A), origin(PORTS.B)];
    try {
      // A fan (no cookie) asking for it by its name, as a guess would: the 404 of a file that does not exist.
      const missing = await fetch(`${E2E_URL}/media/${key.replace(/\.wav$/, "-not-there.wav")}`);
      for (const base of everywhere) {
        for (const file of [key, opusKey, fallbackKey]) {
          for (const headers of [{}, { range: "bytes=0-1" }, { range: "bytes=10-" }] as Record<string, string>[]) {
            const answer = await fetch(`${base}/media/${file}`, { headers, redirect: "manual" });
            expect(answer.status, `${base} ${file} ${JSON.stringify(headers)}`).toBe(missing.status);
            expect(answer.status).toBe(404);
          }
        }
      }
      // The artist hears it before its day, kept by no cache.
      const heard = await page.request.get(`/media/${key}`);
      expect(heard.status()).toBe(200);
      expect(heard.headers()["cache-control"]).toBe("private, no-store");

      const released = await page.request.post("/api/songs", { form: { intent: "release-now", id } });
      expect(released.status(), await released.text()).toBe(200);
      for (const base of everywhere) {
        for (const file of [opusKey, fallbackKey]) {
          const answer = await fetch(`${base}/media/${file}`, { headers: { range: "bytes=0-1" } });
          expect(answer.status, `${base} ${file}`).toBe(206);
        }
        expect((await fetch(`${base}/media/${key}`)).status, `${base} ${key}`).toBe(404);
      }
    } finally {
      await withE2eDb((db) => deleteSongRows(db, [id]));
    }
  });

  test("at its time the song comes out on its own on every process, once, with one announcement, while a process is killed at that moment", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInAsAdmin(page);
    const title = `Release Day ${randomUUID().slice(0, 4)}`;
    const at = Math.ceil((Date.now() + 8_000) / 1000) * 1000;
    const songId = await scheduleSong(page.request, title, at, { announce: "on", isLatest: "on" });

    // Before its time: in no list, feed or sitemap, and no player for other sites, on any process.
    for (const port of [PORTS.A, PORTS.B]) {
      expect(await seenOutside(port, songId)).toEqual({ feed: false, sitemap: false, oembed: 404, embed: 404, music: false });
    }
    const audioKey = await audioKeyOf(songId);
    expect(await (await fetch(`${E2E_URL}/music`)).text()).not.toContain(audioKey);

    // Its page counts down, then turns into the song by itself.
    const fan = await page.context().browser()!.newPage();
    await fan.goto(`${origin(PORTS.B)}/music/${songId}`);
    await waitForHydration(fan);
    const first = await countdownSeconds(fan);
    await expect.poll(() => countdownSeconds(fan), { timeout: 3_000 }).not.toBe(first);

    // Killed at the moment: A dies just as the song's time comes.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
    await killAppProcess(processes.A!);
    const seenAt: Record<string, number> = {};
    await expect
      .poll(
        async () => {
          for (const [name, url] of [
            ["B", origin(PORTS.B)],
            ["main", E2E_URL],
          ] as const) {
            if (!seenAt[name] && (await (await fetch(`${url}/music`)).text()).includes(audioKey)) seenAt[name] = Date.now();
          }
          return Object.keys(seenAt).length;
        },
        { timeout: 10_000, intervals: [200] },
      )
      .toBe(2);
    // Within about a second of its time (the release job looks every second), on both.
    for (const time of Object.values(seenAt)) expect(time - at).toBeLessThan(3_500);
    await expect(fan.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(
      fan
        .getByRole("region", { name: `Player for ${title}` })
        .or(fan.getByLabel(`Player for ${title}`))
        .first(),
    ).toBeVisible({
      timeout: 10_000,
    });
    await fan.close();

    expect(await seenOutside(PORTS.B, songId)).toEqual({ feed: true, sitemap: true, oembed: 200, embed: 200, music: true });

    // A comes back; nothing happens twice.
    processes.A = await startAppProcess(PORTS.A, mailEnv(PORTS.A));
    // Usually at once; a mail A had taken when it died waits out its lease (about a minute) for another process.
    const announced = () => sink.received.filter((mail) => fans.includes(mail.to[0] ?? ""));
    await expect.poll(() => new Set(announced().map((mail) => mail.to[0])).size, { timeout: 90_000 }).toBe(3);
    // At most one repeat, for the one kill (a mail sent but not yet marked sent when its process died).
    expect(announced().length).toBeLessThanOrEqual(4);
    // One mailing, to everyone on the list (earlier specs may have left fans of their own on it).
    const { mailings, outbox } = await mailingsFor(songId);
    const onTheList = await withE2eDb(async (db) =>
      (await db.selectFrom("subscribers").select("email").where("subscribed", "=", 1).execute()).map((row) => row.email),
    );
    expect(mailings).toHaveLength(1);
    expect(mailings[0]?.recipients).toBe(onTheList.length);
    expect(outbox.map((row) => row.recipient).sort()).toEqual([...onTheList].sort());
    for (const fan of fans) expect(onTheList).toContain(fan);
    const songs = await withE2eDb((db) => db.selectFrom("songs").select(["id", "isLatest"]).where("isLatest", "=", 1).execute());
    expect(songs.map((song) => song.id)).toEqual([songId]);
    // The Mail area lists it like any mailing.
    await page.goto(`${DASHBOARD_PATH}/mail`);
    await expect(page.getByText(`"${title}" is out now`).first()).toBeVisible();
  });
});
