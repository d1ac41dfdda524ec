// The release editor (issue #33), as the artist meets it in the dashboard and
// fans meet what it publishes: a release's address, notes and credits; its
// running order moved by keyboard; a track's lyrics, synced lyrics, credits,
// ISRC and explicit mark; old addresses answering 301; a new song joining a
// release in the wizard's step 3; all of it with JavaScript off too.
import { randomUUID } from "node:crypto";
import { coverPng, synthWav } from "../../scripts/media/synth.ts";
import { deleteEmptyReleases } from "#app/domain/song-rows.server.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import { DASHBOARD_PATH, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin, songIdOf, uploadSong } from "./support/dashboard.ts";
import { deleteSongRows, withE2eDb } from "./support/db.ts";
import { expect, test, type APIRequestContext, type Page } from "./support/fixtures.ts";
import { holdScripts } from "./support/hold-scripts.ts";
import { E2E_URL } from "./support/server-env.ts";

/** An EP made directly (setup, not under test): its tracks uploaded through the API, then gathered onto it in this order. */
async function makeEp(request: APIRequestContext, titles: string[]) {
  const tag = randomUUID().slice(0, 8);
  const ep = { id: randomUUID(), slug: `low-tide-${tag}`, title: `Low Tide ${tag}` };
  const now = Date.now();
  await withE2eDb((db) =>
    db
      .insertInto("releases")
      .values({ ...ep, kind: "ep", createdAt: now, updatedAt: now })
      .execute(),
  );
  const songIds: string[] = [];
  for (const [index, title] of titles.entries()) {
    await uploadSong(request, `${title} ${tag}`);
    const id = await songIdOf(`${title} ${tag}`);
    songIds.push(id);
    await withE2eDb(async (db) => {
      await db
        .updateTable("songs")
        .set({ releaseId: ep.id, trackNumber: index + 1, slug: title.toLowerCase().replace(/ /g, "-") })
        .where("id", "=", id)
        .execute();
      await deleteEmptyReleases(db);
    });
  }
  return { ...ep, tag, songIds, titles: titles.map((title) => `${title} ${tag}`) };
}

const editorOf = (releaseId: string) => `${DASHBOARD_PATH}/music/${releaseId}`;
const trackItem = (page: Page, place: number, title: string) => page.getByRole("listitem", { name: `Track ${place}: ${title}` });

