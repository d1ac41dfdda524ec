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
import { siteAudio } from "./support/player.ts";
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

type Heard = { seconds: number; longestSilenceMs: number; silenceAtS: number };

test.describe("gapless play", () => {
  const ids: string[] = [];
  const keys: string[] = [];
  test.afterAll(async () => {
    if (ids.length > 0) await withE2eDb((db) => deleteSongRows(db, ids));
    await deleteStoredKeys((await storedKeys()).filter((key) => keys.some((made) => key.startsWith(made))));
  });

  test("on a slow connection, the next track is ready before the last one ends: two halves of one tone meet with no wait", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const tag = randomUUID().slice(0, 4);
    const titles = [`Tone Rise ${tag}`, `Tone Fall ${tag}`];
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
    const slug = await withE2eDb(
      async (db) => (await db.selectFrom("releases").select("slug").where("id", "=", releaseId).executeTakeFirstOrThrow()).slug,
    );

    // Every byte of music reaches this fan late, as on a phone far from a mast.
    await page.route("**/media/music/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
      await route.continue();
    });
    await page.goto(releasePath(slug));
    await waitForHydration(page);
    // Everything the page's audio elements play goes through a recorder on its way out; the fan's
    // tap on Play is the gesture that lets it start. Large blocks, so a busy page drops nothing.
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
      const heard = (): { seconds: number; longestSilenceMs: number; silenceAtS: number } => {
        const all = new Float32Array(blocks.reduce((length, block) => length + block.length, 0));
        let offset = 0;
        for (const block of blocks) {
          all.set(block, offset);
          offset += block.length;
        }
        const peak = all.reduce((max, sample) => Math.max(max, Math.abs(sample)), 0);
        const first = all.findIndex((sample) => Math.abs(sample) > peak / 2);
        let last = all.length - 1;
        while (last > first && Math.abs(all[last] ?? 0) <= peak / 2) last--;
        // A sine is near zero only for a few microseconds at each crossing: longer than that is silence.
        let longest = 0;
        let run = 0;
        let at = first;
        for (let i = first; i <= last; i++) {
          run = Math.abs(all[i] ?? 0) < peak / 20 ? run + 1 : 0;
          if (run > longest) [longest, at] = [run, i];
        }
        return {
          seconds: (last - first) / context.sampleRate,
          longestSilenceMs: (longest / context.sampleRate) * 1000,
          silenceAtS: (at - first) / context.sampleRate,
        };
      };
      Object.assign(window, { heard });
    });

    const player = page.getByRole("region", { name: `Player for ${titles[0]}` });
    await player.getByRole("button", { name: `Play ${titles[0]}`, exact: true }).click();
    // The second track takes over on the player's other element, and is heard to its end.
    await expect(player.getByRole("button", { name: `Pause ${titles[1]}`, exact: true })).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => siteAudio(page).evaluate((audio: HTMLAudioElement) => audio.ended), { timeout: 15_000 }).toBe(true);
    const heard = await page.evaluate(() => (window as unknown as { heard: () => Heard }).heard());
    // Both halves, whole: six seconds of tone.
    expect(heard.seconds).toBeGreaterThan(2 * HALF_SECONDS - 0.1);
    // The second was loaded while the first played: where they meet, no wait for the network, only
    // the moment one element hands over to the other (a join of a few milliseconds; with no gap at
    // all once one stream carries both: issue #34).
    expect(
      heard.longestSilenceMs,
      `longest silence ${heard.longestSilenceMs.toFixed(1)} ms at ${heard.silenceAtS.toFixed(3)} s`,
    ).toBeLessThan(30);
  });
});
