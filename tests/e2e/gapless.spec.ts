// Issue #34, gapless play: two tracks of one record, cut from one unbroken
// tone, play back to back, the next loaded while the first plays, as a live
// album or a DJ mix needs. The page's audio is listened to as it plays (both
// of the player's elements routed into a recorder), and the longest silence
// between the tone's first and last sound is measured.
import { randomUUID } from "node:crypto";
import { releasePath } from "#app/domain/public-paths.ts";
import { coverPng, pcmWav } from "../../scripts/media/synth.ts";
import { waitForHydration } from "./support/browser.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { deleteSongRows, renditionsOf, withE2eDb } from "./support/db.ts";
import { expect, test } from "./support/fixtures.ts";
import { audioState, siteAudio } from "./support/player.ts";
import { deleteStoredKeys, storedKeys } from "./support/storage.ts";

const RATE = 48_000;
const HALF_SECONDS = 3;
const LATENCY_MS = 800;

/** One 440 Hz tone, unbroken, cut at a sample into its two halves: joined again, there is no seam. */
function toneHalves(): [Buffer, Buffer] {
  const samples = Buffer.alloc(2 * HALF_SECONDS * RATE * 2);
  for (let i = 0; i < 2 * HALF_SECONDS * RATE; i++)
    samples.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / RATE) * 12_000), i * 2);
  const cut = HALF_SECONDS * RATE * 2;
  return [
    pcmWav(samples.subarray(0, cut), { sampleRate: RATE, channels: 1 }),
    pcmWav(samples.subarray(cut), { sampleRate: RATE, channels: 1 }),
  ];
}

type Heard = { seconds: number; longestSilenceMs: number; silenceAtS: number; loudestToLevel: number };

