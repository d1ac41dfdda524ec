// The marks' drawings stay on the server: pages refer to them in one small SVG
// file (/social-marks.svg), so no page's JavaScript carries ~9 KB of paths.
// Named imports only: simple-icons' ES module exports each mark as its own
// constant, so the bundle keeps these few paths and drops the other ~3,000.
import {
  siApplemusic,
  siBandcamp,
  siBluesky,
  siDeezer,
  siFacebook,
  siInstagram,
  siPatreon,
  siSoundcloud,
  siSpotify,
  siThreads,
  siTidal,
  siTiktok,
  siTwitch,
  siX,
  siYoutube,
} from "simple-icons";
import type { SocialPlatform } from "./social-platforms.ts";

/** A single-colour mark on a 24×24 box. */
type Mark = { path: string };

// Drawn here (not brands): a globe for a website, an envelope for e-mail.
const website: Mark = {
  path: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.95a15.7 15.7 0 0 0-1.38-3.56A8.03 8.03 0 0 1 18.9 8ZM12 4.04A14 14 0 0 1 13.9 8h-3.8A14 14 0 0 1 12 4.04ZM4.26 14a8.2 8.2 0 0 1 0-4h3.38a16.5 16.5 0 0 0 0 4H4.26Zm.84 2h2.95c.32 1.25.78 2.45 1.38 3.56A8 8 0 0 1 5.1 16Zm2.95-8H5.1a8 8 0 0 1 4.33-3.56C8.83 5.55 8.37 6.75 8.05 8ZM12 19.96A14 14 0 0 1 10.1 16h3.8A14 14 0 0 1 12 19.96ZM14.34 14H9.66a14.7 14.7 0 0 1 0-4h4.68a14.7 14.7 0 0 1 0 4Zm.25 5.56A15.7 15.7 0 0 0 15.95 16h2.95a8.03 8.03 0 0 1-4.33 3.56ZM16.36 14a16.5 16.5 0 0 0 0-4h3.38a8.2 8.2 0 0 1 0 4h-3.38Z",
};
const email: Mark = {
  path: "M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 3.24V17h16V8.24l-8 5.6-8-5.6ZM19.1 7H4.9l7.1 4.97L19.1 7Z",
};

/** The platforms' own marks (simple-icons, CC0); none for those `hasMark` refuses. */
const MARKS: Partial<Record<SocialPlatform, Mark>> = {
  spotify: siSpotify,
  "apple-music": siApplemusic,
  youtube: siYoutube,
  instagram: siInstagram,
  tiktok: siTiktok,
  facebook: siFacebook,
  x: siX,
  bluesky: siBluesky,
  threads: siThreads,
  bandcamp: siBandcamp,
  soundcloud: siSoundcloud,
  tidal: siTidal,
  deezer: siDeezer,
  twitch: siTwitch,
  patreon: siPatreon,
  website,
  email,
};

/** An SVG file of `platforms`' marks, each a `<symbol>` whose id is the platform's. */
export function marksSprite(platforms: readonly SocialPlatform[]): string {
  const symbols = platforms.flatMap((id) => {
    const mark = MARKS[id];
    return mark ? [`<symbol id="${id}" viewBox="0 0 24 24"><path d="${mark.path}"/></symbol>`] : [];
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>`;
}
