// npm run demo: fills an empty site with three demo songs (audio and covers
// generated here), the newest marked latest, so a newcomer sees it working.
import { existsSync } from "node:fs";
import { Readable } from "node:stream";
import { createCoverVariants } from "#app/features/songs/cover-variants.server.ts";
import { createSong, listSongs, setLatestSong } from "#app/features/songs/songs.server.ts";
import { markPendingUpload } from "#app/features/songs/uploads.server.ts";
import { createServices } from "#app/lib/services.server.ts";
import { coverPng, synthWav } from "./media/synth.ts";

const DEMO_SONGS = [
  {
    title: "Riverside Hymn",
    colors: ["#0f766e", "#1e3a8a"],
    chords: [
      [57, 60, 64],
      [53, 57, 60],
      [48, 52, 55],
      [55, 59, 62],
    ],
    bpm: 84,
  },
  {
    title: "Kitchen Table",
    colors: ["#a16207", "#7c2d12"],
    chords: [
      [60, 64, 67],
      [57, 60, 64],
      [53, 57, 60],
      [55, 59, 62],
    ],
    bpm: 96,
  },
  {
    title: "Paper Boats",
    colors: ["#be123c", "#4c1d95"],
    chords: [
      [62, 65, 69],
      [58, 62, 65],
      [60, 64, 67],
      [57, 60, 64],
    ],
    bpm: 108,
  },
] as const;

if (existsSync(".env")) process.loadEnvFile(".env");
const services = await createServices();
try {
  if ((await listSongs(services)).length > 0) {
    console.log("This site already has songs; the demo adds songs only to an empty site.");
  } else {
    let latestId = "";
    for (const demo of DEMO_SONGS) {
      const seconds = 24;
      const slug = demo.title.toLowerCase().replace(/\W+/g, "-");
      const wav = synthWav({ seconds, chords: demo.chords.map((c) => [...c]), bpm: demo.bpm });
      const audio = await services.storage.put("music", `${slug}.wav`, Readable.from(wav));
      const cover = await services.storage.put("covers", `${slug}.png`, Readable.from(await coverPng(demo.title, [...demo.colors])));
      await createCoverVariants(services.storage, cover.key);
      await markPendingUpload(services, audio.key);
      await markPendingUpload(services, cover.key);
      const created = await createSong(services, {
        title: demo.title,
        audioKey: audio.key,
        coverKey: cover.key,
        durationMs: seconds * 1000,
        streamingLinks: { spotify: "https://open.spotify.com/", youtube: "https://www.youtube.com/" },
      });
      if (!created.success) throw new Error(created.error);
      latestId = created.id;
      console.log(`Added "${demo.title}"`);
      // Distinct creation times keep the newest-first order stable.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const latest = await setLatestSong(services, latestId);
    if (!latest.success) throw new Error(latest.error);
    console.log(`"${DEMO_SONGS.at(-1)?.title}" is the latest release. Start the site with npm start.`);
  }
} finally {
  await services.close();
}
