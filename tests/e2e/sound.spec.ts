// Issue #34 as a fan hears it: a master mastered loud plays brought down
// toward −14 LUFS, a fan's switch turns that off (and is remembered), and the
// seek bar draws the track's waveform while staying the slider it was.
import { randomUUID } from "node:crypto";
import { embedPath } from "#app/domain/public-paths.ts";
import { coverPng, pcmWav } from "../../scripts/media/synth.ts";
import { waitForHydration } from "./support/browser.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { deleteSongRows, renditionsOf, songPathOf, withE2eDb } from "./support/db.ts";
import { expect, test, type Page } from "./support/fixtures.ts";
import { siteAudio } from "./support/player.ts";
import { deleteStoredKeys, storedKeys } from "./support/storage.ts";

/** A mono 16-bit WAV at 44.1 kHz: a chord driven into full scale, as a master pushed for loudness is. */
function loudWav(seconds: number): Buffer {
  const rate = 44_100;
  const data = Buffer.alloc(seconds * rate * 2);
  for (let i = 0; i < seconds * rate; i++) {
    const t = i / rate;
    const chord = Math.sin(2 * Math.PI * 220 * t) + Math.sin(2 * Math.PI * 277 * t) + Math.sin(2 * Math.PI * 330 * t);
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, chord * 1.5)) * 32_000), i * 2);
  }
  return pcmWav(data, { sampleRate: rate, channels: 1 });
}

/** The site's one <audio>: its volume (the fan's times the song's gain) and the gain it plays at. */
const audioLevel = (page: Page) =>
  siteAudio(page).evaluate((node) => {
    const audio = node as HTMLAudioElement;
    return { volume: audio.volume, gainDb: Number(audio.dataset.gainDb), paused: audio.paused };
  });

test.describe("sound", () => {
  let songId = "";
  let audioKey = "";
  let coverKey = "";
  const title = `Brickwall ${randomUUID().slice(0, 4)}`;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await browser.newPage();
    await signInAsAdmin(page);
    const audio = await page.request.post("/api/uploads/audio?name=brickwall.wav", {
      data: loudWav(6),
      headers: { "content-type": "audio/wav" },
    });
    const cover = await page.request.post("/api/uploads/cover?name=brickwall.png", {
      data: await coverPng("Brickwall", ["#0f172a", "#f59e0b"], 300),
      headers: { "content-type": "image/png" },
    });
    audioKey = ((await audio.json()) as { key: string }).key;
    coverKey = ((await cover.json()) as { key: string }).key;
    const created = await page.request.post("/api/songs", { form: { intent: "create-song", title, audioKey, coverKey } });
    expect(created.status(), await created.text()).toBe(200);
    songId = ((await created.json()) as { id: string }).id;
    await renditionsOf(audioKey);
    // Measured in the background too: its loudness gives its gain.
    await expect
      .poll(
        () =>
          withE2eDb(async (db) => (await db.selectFrom("audioFacts").select("audioKey").where("audioKey", "=", audioKey).execute()).length),
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
    await page.close();
  });

  test.afterAll(async () => {
    if (songId) await withE2eDb((db) => deleteSongRows(db, [songId]));
    // Its master, renditions, cover and the cover's variants.
    const made = (await storedKeys()).filter((key) => (audioKey && key.startsWith(audioKey)) || (coverKey && key.startsWith(coverKey)));
    await deleteStoredKeys(made);
  });

  /** Down to −14 LUFS, or further if its peak would otherwise pass −1 dBTP: the gain its measures call for. */
  async function expectedGainDb(): Promise<number> {
    const { loudnessLufs, truePeakDb } = await withE2eDb((db) =>
      db.selectFrom("audioFacts").select(["loudnessLufs", "truePeakDb"]).where("audioKey", "=", audioKey).executeTakeFirstOrThrow(),
    );
    expect(loudnessLufs).toBeGreaterThan(-9);
    return Math.min(-14 - Number(loudnessLufs), -1 - Number(truePeakDb));
  }

  test("a loud master plays brought down toward −14 LUFS; the fan's switch plays it as mastered, and is remembered", async ({ page }) => {
    const expectedDb = await expectedGainDb();

    await page.goto(await songPathOf(songId));
    await waitForHydration(page);
    const player = page.getByRole("region", { name: `Player for ${title}` });
    await player.getByRole("button", { name: `Play ${title}`, exact: true }).click();
    await expect.poll(async () => (await audioLevel(page)).paused).toBe(false);
    const levelled = await audioLevel(page);
    expect(levelled.gainDb).toBeCloseTo(expectedDb, 0);
    expect(levelled.volume).toBeCloseTo(10 ** (expectedDb / 20), 2);
    // The fan's own volume is untouched: the slider still says 100%.
    await expect(player.getByRole("slider", { name: "Volume" })).toHaveAttribute("aria-valuetext", "100%");

    const even = player.getByRole("button", { name: "Even loudness" });
    await expect(even).toHaveAttribute("aria-pressed", "true");
    await even.click();
    await expect(even).toHaveAttribute("aria-pressed", "false");
    await expect.poll(async () => (await audioLevel(page)).volume).toBe(1);

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("region", { name: `Player for ${title}` }).getByRole("button", { name: "Even loudness" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  test("the player other sites embed plays it brought down too, and as mastered once the fan turned that off on the site", async ({
    page,
  }) => {
    const expectedDb = await expectedGainDb();
    const embedVolume = () =>
      page.getByTestId("embed-audio").evaluate((audio: HTMLAudioElement) => ({ volume: audio.volume, paused: audio.paused }));
    await page.goto(embedPath(songId));
    await page.getByRole("button", { name: `Play ${title}`, exact: true }).click();
    await expect.poll(async () => (await embedVolume()).paused).toBe(false);
    expect((await embedVolume()).volume).toBeCloseTo(10 ** (expectedDb / 20), 2);

    // The switch on the site's own player is the fan's word for the embed on the same site too.
    await page.goto(await songPathOf(songId));
    await waitForHydration(page);
    await page
      .getByRole("region", { name: `Player for ${title}` })
      .getByRole("button", { name: "Even loudness" })
      .click();
    await page.goto(embedPath(songId));
    await page.getByRole("button", { name: `Play ${title}`, exact: true }).click();
    await expect.poll(async () => (await embedVolume()).paused).toBe(false);
    expect((await embedVolume()).volume).toBe(1);
  });

  test("the seek bar draws the track's waveform and is still the slider keys and screen readers use", async ({ page }) => {
    await page.goto(await songPathOf(songId));
    await waitForHydration(page);
    const player = page.getByRole("region", { name: `Player for ${title}` });
    const waveform = player.getByTestId("waveform");
    await expect(waveform).toBeVisible();
    expect(await waveform.locator("rect").count()).toBeGreaterThan(50);
    const seek = player.getByRole("slider", { name: "Seek" });
    await expect(seek).toHaveAttribute("aria-valuetext", "0:00 of 0:06");
    await seek.focus();
    await page.keyboard.press("End");
    await expect(seek).toHaveAttribute("aria-valuetext", "0:06 of 0:06");
  });
});
