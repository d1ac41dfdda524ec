// What the player's browser tests share: where the players are, the site's one
// <audio> element's state, and the steps of opening and playing.
import { expect, type Locator, type Page } from "./fixtures.ts";
import { waitForHydration } from "./browser.ts";

/**
 * What fans are served of a demo song (music/<ms>_<slug>.mp3): one of its
 * streaming renditions, never the upload (decision 026). Opus where the
 * browser plays it, as Chromium does; the MP3 every browser plays where the
 * page started it before the player took over (an early tap).
 */
export const audioFile = (title: string) =>
  new RegExp(`/media/music/\\d+_${title.toLowerCase().replace(/\W+/g, "-")}\\.mp3\\.stream\\.(weba|mp3)$`);

export const homePlayer = (page: Page) => page.getByRole("region", { name: "Latest Music player" });
export const musicPlayer = (page: Page) => page.getByRole("region", { name: "Current Releases player" });

/** The site's <audio> element playing the current song (the player's two take turns, for gapless play). */
export const siteAudio = (page: Page) => page.locator("audio[data-site-audio]");

type AudioState = { currentTime: number; paused: boolean; loop: boolean; muted: boolean; volume: number; src: string };
export function audioState(page: Page): Promise<AudioState> {
  return siteAudio(page).evaluate((node) => {
    const audio = node as HTMLAudioElement;
    return {
      currentTime: audio.currentTime,
      paused: audio.paused,
      loop: audio.loop,
      muted: audio.muted,
      volume: audio.volume,
      src: audio.src,
    };
  });
}
export const currentTime = async (page: Page) => (await audioState(page)).currentTime;

/** Opens `path`, waits for React and for the player's track list. */
export async function openPlayer(page: Page, path: string, player: (page: Page) => Locator): Promise<Locator> {
  await page.goto(path);
  await waitForHydration(page);
  const region = player(page);
  const tracks = region.getByRole("list", { name: "Tracks" }).getByRole("button");
  await expect(tracks).toHaveCount(3);
  // The player streams in after the header; wait until React owns its buttons too.
  await expect.poll(() => tracks.first().evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$")))).toBe(true);
  return region;
}

/** Presses Play on `title` in `region` and waits until the audio really advances. */
export async function startPlaying(page: Page, region: Locator, title: string) {
  await region.getByRole("button", { name: `Play ${title}`, exact: true }).click();
  await expect(region.getByRole("button", { name: `Pause ${title}`, exact: true })).toBeVisible();
  await expect.poll(() => currentTime(page), { message: "audio currentTime advances" }).toBeGreaterThan(0.3);
}

export async function pauseAndSettle(page: Page, region: Locator, title: string) {
  await region.getByRole("button", { name: `Pause ${title}`, exact: true }).click();
  await expect(region.getByRole("button", { name: `Play ${title}`, exact: true })).toBeVisible();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
}
