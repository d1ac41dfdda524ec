// Issue #34 as an artist meets it with a real master: a 45 MB WAV (four
// minutes of CD-like stereo) goes through Add New Song, the library shows how
// far its preparing for streaming has come, it comes out on its own, and fans
// hear its rendition while the master stays off the site.
import { randomUUID } from "node:crypto";
import { coverPng, pcmWav } from "../../scripts/media/synth.ts";
import { DASHBOARD_PATH, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { deleteSongRows, songPathOf, withE2eDb } from "./support/db.ts";
import { expect, test } from "./support/fixtures.ts";
import { audioState } from "./support/player.ts";
import { E2E_URL } from "./support/server-env.ts";
import { deleteStoredKeys, storedKeys } from "./support/storage.ts";

const MASTER_BYTES = 45 * 1024 * 1024;

/** A 16-bit stereo WAV at 48 kHz of `bytes`: a slowly swelling chord, different in each ear. */
function stereoMaster(bytes: number): Buffer {
  const rate = 48_000;
  const frames = Math.floor((bytes - 44) / 4);
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    const t = i / rate;
    const swell = 0.55 + 0.4 * Math.sin(2 * Math.PI * 0.1 * t);
    const left = Math.sin(2 * Math.PI * 220 * t) + 0.6 * Math.sin(2 * Math.PI * 330 * t);
    const right = Math.sin(2 * Math.PI * 277 * t) + 0.6 * Math.sin(2 * Math.PI * 415 * t);
    data.writeInt16LE(Math.round(left * swell * 12_000), i * 4);
    data.writeInt16LE(Math.round(right * swell * 12_000), i * 4 + 2);
  }
  return pcmWav(data, { sampleRate: rate, channels: 2 });
}

test.describe("a large master", () => {
  const title = `Long Take ${randomUUID().slice(0, 4)}`;
  let songId = "";
  let keys: string[] = [];
  test.afterAll(async () => {
    if (songId) await withE2eDb((db) => deleteSongRows(db, [songId]));
    await deleteStoredKeys((await storedKeys()).filter((key) => keys.some((made) => key.startsWith(made))));
  });

  test("a 45 MB WAV goes through Add New Song, shows its preparing progress, comes out, and fans hear its rendition, never it", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const master = stereoMaster(MASTER_BYTES);
    await signInAsAdmin(page);
    await page.goto(DASHBOARD_PATH);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add New Song" }).click();
    const wizard = page.getByRole("form", { name: "Add New Song" });
    await wizard.locator('input[type="file"]').setInputFiles({ name: "long-take.wav", mimeType: "audio/wav", buffer: master });
    await expect(wizard.getByTestId("chosen-file")).toContainText("long-take.wav");
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard
      .locator('input[type="file"]')
      .setInputFiles({ name: "long-take.png", mimeType: "image/png", buffer: await coverPng("Long Take", ["#1c1917", "#f97316"], 600) });
    await expect(wizard.getByRole("img", { name: "Chosen cover art" })).toBeVisible();
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.getByLabel("Title").fill(title);
    await wizard.getByRole("button", { name: "Add Song" }).click();
    await expect(wizard.getByText("Song uploaded successfully! 🎉")).toBeVisible({ timeout: 90_000 });

    const row = await withE2eDb((db) =>
      db.selectFrom("songs").select(["id", "audioKey", "coverKey"]).where("title", "=", title).executeTakeFirstOrThrow(),
    );
    songId = row.id;
    keys = [row.audioKey, row.coverKey];
    // The library shows how far the work has come, then the song comes out with no reload.
    const card = page.getByRole("listitem").filter({ hasText: title });
    const bar = card.getByRole("progressbar", { name: "Prepared for streaming so far" });
    await expect(bar).toBeVisible({ timeout: 60_000 });
    expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThan(100);
    await expect(card.getByTestId("song-streaming")).toHaveCount(0, { timeout: 180_000 });

    // Fans: the master is not there for them; its rendition plays.
    expect((await fetch(`${E2E_URL}/media/${row.audioKey}`)).status).toBe(404);
    await page.context().clearCookies();
    await page.goto(await songPathOf(songId));
    await waitForHydration(page);
    await page
      .getByRole("region", { name: `Player for ${title}` })
      .getByRole("button", { name: `Play ${title}`, exact: true })
      .click();
    await expect.poll(async () => (await audioState(page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(0.3);
    expect((await audioState(page)).src.endsWith(`/media/${row.audioKey}.stream.weba`)).toBe(true);
  });
});