test.describe("the release editor", () => {
  let made: Awaited<ReturnType<typeof makeEp>> | null = null;
  test.afterEach(async () => {
    if (made) await withE2eDb((db) => deleteSongRows(db, made?.songIds));
    made = null;
  });

  test("a new address, notes and credits: fans find the release there, and old links answer 301", async ({ page }) => {
    await signInAsAdmin(page);
    made = await makeEp(page.request, ["Harbour Lights", "Night Ferry"]);
    await page.goto(editorOf(made.id));
    const details = page.getByRole("region", { name: "Details" });
    await details.getByRole("textbox", { name: "Address" }).fill(`Deluxe ${made.tag}`);
    await details.getByRole("textbox", { name: "Notes (optional)" }).fill("Recorded live to tape in **Oban**.");
    await details.getByRole("textbox", { name: "Credits" }).fill("Produced by Sam Okafor");
    await details.getByRole("button", { name: "Save release" }).click();
    // A line it cannot read is named, and nothing typed is lost.
    await expect(details.getByRole("textbox", { name: "Credits" })).toHaveAccessibleDescription(
      /Line 1: write the role, a colon, then the names/,
    );
    await expect(details.getByText("Nothing was saved: see the message beside the field.")).toBeVisible();
    await expect(details.getByRole("textbox", { name: "Notes (optional)" })).toHaveValue("Recorded live to tape in **Oban**.");
    await details.getByRole("textbox", { name: "Credits" }).fill("Produced by: Sam Okafor\nMixed by: Ana Ruiz");
    await details.getByLabel("First released (optional)").fill("2019-05-03");
    await details.getByRole("button", { name: "Save release" }).click();
    await expect(details.getByRole("status")).toHaveText("Release saved.");

    const newPath = `/music/deluxe-${made.tag}`;
    const old = await page.request.get(`/music/${made.slug}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(newPath);
    const oldTrack = await page.request.get(`/music/${made.slug}/night-ferry`, { maxRedirects: 0 });
    expect(oldTrack.status()).toBe(301);
    expect(oldTrack.headers().location).toBe(`${newPath}/night-ferry`);

    await page.context().clearCookies();
    await page.goto(`/music/${made.slug}`);
    await expect(page).toHaveURL(new RegExp(`${newPath}$`));
    await expect(page.getByRole("heading", { name: "Notes" })).toBeVisible();
    await expect(page.getByText("Recorded live to tape in")).toBeVisible();
    await expect(page.locator("strong", { hasText: "Oban" })).toBeVisible();
    const credits = page.getByRole("region", { name: "Credits" });
    await expect(credits.getByRole("term")).toHaveText(["Produced by", "Mixed by"]);
    await expect(credits.getByRole("definition")).toHaveText(["Sam Okafor", "Ana Ruiz"]);
    // A record older than the site shows the year it first came out.
    await expect(page.getByText("EP · 2019 · 2 tracks")).toBeVisible();
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.join("")).toContain('"datePublished":"2019-05-03"');
  });

  test("words typed into filled-in boxes and a kind chosen before the editor's app starts are kept when it starts, and are what Save sends", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    made = await makeEp(page.request, ["Harbour Lights", "Night Ferry"]);
    const releaseId = made.id;
    await withE2eDb((db) =>
      db
        .updateTable("releases")
        .set({ notes: "First draft of the notes.", credits: JSON.stringify([{ role: "Produced by", name: "Sam Okafor" }]) })
        .where("id", "=", releaseId)
        .execute(),
    );
    const scripts = await holdScripts(page);
    await page.goto(editorOf(releaseId), { waitUntil: "domcontentloaded" });
    const details = page.getByRole("region", { name: "Details" });
    const notes = details.getByRole("textbox", { name: "Notes (optional)" });
    const credits = details.getByRole("textbox", { name: "Credits" });
    await expect(notes).toHaveValue("First draft of the notes.");
    await notes.fill("Recorded in one night at **Oban**.");
    await credits.fill("Produced by: Sam Okafor\nMixed by: Ana Ruiz");
    await details.getByRole("textbox", { name: "Title" }).fill(`Low Tide, Revised ${made.tag}`);
    await details.getByRole("combobox", { name: "Kind" }).selectOption("album");
    await scripts.release();
    await expect(details.getByRole("combobox", { name: "Kind" })).toHaveValue("album");
    await expect(notes).toHaveValue("Recorded in one night at **Oban**.");
    await expect(credits).toHaveValue("Produced by: Sam Okafor\nMixed by: Ana Ruiz");
    await details.getByRole("button", { name: "Save release" }).click();
    await expect(details.getByRole("status")).toHaveText("Release saved.");
    const saved = await withE2eDb((db) =>
      db.selectFrom("releases").select(["title", "kind", "notes", "credits"]).where("id", "=", releaseId).executeTakeFirstOrThrow(),
    );
    expect(saved).toEqual({
      title: `Low Tide, Revised ${made.tag}`,
      kind: "album",
      notes: "Recorded in one night at **Oban**.",
      credits: JSON.stringify([
        { role: "Produced by", name: "Sam Okafor" },
        { role: "Mixed by", name: "Ana Ruiz" },
      ]),
    });
  });

  test("a track's lyrics, credits, ISRC and explicit mark reach its page; synced lyrics follow the song", async ({ page }) => {
    await signInAsAdmin(page);
    made = await makeEp(page.request, ["Harbour Lights", "Night Ferry"]);
    await page.goto(editorOf(made.id));
    const track = trackItem(page, 2, made.titles[1] ?? "");
    await track.getByText("Lyrics, credits and address").click();
    await track
      .getByRole("textbox", { name: "Lyrics", exact: true })
      .fill("Lights on the crossing\nThe engine's low hum\n\nWait till I come");
    await track
      .getByRole("textbox", { name: "Synced lyrics, LRC (optional)" })
      .fill("[00:00.00]Lights on the crossing\n[00:00.60]Wait till I come");
    await track.getByRole("textbox", { name: "Credits" }).fill("Written by: Juniper Vale\nFeaturing: Lila Moss");
    await track.getByRole("textbox", { name: "ISRC (optional)" }).fill("gb ltd 26 00003");
    await track.getByRole("checkbox", { name: /Explicit/ }).check();
    await track.getByRole("button", { name: "Save track" }).click();
    await expect(track.getByRole("status")).toHaveText("Track saved.");
    await expect(track).toContainText("ISRC GB-LTD-26-00003");

    await page.context().clearCookies();
    const path = `/music/${made.slug}/night-ferry`;
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(made.titles[1] ?? "");
    await expect(page.getByRole("heading", { level: 1 }).getByLabel("Explicit")).toBeVisible();
    const lyrics = page.getByRole("region", { name: "Lyrics" });
    await expect(lyrics.getByRole("listitem")).toHaveText(["Lights on the crossing", "Wait till I come"]);
    const credits = page.getByRole("region", { name: "Credits" });
    await expect(credits.getByRole("definition")).toHaveText(["Juniper Vale", "Lila Moss", "GB-LTD-26-00003"]);
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.join("")).toContain('"isrcCode":"GBLTD2600003"');

    // Once this track is in the player, a line takes the song there, and the line being sung is marked.
    await waitForHydration(page);
    await page
      .getByRole("button", { name: `Play ${made.titles[1]}` })
      .first()
      .click();
    await page
      .getByRole("button", { name: `Pause ${made.titles[1]}` })
      .first()
      .click();
    await lyrics.getByRole("button", { name: "Wait till I come" }).click();
    await expect(lyrics.getByRole("button", { name: "Wait till I come" })).toHaveAttribute("aria-current", "true");
    await expect(lyrics.getByRole("button", { name: "Lights on the crossing" })).not.toHaveAttribute("aria-current", "true");
  });

  test("the running order moves by keyboard, and fans hear it in that order", async ({ page }) => {
    await signInAsAdmin(page);
    made = await makeEp(page.request, ["Harbour Lights", "Night Ferry", "Tide Tables"]);
    const [first, second, third] = made.titles as [string, string, string];
    await page.goto(editorOf(made.id));
    await waitForHydration(page);
    await page.getByRole("button", { name: `Move ${third} up` }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(`"${third}" is now track 2.`)).toBeVisible();
    // The keyboard stays on the track's button, so pressing again moves it on.
    await expect(page.getByRole("button", { name: `Move ${third} up` })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText(`"${third}" is now track 1.`)).toBeVisible();
    await expect(trackItem(page, 1, third)).toBeVisible();

    await page.context().clearCookies();
    await page.goto(`/music/${made.slug}`);
    await expect(page.getByRole("region", { name: "Tracklist" }).getByRole("link")).toHaveText([third, first, second]);
  });

  test("a track dragged by its grip takes its new place, and the order is saved", async ({ page }) => {
    await signInAsAdmin(page);
    made = await makeEp(page.request, ["Harbour Lights", "Night Ferry", "Tide Tables"]);
    const [first, second, third] = made.titles as [string, string, string];
    await page.goto(editorOf(made.id));
    await waitForHydration(page);
    // The whole list in view, so the pointer's path is on screen.
    await page.getByRole("heading", { name: "Tracks", exact: true }).evaluate((heading) => heading.scrollIntoView());
    const grip = trackItem(page, 3, third).getByTestId("drag-grip");
    const from = await grip.boundingBox();
    const to = await trackItem(page, 1, first).boundingBox();
    if (!from || !to) throw new Error("The rows are not on screen");
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByText("Running order saved.")).toBeVisible();
    await expect(page.getByRole("listitem", { name: /^Track \d: / })).toHaveText([
      new RegExp(third),
      new RegExp(first),
      new RegExp(second),
    ]);
    await page.reload();
    await expect(trackItem(page, 1, third)).toBeVisible();
  });

  test("with JavaScript off, a track's words are saved, and a refusal keeps what was typed", async ({ browser, page }) => {
    const admin = await signInAsAdmin(page);
    made = await makeEp(page.request, ["Harbour Lights"]);
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    try {
      const noJs = await context.newPage();
      await noJs.goto(editorOf(made.id));
      const track = trackItem(noJs, 1, made.titles[0] ?? "");
      await track.getByText("Lyrics, credits and address").click();
      await track.getByRole("textbox", { name: "Lyrics", exact: true }).fill("Down by the water");
      await track.getByRole("textbox", { name: "Synced lyrics, LRC (optional)" }).fill("no time on this line");
      await track.getByRole("button", { name: "Save track" }).click();
      const again = trackItem(noJs, 1, made.titles[0] ?? "");
      await expect(again.getByRole("textbox", { name: "Synced lyrics, LRC (optional)" })).toHaveAccessibleDescription(
        /Line 1: a synced line starts with its time/,
      );
      await expect(again.getByRole("textbox", { name: "Lyrics", exact: true })).toHaveValue("Down by the water");
      await again.getByRole("textbox", { name: "Synced lyrics, LRC (optional)" }).fill("");
      await again.getByRole("button", { name: "Save track" }).click();
      await expect(noJs.getByText("Track saved.")).toBeVisible();
      expect(admin.email).toBeTruthy();
    } finally {
      await context.close();
    }
    const html = await (await page.request.get(`/music/${made.slug}/harbour-lights`)).text();
    expect(html).toContain("Down by the water");
  });

  test("a new song joins the release chosen in step 3 of Add New Song, as its last track", async ({ page }) => {
    await signInAsAdmin(page);
    made = await makeEp(page.request, ["Harbour Lights"]);
    await page.goto(DASHBOARD_PATH);
    await page.getByRole("button", { name: "Add New Song" }).click();
    const wizard = page.getByRole("form", { name: "Add New Song" });
    await wizard.locator('input[type="file"]').setInputFiles({
      name: "take.wav",
      mimeType: "audio/wav",
      buffer: synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 }),
    });
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard
      .locator('input[type="file"]')
      .setInputFiles({ name: "c.png", mimeType: "image/png", buffer: await coverPng("Ferry", ["#222", "#0e7490"], 300) });
    await wizard.getByRole("button", { name: "Next" }).click();
    const title = `Night Ferry ${made.tag}`;
    await wizard.getByRole("textbox", { name: "Title" }).fill(title);
    await wizard.getByRole("combobox", { name: "Part of" }).selectOption({ label: `${made.title} (EP)` });
    await wizard.getByRole("button", { name: "Add Song" }).click();
    await expect(wizard.getByRole("status")).toHaveText("Song uploaded successfully! 🎉");
    made.songIds.push(await songIdOf(title));

    await page.goto(editorOf(made.id));
    await expect(trackItem(page, 2, title)).toBeVisible();
    const response = await page.request.get(`/music/${made.slug}/night-ferry-${made.tag}`);
    expect(response.status()).toBe(200);
  });

  test("a release's player for other sites plays its tracks that are out, in order, and names none that is not", async ({ page }) => {
    await signInAsAdmin(page);
    made = await makeEp(page.request, ["Harbour Lights", "Night Ferry", "Tide Tables"]);
    const [first, second, third] = made.titles as [string, string, string];
    // The third is not out yet: nothing of it may reach another site.
    await withE2eDb((db) =>
      db
        .updateTable("songs")
        .set({ released: 0, releaseAt: Date.now() + 86_400_000 })
        .where("id", "=", made?.songIds[2] ?? "")
        .execute(),
    );
    const audioOf = (id: string) =>
      withE2eDb(async (db) => (await db.selectFrom("songs").select("audioKey").where("id", "=", id).executeTakeFirstOrThrow()).audioKey);
    const hidden = await audioOf(made.songIds[2] ?? "");

    // The artist takes the link and the player to paste elsewhere from the editor.
    await page.goto(editorOf(made.id));
    const share = page.getByRole("region", { name: "Share" });
    await expect(share.getByRole("textbox", { name: "Link" })).toHaveValue(`${E2E_URL}/music/${made.slug}`);
    await expect(share.getByRole("textbox", { name: "Embed code" })).toHaveValue(new RegExp(`src="${E2E_URL}/embed/release/${made.id}"`));

    await page.context().clearCookies();
    const oembed = await page.request.get(`/oembed?url=${encodeURIComponent(`${E2E_URL}/music/${made.slug}`)}&format=json`);
    expect(oembed.status()).toBe(200);
    const answer = (await oembed.json()) as { title: string; html: string };
    expect(answer.title).toBe(made.title);
    expect(answer.html).toContain(`src="${E2E_URL}/embed/release/${made.id}"`);

    const response = await page.goto(`/embed/release/${made.id}`);
    expect(response?.status()).toBe(200);
    const html = await response?.text();
    expect(html).not.toContain(hidden);
    expect(html).not.toContain(third);
    await page.setViewportSize({ width: 480, height: 400 });
    const list = page.getByRole("list", { name: `Tracks of ${made.title}` });
    await expect(list.getByRole("button")).toHaveText([new RegExp(first), new RegExp(second)]);
    await list.getByRole("button", { name: new RegExp(second) }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(second);
    await expect(list.getByRole("button", { name: new RegExp(second) })).toHaveAttribute("aria-current", "true");
    await expect
      .poll(() => page.getByTestId("embed-audio").evaluate((audio: HTMLAudioElement) => audio.src))
      .toContain(await audioOf(made.songIds[1] ?? ""));
    await expect(page.getByRole("button", { name: `Pause ${second}` })).toBeVisible();

    // Nothing out: the same 404 as a player for a song not there. (Made directly, so the content version is moved as the app moves it.)
    await withE2eDb((db) =>
      db
        .updateTable("songs")
        .set({ released: 0, releaseAt: Date.now() + 86_400_000 })
        .where("releaseId", "=", made?.id ?? "")
        .execute()
        .then(() => bumpContentVersion(db)),
    );
    expect((await page.request.get(`/embed/release/${made.id}`)).status()).toBe(404);
  });

  test("several files at once become the next tracks, titled from their names, each with its progress, wearing the release's cover", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    made = await makeEp(page.request, ["Harbour Lights"]);
    await page.goto(editorOf(made.id));
    const adding = page.getByRole("region", { name: "Add tracks" });
    const wav = synthWav({ seconds: 1, chords: [[57, 60, 64]], bpm: 100 });
    await adding.getByLabel("Choose audio files").setInputFiles([
      { name: `02 - Night_Ferry ${made.tag}.wav`, mimeType: "audio/wav", buffer: wav },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not audio") },
      { name: `03 Tide Tables ${made.tag}.wav`, mimeType: "audio/wav", buffer: wav },
    ]);
    await expect(adding.getByRole("textbox", { name: `Title for 02 - Night_Ferry ${made.tag}.wav` })).toHaveValue(
      `Night Ferry ${made.tag}`,
    );
    await adding.getByRole("button", { name: "Add 3 tracks" }).click();
    await expect(adding.getByRole("status")).toHaveText("2 of 3 added; the others say why below and can be tried again.");
    await expect(adding.getByRole("alert")).toContainText("notes.txt: Please select a valid audio file (MP3, WAV, etc.)");
    await expect(trackItem(page, 2, `Night Ferry ${made.tag}`)).toBeVisible();
    await expect(trackItem(page, 3, `Tide Tables ${made.tag}`)).toBeVisible();
    const added = await withE2eDb((db) =>
      db
        .selectFrom("songs")
        .select(["id", "coverKey"])
        .where("releaseId", "=", made?.id ?? "")
        .orderBy("trackNumber")
        .execute(),
    );
    made.songIds.push(...added.slice(1).map((row) => row.id));
    // Each wears its own copy of the release's cover, so deleting one never takes another's.
    expect(new Set(added.map((row) => row.coverKey)).size).toBe(3);
    for (const row of added) expect((await page.request.get(`/media/${row.coverKey}`)).status()).toBe(200);
    const response = await page.request.get(`/music/${made.slug}/night-ferry-${made.tag}`);
    expect(response.status()).toBe(200);
  });

  test("a release with no track yet asks for its cover before adding any", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto(`${DASHBOARD_PATH}/music`);
    const title = `Sketches ${randomUUID().slice(0, 8)}`;
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page.getByRole("combobox", { name: "Kind" }).selectOption("album");
    await page.getByRole("button", { name: "Make release" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const adding = page.getByRole("region", { name: "Add tracks" });
    await adding.getByLabel("Choose audio files").setInputFiles({
      name: "First Light.wav",
      mimeType: "audio/wav",
      buffer: synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 }),
    });
    await adding.getByRole("button", { name: "Add track" }).click();
    await expect(adding.getByRole("alert")).toHaveText("This release has no track yet: choose cover art for it.");
    await adding
      .getByLabel("Choose cover art")
      .setInputFiles({ name: "art.png", mimeType: "image/png", buffer: await coverPng("Sketches", ["#111", "#f59e0b"], 300) });
    await adding.getByRole("button", { name: "Add track" }).click();
    await expect(adding.getByRole("status")).toHaveText("1 track added.");
    await expect(trackItem(page, 1, "First Light")).toBeVisible();
    const song = await withE2eDb((db) =>
      db.selectFrom("songs").select("id").where("title", "=", "First Light").orderBy("createdAt", "desc").executeTakeFirstOrThrow(),
    );
    await withE2eDb((db) => deleteSongRows(db, [song.id]));
  });

  test("the first tracks of a new release may come out later: they set its day, and nothing of them is public before it", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const tag = randomUUID().slice(0, 8);
    const release = { id: randomUUID(), slug: `winter-${tag}`, title: `Winter ${tag}` };
    await withE2eDb((db) =>
      db
        .insertInto("releases")
        .values({ ...release, kind: "album", createdAt: Date.now(), updatedAt: Date.now() })
        .execute(),
    );
    await page.goto(editorOf(release.id));
    await waitForHydration(page);
    const adding = page.getByRole("region", { name: "Add tracks" });
    await adding.getByLabel("Choose audio files").setInputFiles([
      { name: `Snowline ${tag}.wav`, mimeType: "audio/wav", buffer: synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 }) },
      { name: `Thaw ${tag}.wav`, mimeType: "audio/wav", buffer: synthWav({ seconds: 1, chords: [[62, 65, 69]], bpm: 120 }) },
    ]);
    await adding
      .getByLabel("Choose cover art")
      .setInputFiles({ name: "art.png", mimeType: "image/png", buffer: await coverPng("Winter", ["#111", "#38bdf8"], 300) });
    await adding.getByLabel("At a set time").check();
    await adding.getByLabel("Comes out on").fill("2031-07-01T12:00");
    await adding.getByLabel("Time zone").selectOption("UTC");
    await adding.getByRole("button", { name: "Add 2 tracks" }).click();
    await expect(adding.getByRole("status")).toHaveText("2 tracks added.");
    await expect(page.getByRole("region", { name: "Release day" })).toContainText("July 1, 2031 at 12:00 PM (UTC): 2 tracks.");
    const rows = await withE2eDb((db) =>
      db.selectFrom("songs").select(["id", "released", "releaseAt", "audioKey"]).where("releaseId", "=", release.id).execute(),
    );
    try {
      expect(rows.map((row) => [row.released, row.releaseAt])).toEqual([
        [0, Date.UTC(2031, 6, 1, 12)],
        [0, Date.UTC(2031, 6, 1, 12)],
      ]);
      await page.context().clearCookies();
      const music = await (await page.request.get("/music")).text();
      expect(music).not.toContain(`Snowline ${tag}`);
      const countdown = await (await page.request.get(`/music/${release.slug}`)).text();
      expect(countdown).toContain("Coming soon");
      for (const row of rows) expect(countdown).not.toContain(row.audioKey);
    } finally {
      await withE2eDb((db) =>
        deleteSongRows(
          db,
          rows.map((row) => row.id),
        ),
      );
    }
  });

  test("a new cover replaces the release's on every track, and fans see it on its page", async ({ page }) => {
    await signInAsAdmin(page);
    made = await makeEp(page.request, ["Harbour Lights", "Night Ferry"]);
    const releaseId = made.id;
    const coversNow = () =>
      withE2eDb((db) => db.selectFrom("songs").select("coverKey").where("releaseId", "=", releaseId).orderBy("trackNumber").execute());
    const before = (await coversNow()).map((row) => row.coverKey);
    await page.goto(editorOf(releaseId));
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Cover" });
    await section
      .getByLabel("Replace cover")
      .setInputFiles({ name: "new-art.png", mimeType: "image/png", buffer: await coverPng("New Art", ["#111", "#be123c"], 300) });
    await expect(section.getByText("Cover replaced on all 2 tracks.")).toBeVisible();
    const after = (await coversNow()).map((row) => row.coverKey);
    expect(after).toHaveLength(2);
    expect(new Set(after).size).toBe(2);
    for (const key of after) expect(before).not.toContain(key);
    await expect(section.locator("img")).toHaveAttribute("src", new RegExp(after[0]?.replace(/^covers\//, "") ?? "none"));
    const html = await (await page.request.get(`/music/${made.slug}`)).text();
    expect(html).toContain(after[0]);
    for (const key of before) expect(html).not.toContain(key);
    for (const key of before) expect((await page.request.get(`/media/${key}`)).status()).toBe(404);
  });

  test("a track is deleted after a second yes, its files with it, and the rest of the release stays", async ({ page }) => {
    await signInAsAdmin(page);
    made = await makeEp(page.request, ["Harbour Lights", "Night Ferry"]);
    const [first, second] = made.titles as [string, string];
    const audio = await withE2eDb(
      async (db) =>
        (
          await db
            .selectFrom("songs")
            .select("audioKey")
            .where("id", "=", made?.songIds[1] ?? "")
            .executeTakeFirstOrThrow()
        ).audioKey,
    );
    await page.goto(editorOf(made.id));
    const track = trackItem(page, 2, second);
    await track.getByText("Lyrics, credits and address").click();
    await track.getByText("Delete this track").click();
    await expect(track.getByText(`Delete "${second}"? Its audio, cover, lyrics and credits go with it`)).toBeVisible();
    await track.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(page.getByText(`"${second}" is deleted, with its audio and cover.`)).toBeVisible();
    await expect(page.getByRole("listitem", { name: /^Track \d: / })).toHaveText([new RegExp(first)]);
    expect((await page.request.get(`/media/${audio}`)).status()).toBe(404);
    expect((await page.request.get(`/music/${made.slug}/night-ferry`)).status()).toBe(404);
    expect((await page.request.get(`/music/${made.slug}`)).status()).toBe(200);
  });

  test("a release that is coming shows on / and /music with its cover and day, leading to its countdown, naming no audio", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    made = await makeEp(page.request, ["Harbour Lights", "Night Ferry"]);
    const at = Date.UTC(2031, 4, 3, 17, 0);
    const audio = await withE2eDb(async (db) => {
      await db
        .updateTable("songs")
        .set({ released: 0, releaseAt: at, releaseTimeZone: "Europe/London" })
        .where("releaseId", "=", made?.id ?? "")
        .execute();
      // Made directly, so the content version moves as the app moves it.
      await bumpContentVersion(db);
      return (
        await db
          .selectFrom("songs")
          .select("audioKey")
          .where("releaseId", "=", made?.id ?? "")
          .execute()
      ).map((row) => row.audioKey);
    });
    await page.context().clearCookies();
    for (const path of ["/", "/music"]) {
      const response = await page.goto(path);
      const html = (await response?.text()) ?? "";
      for (const key of audio) expect(html, path).not.toContain(key);
      const coming = page.getByRole("region", { name: "Coming soon" });
      const card = coming.getByRole("link", { name: new RegExp(made.title) });
      await expect(card, path).toContainText("EP · Coming soon");
      await expect(card, path).toContainText("Out May 3, 2031 at 6:00 PM (Europe/London)");
      await expect(card.locator("img")).toBeVisible();
    }
    await page
      .getByRole("region", { name: "Coming soon" })
      .getByRole("link", { name: new RegExp(made.title) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/music/${made.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(made.title);
    await expect(page.getByText("Coming soon", { exact: true })).toBeVisible();
  });

  test("a coming release's day moves in its editor, a song joining it in step 3 takes that day, and Release now brings every track out at once", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    made = await makeEp(page.request, ["Harbour Lights", "Night Ferry"]);
    const releaseId = made.id;
    await withE2eDb(async (db) => {
      await db
        .updateTable("songs")
        .set({ released: 0, releaseAt: Date.now() + 30 * 86_400_000, releaseTimeZone: "Europe/London" })
        .where("releaseId", "=", releaseId)
        .execute();
      await bumpContentVersion(db);
    });
    await page.goto(editorOf(releaseId));
    const day = page.getByRole("region", { name: "Release day" });
    await expect(day).toContainText("2 tracks");
    await day.getByLabel("Comes out on").fill("2031-06-01T20:00");
    await day.getByLabel("Time zone").selectOption("Europe/Berlin");
    await day.getByRole("button", { name: "Move the day" }).click();
    await expect(day.getByRole("status")).toHaveText("The release now comes out June 1, 2031 at 8:00 PM (Europe/Berlin).");
    const moved = Date.UTC(2031, 5, 1, 18, 0);
    const days = () =>
      withE2eDb((db) => db.selectFrom("songs").select(["released", "releaseAt"]).where("releaseId", "=", releaseId).execute());
    expect(await days()).toEqual([
      { released: 0, releaseAt: moved },
      { released: 0, releaseAt: moved },
    ]);
    // Fans see the new day on its countdown.
    const countdown = await page.request.get(`/music/${made.slug}`);
    expect(await countdown.text()).toContain("June 1, 2031");

    // A song joining it in the wizard is told, and takes the day.
    await page.goto(DASHBOARD_PATH);
    await page.getByRole("button", { name: "Add New Song" }).click();
    const wizard = page.getByRole("form", { name: "Add New Song" });
    await wizard.locator('input[type="file"]').setInputFiles({
      name: "take.wav",
      mimeType: "audio/wav",
      buffer: synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 }),
    });
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard
      .locator('input[type="file"]')
      .setInputFiles({ name: "c.png", mimeType: "image/png", buffer: await coverPng("Tide", ["#222", "#0e7490"], 300) });
    await wizard.getByRole("button", { name: "Next" }).click();
    const title = `Tide Tables ${made.tag}`;
    await wizard.getByRole("textbox", { name: "Title" }).fill(title);
    await wizard.getByRole("combobox", { name: "Part of" }).selectOption({ label: `${made.title} (EP)` });
    await expect(wizard.getByRole("note")).toContainText(`It comes out with "${made.title}" on June 1, 2031 at 8:00 PM (Europe/Berlin)`);
    await expect(wizard.getByRole("group", { name: "When does it come out?" })).toHaveCount(0);
    await wizard.getByRole("button", { name: "Add Song" }).click();
    await expect(wizard.getByRole("status")).toHaveText("Song uploaded successfully! 🎉");
    made.songIds.push(await songIdOf(title));
    expect(await days()).toHaveLength(3);
    expect((await days()).every((row) => row.released === 0 && row.releaseAt === moved)).toBe(true);
    await page.context().clearCookies();
    expect((await page.request.get(`/music/${made.slug}/tide-tables-${made.tag}`)).status()).toBe(200);
    expect(await (await page.request.get("/music")).text()).not.toContain(title);

    // Release now: the whole release, after a second yes.
    await signInAsAdmin(page);
    await page.goto(editorOf(releaseId));
    await page.getByText("Release it now", { exact: true }).click();
    await page.getByRole("button", { name: "Yes, release it now" }).click();
    await expect(page.getByRole("status").filter({ hasText: "is out now" })).toHaveText(`"${made.title}" is out now`);
    await expect(page.getByRole("region", { name: "Release day" })).toHaveCount(0);
    expect((await days()).every((row) => row.released === 1)).toBe(true);
    await page.goto(`/music/${made.slug}`);
    await expect(page.getByRole("region", { name: "Tracklist" }).getByRole("listitem")).toHaveCount(3);
  });
});