test.describe("gapless play", () => {
  const ids: string[] = [];
  const keys: string[] = [];
  test.afterAll(async () => {
    if (ids.length > 0) await withE2eDb((db) => deleteSongRows(db, ids));
    await deleteStoredKeys((await storedKeys()).filter((key) => keys.some((made) => key.startsWith(made))));
  });

  const tag = randomUUID().slice(0, 4);
  const titles = [`Tone Rise ${tag}`, `Tone Fall ${tag}`];
  let slug = "";
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await browser.newPage();
    await signInAsAdmin(page);
    const cover = await page.request.post("/api/uploads/cover?name=tone.png", {
      data: await coverPng("Tone", ["#0b1320", "#38bdf8"], 300),
      headers: { "content-type": "image/png" },
    });
    const coverKey = ((await cover.json()) as { key: string }).key;
    keys.push(coverKey);
    let releaseId = "";
    const halves = toneHalves();
    for (const [i, title] of titles.entries()) {
      const audio = await page.request.post(`/api/uploads/audio?name=tone-${i + 1}.wav`, {
        data: halves[i],
        headers: { "content-type": "audio/wav" },
      });
      const audioKey = ((await audio.json()) as { key: string }).key;
      keys.push(audioKey);
      const created = await page.request.post("/api/songs", {
        form: { intent: "create-song", title, audioKey, ...(releaseId ? { releaseId, releaseCover: "on" } : { coverKey }) },
      });
      expect(created.status(), await created.text()).toBe(200);
      const id = ((await created.json()) as { id: string }).id;
      ids.push(id);
      await renditionsOf(audioKey);
      releaseId ||= await withE2eDb(
        async (db) => (await db.selectFrom("songs").select("releaseId").where("id", "=", id).executeTakeFirstOrThrow()).releaseId,
      );
    }
    slug = await withE2eDb(
      async (db) => (await db.selectFrom("releases").select("slug").where("id", "=", releaseId).executeTakeFirstOrThrow()).slug,
    );
    await page.close();
  });

  const ways = [
    { way: "with no gap and no click: one stream, where the browser has MediaSource", mediaSource: true, longestSilenceMs: 2 },
    { way: "with no wait: two elements taking turns, where it has not (older iPhones)", mediaSource: false, longestSilenceMs: 200 },
  ];
  for (const { way, mediaSource, longestSilenceMs } of ways) {
    test(`on a slow connection, two tracks of a record cut from one tone meet ${way}`, async ({ page }) => {
      test.setTimeout(60_000);
      if (!mediaSource) await page.addInitScript(() => Reflect.deleteProperty(window, "MediaSource"));
      // Every byte of music reaches this fan late, as on a phone far from a mast.
      await page.route("**/media/music/**", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
        await route.continue();
      });
      await page.goto(releasePath(slug));
      await waitForHydration(page);
      // Everything the page's audio elements play goes through a recorder on its way out. Large
      // blocks, so a busy page drops nothing.
      await page.evaluate(() => {
        const context = new AudioContext();
        const recorder = context.createScriptProcessor(16_384, 1, 1);
        const blocks: Float32Array[] = [];
        recorder.onaudioprocess = (event) => {
          blocks.push(new Float32Array(event.inputBuffer.getChannelData(0)));
          event.outputBuffer.getChannelData(0).set(event.inputBuffer.getChannelData(0));
        };
        for (const audio of document.querySelectorAll("audio")) context.createMediaElementSource(audio).connect(recorder);
        recorder.connect(context.destination);
        document.addEventListener("click", () => void context.resume(), { capture: true, once: true });
        const heard = (): Heard => {
          const all = new Float32Array(blocks.reduce((length, block) => length + block.length, 0));
          let offset = 0;
          for (const block of blocks) {
            all.set(block, offset);
            offset += block.length;
          }
          // The tone's level: the middle one of the peaks of each 10 ms, whatever a click may reach.
          const window = Math.round(context.sampleRate / 100);
          const peaks: number[] = [];
          for (let i = 0; i + window <= all.length; i += window) {
            let peak = 0;
            for (let j = i; j < i + window; j++) peak = Math.max(peak, Math.abs(all[j] ?? 0));
            if (peak > 0.01) peaks.push(peak);
          }
          const level = peaks.sort((a, b) => a - b)[Math.floor(peaks.length / 2)] ?? 0;
          const first = all.findIndex((sample) => Math.abs(sample) > level / 2);
          let last = all.length - 1;
          while (last > first && Math.abs(all[last] ?? 0) <= level / 2) last--;
          // A sine is near zero only for a few microseconds at each crossing: longer than that is silence.
          let longest = 0;
          let run = 0;
          let at = first;
          let loudest = 0;
          for (let i = first; i <= last; i++) {
            const sample = Math.abs(all[i] ?? 0);
            loudest = Math.max(loudest, sample);
            run = sample < level / 20 ? run + 1 : 0;
            if (run > longest) [longest, at] = [run, i];
          }
          return {
            seconds: (last - first) / context.sampleRate,
            longestSilenceMs: (longest / context.sampleRate) * 1000,
            silenceAtS: (at - first) / context.sampleRate,
            loudestToLevel: level > 0 ? loudest / level : 0,
          };
        };
        Object.assign(window, { heard, listening: () => context.state === "running" });
      });
      // A first tap anywhere on the page lets the recorder start before the music does.
      await page.getByRole("heading", { level: 1 }).click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { listening: () => boolean }).listening())).toBe(true);

      const player = page.getByRole("region", { name: `Player for ${titles[0]}` });
      await player.getByRole("button", { name: `Play ${titles[0]}`, exact: true }).click();
      // The second track follows, and is heard to its end.
      await expect(player.getByRole("button", { name: `Pause ${titles[1]}`, exact: true })).toBeVisible({ timeout: 15_000 });
      await expect.poll(() => siteAudio(page).evaluate((audio: HTMLAudioElement) => audio.ended), { timeout: 15_000 }).toBe(true);
      // The recorder hands over what it heard a block (a third of a second) at a time: the last block
      // may still be on its way when the element says it has ended.
      const listen = () => page.evaluate(() => (window as unknown as { heard: () => Heard }).heard());
      await expect.poll(async () => (await listen()).seconds, { timeout: 5_000 }).toBeGreaterThan(2 * HALF_SECONDS - 0.1);
      const heard = await listen();
      const said = `longest silence ${heard.longestSilenceMs.toFixed(2)} ms at ${heard.silenceAtS.toFixed(3)} s, loudest ${heard.loudestToLevel.toFixed(2)} times the tone`;
      // Both halves, whole: six seconds of tone.
      expect(heard.seconds, said).toBeGreaterThan(2 * HALF_SECONDS - 0.1);
      // The second was loaded while the first played: where they meet, no wait for the network (each
      // request takes 800 ms). As one stream, no gap at all (a sine is that quiet only at its
      // crossings); on two elements, the moment one hands over to the other: about one audio buffer,
      // more when the machine is busy. Never louder than the tone: no click.
      expect(heard.longestSilenceMs, said).toBeLessThan(longestSilenceMs);
      expect(heard.loudestToLevel, said).toBeLessThan(1.15);
      expect(await siteAudio(page).evaluate((audio: HTMLAudioElement) => audio.src.startsWith("blob:"))).toBe(mediaSource);
    });
  }
  test("in a record's stream each track keeps its own time: the seek bar shows the track's, moves within it, and Loop repeats that track alone", async ({
    page,
  }) => {
    await page.goto(releasePath(slug));
    await waitForHydration(page);
    const player = page.getByRole("region", { name: `Player for ${titles[0]}` });
    const seek = player.getByRole("slider", { name: "Seek" });
    await player.getByRole("button", { name: `Play ${titles[0]}`, exact: true }).click();
    await expect(player.getByRole("button", { name: `Pause ${titles[1]}`, exact: true })).toBeVisible({ timeout: 15_000 });
    // The second track's own clock: three seconds long, and near its start, not six seconds in.
    await expect(seek).toHaveAttribute("max", String(HALF_SECONDS));
    expect(Number(await seek.inputValue())).toBeLessThan(HALF_SECONDS);
    expect(await siteAudio(page).evaluate((audio: HTMLAudioElement) => audio.src.startsWith("blob:"))).toBe(true);
    // Home goes to the start of this track, not of the record.
    await seek.focus();
    await page.keyboard.press("Home");
    await expect(player.getByRole("button", { name: `Pause ${titles[1]}`, exact: true })).toBeVisible();
    expect(Number(await seek.inputValue())).toBeLessThan(1);

    // Previous goes back a track; Loop then plays it again and again, never on into the next.
    await player.getByRole("button", { name: "Previous song" }).click();
    await expect(player.getByRole("button", { name: `Pause ${titles[0]}`, exact: true })).toBeVisible();
    await player.getByRole("button", { name: "Loop" }).click();
    await page.waitForTimeout((HALF_SECONDS + 1.5) * 1000);
    await expect(player.getByRole("button", { name: `Pause ${titles[0]}`, exact: true })).toBeVisible();
    expect(Number(await seek.inputValue())).toBeLessThan(HALF_SECONDS);
  });

  test("a record's stream that cannot be fetched plays file by file instead, on into the next track", async ({ page }) => {
    // The stream fetches each MP3 rendition; here every such fetch fails, as a bucket without CORS would.
    await page.route("**/*.stream.mp3", (route) => (route.request().resourceType() === "fetch" ? route.abort() : route.continue()));
    await page.goto(releasePath(slug));
    await waitForHydration(page);
    const player = page.getByRole("region", { name: `Player for ${titles[0]}` });
    await player.getByRole("button", { name: `Play ${titles[0]}`, exact: true }).click();
    await expect.poll(async () => (await audioState(page)).currentTime, { timeout: 10_000 }).toBeGreaterThan(0.3);
    expect((await audioState(page)).src).toMatch(/\.stream\.(weba|mp3)$/);
    await expect(player.getByRole("button", { name: `Pause ${titles[1]}`, exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(player.getByRole("alert")).toHaveCount(0);
  });
});
