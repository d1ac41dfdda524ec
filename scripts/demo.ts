// npm run demo: fills an empty site with an EP of three tracks (with lyrics,
// credits and notes) and a single, the latest release (audio and covers
// generated here); a site without photos with a hero, a portrait, a video
// poster and six press photos (drawn here too); a site without shows with a
// few shows around today; and a site without a press kit with one (its words,
// the photos' captions and credits, a technical rider made here as a PDF), so a
// newcomer sees it working. With --songs-only
// (the browser tests'): three singles, and nothing else.
import { existsSync } from "node:fs";
import { Readable } from "node:stream";
import { createCoverVariants } from "#app/features/songs/cover-variants.server.ts";
import { applyPhotoAction, listPhotos, savePhoto } from "#app/features/photos/photos.server.ts";
import { listPressFiles, storePressFileUpload } from "#app/features/press/press-files.server.ts";
import { siteSectionSchemas } from "#app/domain/site/site-config-schema.ts";
import { loadSiteSettingsState, saveSiteSection } from "#app/domain/site/site-settings.server.ts";
import { parseShowInput } from "#app/features/shows/schema.ts";
import { addShow, listShows } from "#app/features/shows/shows.server.ts";
import { createSong, getSong, listSongs, setLatestSong } from "#app/features/songs/songs.server.ts";
import { createRelease, releaseForEditing, updateReleaseDetails, updateTrackDetails } from "#app/features/releases/release-edit.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { markPendingUpload } from "#app/lib/uploads/store-upload.server.ts";
import { createServices } from "#app/services.server.ts";
import { toZonedLocal } from "#app/lib/time/zoned-time.ts";
import { stagePhoto, type StageScene } from "./media/stage-photos.ts";
import { onePagePdf } from "./media/one-page-pdf.ts";
import { coverPng, synthMp3 } from "./media/synth.ts";
import { finishAudioWork } from "#app/domain/audio-renditions.server.ts";
import { ffmpegPath } from "#app/lib/audio/ffmpeg.server.ts";

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

/** The third track of the full demo's EP. */
const DEMO_EP_EXTRA = [
  {
    title: "Night Ferry",
    colors: ["#1e293b", "#0e7490"],
    chords: [
      [50, 57, 62],
      [53, 57, 60],
      [55, 59, 62],
      [52, 55, 59],
    ],
    bpm: 72,
  },
] as const;

/** The full demo's EP: its notes and credits, and each track's words, credits and ISRC. */
const DEMO_EP = {
  title: "Low Tide",
  notes: [
    "Three songs written in a rented room above the harbour in Oban, the winter after the last tour.",
    "",
    "Recorded live to tape over two days at **Riverside Studio**, with the windows open. Thanks to everyone who came to the [kitchen shows](https://example.com/kitchen-shows) while these were still finding their shape.",
  ].join("\n"),
  credits: ["Produced by: Sam Okafor", "Mixed by: Ana Ruiz", "Mastered by: Teodor Lind", "Artwork by: Mira Holt"].join("\n"),
  tracks: [
    {
      lyrics: [
        "Down by the water the morning comes slow",
        "Carrying names that the river would know",
        "",
        "Sing me the hymn that the riverside sings",
        "Nothing is lost, it just changes its wings",
      ].join("\n"),
      syncedLyrics: [
        "[00:02.00]Down by the water the morning comes slow",
        "[00:07.50]Carrying names that the river would know",
        "[00:13.00]Sing me the hymn that the riverside sings",
        "[00:18.50]Nothing is lost, it just changes its wings",
      ].join("\n"),
      credits: ["Written by: Juniper Vale", "Featuring: Lila Moss"].join("\n"),
      isrc: "GB-LTD-26-00001",
    },
    {
      lyrics: [
        "Two cups and a candle, the radio low",
        "We planned every city we'd never go",
        "",
        "At the kitchen table the whole world fits",
        "Crumbs of a future and all of its bits",
      ].join("\n"),
      syncedLyrics: "",
      credits: ["Written by: Juniper Vale, Sam Okafor", "Cello: Ines Duarte"].join("\n"),
      isrc: "GB-LTD-26-00002",
    },
    {
      lyrics: ["Lights on the crossing, the engine's low hum", "I'll be on the night ferry, wait till I come"].join("\n"),
      syncedLyrics: "",
      credits: "Written by: Juniper Vale",
      isrc: "GB-LTD-26-00003",
    },
  ],
} as const;

type DemoPhoto = {
  slot: "hero" | "portrait" | "poster" | "press";
  name: string;
  alt: string;
  focal: [number, number];
  scene: Omit<StageScene, "seed">;
};

// Illustrations rather than photographs (nothing is downloaded), described as what they show.
const DEMO_PHOTOS: DemoPhoto[] = [
  {
    slot: "hero",
    name: "hero-amber-stage.jpg",
    alt: "Illustration: Juniper Vale in silhouette, singing into a microphone under amber and magenta stage lights",
    focal: [68, 30],
    scene: { width: 2400, height: 1350, pose: "mic", x: 0.68, scale: 0.95, colors: ["#12060f", "#3b0a2e", "#f59e0b", "#db2777"] },
  },
  {
    slot: "portrait",
    name: "portrait-teal.jpg",
    alt: "Illustration: Juniper Vale in profile, head and shoulders, her long hair lit gold against a teal backdrop",
    focal: [50, 32],
    scene: { width: 1200, height: 1500, pose: "portrait", x: 0.5, scale: 0.9, colors: ["#04141a", "#0f3d45", "#fbbf24", "#14b8a6"] },
  },
  {
    slot: "poster",
    name: "poster-blue-crowd.jpg",
    alt: "Illustration: Juniper Vale with a guitar on a blue-lit stage, the crowd's heads in the foreground",
    focal: [50, 40],
    scene: {
      width: 1920,
      height: 1080,
      pose: "guitar",
      x: 0.5,
      scale: 0.8,
      colors: ["#030712", "#172554", "#60a5fa", "#a855f7"],
      crowd: true,
    },
  },
  {
    slot: "press",
    name: "press-violet-guitar.jpg",
    alt: "Illustration: Juniper Vale playing guitar under violet spotlights",
    focal: [50, 35],
    scene: { width: 1600, height: 2000, pose: "guitar", x: 0.5, scale: 0.72, colors: ["#0c0616", "#3b1460", "#c084fc", "#f472b6"] },
  },
  {
    slot: "press",
    name: "press-red-club.jpg",
    alt: "Illustration: Juniper Vale at the microphone in a small club, red light and a crowd below the stage",
    focal: [40, 35],
    scene: {
      width: 2000,
      height: 1333,
      pose: "mic",
      x: 0.4,
      scale: 0.85,
      colors: ["#140404", "#4c0d0d", "#f87171", "#fb923c"],
      crowd: true,
    },
  },
  {
    slot: "press",
    name: "press-rose-portrait.jpg",
    alt: "Illustration: a close portrait of Juniper Vale in profile against a soft rose backdrop",
    focal: [50, 35],
    scene: { width: 1500, height: 1500, pose: "portrait", x: 0.45, scale: 0.92, colors: ["#1a0710", "#5b1a35", "#fda4af", "#f9a8d4"] },
  },
  {
    slot: "press",
    name: "press-green-festival.jpg",
    alt: "Illustration: Juniper Vale singing on a festival stage washed in green and yellow light",
    focal: [60, 35],
    scene: { width: 2000, height: 1333, pose: "mic", x: 0.6, scale: 0.8, colors: ["#04120a", "#0f3b24", "#a3e635", "#facc15"] },
  },
  {
    slot: "press",
    name: "press-blue-portrait.jpg",
    alt: "Illustration: Juniper Vale in profile, lit from behind in cool blue",
    focal: [50, 35],
    scene: { width: 1500, height: 1875, pose: "portrait", x: 0.52, scale: 0.85, colors: ["#020617", "#1e293b", "#7dd3fc", "#6366f1"] },
  },
  {
    slot: "press",
    name: "press-gold-acoustic.jpg",
    alt: "Illustration: Juniper Vale with an acoustic guitar in a warm golden spotlight",
    focal: [45, 35],
    scene: { width: 2000, height: 1500, pose: "guitar", x: 0.45, scale: 0.85, colors: ["#140d02", "#452a06", "#fcd34d", "#fb923c"] },
  },
];

/** Adds the demo photos to a site that has none. */
async function addDemoPhotos(services: Awaited<ReturnType<typeof createServices>>): Promise<void> {
  const photos = await listPhotos(services);
  if (photos.hero || photos.portrait || photos.poster || photos.press.length > 0) {
    console.log("This site already has photos; the demo adds photos only to a site without any.");
    return;
  }
  let seed = 1;
  for (const demo of DEMO_PHOTOS) {
    const stored = await services.storage.put("photos", demo.name, Readable.from(await stagePhoto({ ...demo.scene, seed: seed++ })));
    await markPendingUpload(services, stored.key);
    const saved = await savePhoto(services, stored.key, { slot: demo.slot, alt: demo.alt, focalX: demo.focal[0], focalY: demo.focal[1] });
    if (!saved.ok) throw new Error(saved.error);
    console.log(`Added the ${demo.slot} photo "${demo.name}"`);
  }
}

/** The press photos' captions and credits, in their order. */
const DEMO_PRESS_LINES = [
  { caption: "Live at the Bluebird Room", credit: "Ana Ruiz" },
  { caption: "Late show, Harbour Club", credit: "Tomás Okafor" },
  { caption: "Portrait, spring tour", credit: "Ana Ruiz" },
  { caption: "Riverside Festival, main stage", credit: "Mira Lindqvist" },
  { caption: "Portrait, studio session", credit: "Tomás Okafor" },
  { caption: "Acoustic set, Lantern Hall", credit: "Mira Lindqvist" },
];

/** A press kit for a site that has none: its words, the press photos' captions and credits, and a technical rider. */
async function addDemoPressKit(services: Awaited<ReturnType<typeof createServices>>): Promise<void> {
  const { settings, sections } = await loadSiteSettingsState(services.db);
  if (sections.press.revision > 0 || (await listPressFiles(services.db)).length > 0) {
    console.log("This site already has a press kit; the demo adds one only to a site without.");
    return;
  }
  const press = siteSectionSchemas.press.parse({
    shortBio: `${settings.artist.name} is a singer-songwriter blending pop hooks, R&B warmth and folk storytelling. Her songs are written on a kitchen table and finished on the road, with a small band of friends.`,
    longBio: settings.bio.story.join("\n\n"),
    quotes: [
      {
        text: "A voice that makes a crowded room go quiet, and songs that stay with you on the way home.",
        source: "The Harbour Gazette",
        url: "https://example.com/harbour-gazette/juniper-vale",
      },
      { text: "Pop melodies with a folk singer's honesty: one of the year's warmest records.", source: "Sam Lee, Radio North" },
    ],
    contacts: {
      booking: { name: "Tide Agency", email: "booking@example.com" },
      press: { name: "", email: "press@example.com" },
      management: { name: "Riverside Management", email: "management@example.com" },
    },
  });
  const saved = await saveSiteSection(services.db, "press", press, sections.press.revision, "npm run demo");
  if (!saved.ok) throw new Error("The demo press kit could not be saved");
  const rider = onePagePdf("Technical rider", [
    `${settings.artist.name}: technical rider (demo)`,
    "",
    "Line-up: vocals and acoustic guitar, keys, bass, drums.",
    "Stage: at least 6 x 4 metres; four monitor mixes.",
    "Inputs: 16 channels (list on request).",
    "Load-in: 90 minutes; soundcheck: 45 minutes.",
  ]);
  const file = await storePressFileUpload(
    services,
    { title: "Technical rider" },
    "technical-rider.pdf",
    Readable.toWeb(Readable.from(rider)),
    rider.length,
  );
  if (!file.ok) throw new Error(file.error);
  for (const [i, photo] of (await listPhotos(services)).press.entries()) {
    const lines = DEMO_PRESS_LINES[i % DEMO_PRESS_LINES.length];
    await applyPhotoAction(services, {
      intent: "update",
      id: photo.id,
      alt: photo.alt,
      focalX: photo.focalX,
      focalY: photo.focalY,
      ...lines,
    });
  }
  console.log("Added a press kit, at /press.");
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The day Berlin's clocks next change (the last Sunday of March or October),
 * at least a week away: a show that night shows the feed and the page get the
 * offset right across the change.
 */
function nextBerlinClockChange(now: number): string {
  for (let year = new Date(now).getUTCFullYear(); ; year++) {
    for (const month of [2, 9]) {
      const lastDay = new Date(Date.UTC(year, month + 1, 0));
      const sunday = new Date(lastDay.getTime() - lastDay.getUTCDay() * DAY_MS);
      if (sunday.getTime() > now + 7 * DAY_MS) return sunday.toISOString().slice(0, 10);
    }
  }
}

/** A few shows around today: two past, three to come (one sold out, one on the night the clocks change), in four zones. */
async function addDemoShows(services: Awaited<ReturnType<typeof createServices>>): Promise<void> {
  if ((await listShows(services.db)).length > 0) {
    console.log("This site already has shows; the demo adds shows only to a site without any.");
    return;
  }
  const now = Date.now();
  const day = (days: number, zone: string) => toZonedLocal(now + days * DAY_MS, zone).slice(0, 10);
  const shows = [
    {
      date: day(-60, "Europe/Lisbon"),
      time: "21:00",
      timeZone: "Europe/Lisbon",
      venue: "Harbour Lights Hall",
      city: "Lisbon",
      country: "Portugal",
    },
    {
      date: day(-18, "Europe/London"),
      time: "20:00",
      timeZone: "Europe/London",
      venue: "The Lantern Room",
      city: "Glasgow",
      country: "United Kingdom",
    },
    {
      date: day(12, "America/Chicago"),
      time: "19:30",
      timeZone: "America/Chicago",
      venue: "The Bluebird Room",
      city: "Nashville",
      country: "United States",
      ticketUrl: "https://tickets.example.com/bluebird-room",
      status: "sold-out",
    },
    {
      date: nextBerlinClockChange(now),
      time: "20:00",
      timeZone: "Europe/Berlin",
      venue: "Kantine am Kanal",
      city: "Berlin",
      country: "Germany",
      ticketUrl: "https://tickets.example.com/kantine-am-kanal",
    },
    {
      date: day(75, "Australia/Melbourne"),
      time: "19:00",
      timeZone: "Australia/Melbourne",
      venue: "Paper Moon Theatre",
      city: "Melbourne",
      country: "Australia",
      ticketUrl: "https://tickets.example.com/paper-moon",
    },
  ];
  for (const { date, time, ...fields } of shows) {
    const parsed = parseShowInput({ ...fields, startsLocal: `${date}T${time}` });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
    await addShow(services.db, parsed.show);
    console.log(`Added the show at ${fields.venue}, ${fields.city} (${date} ${time} ${fields.timeZone})`);
  }
}

type DemoSong = (typeof DEMO_SONGS)[number] | (typeof DEMO_EP_EXTRA)[number];

/**
 * A song's audio and cover made and stored, then the song added: a single of
 * its own, or the next track of `release`, wearing the release's cover.
 */
async function addDemoSong(
  services: Services,
  demo: DemoSong,
  release?: { id: string; title: string; colors: readonly [string, string] },
): Promise<string> {
  const seconds = 24;
  const slug = demo.title.toLowerCase().replace(/\W+/g, "-");
  const mp3 = synthMp3({ seconds, chords: demo.chords.map((c) => [...c]), bpm: demo.bpm });
  const audio = await services.storage.put("music", `${slug}.mp3`, Readable.from(mp3));
  const art = release ?? demo;
  const cover = await services.storage.put("covers", `${slug}.png`, Readable.from(await coverPng(art.title, [...art.colors])));
  await createCoverVariants(services.storage, cover.key);
  await markPendingUpload(services, audio.key);
  await markPendingUpload(services, cover.key);
  const created = await createSong(services, {
    title: demo.title,
    audioKey: audio.key,
    coverKey: cover.key,
    durationMs: seconds * 1000,
    streamingLinks: { spotify: "https://open.spotify.com/", youtube: "https://www.youtube.com/" },
    ...(release ? { releaseId: release.id } : {}),
  });
  if (!created.ok) throw new Error(created.error);
  console.log(`Added "${demo.title}"`);
  // Distinct creation times keep the newest-first order stable.
  await new Promise((resolve) => setTimeout(resolve, 5));
  return created.id;
}

/**
 * The full demo's catalogue: an EP of three tracks, each with lyrics and
 * credits (one with synced lyrics), the EP with notes and credits of its own;
 * then a single, the latest release.
 */
async function addDemoCatalogue(services: Services): Promise<void> {
  const [first, second] = DEMO_SONGS;
  const ep = await createRelease(services, { title: DEMO_EP.title, kind: "ep" });
  if (!ep.ok) throw new Error(ep.error);
  for (const [index, demo] of [first, second, ...DEMO_EP_EXTRA].entries()) {
    const id = await addDemoSong(services, demo, { id: ep.id, title: DEMO_EP.title, colors: first.colors });
    const song = await getSong(services, id);
    if (!song) throw new Error(`"${demo.title}" went missing`);
    const words = DEMO_EP.tracks[index];
    const saved = await updateTrackDetails(services, {
      songId: id,
      expectedUpdatedAt: String(song.updatedAt),
      slug: "",
      lyrics: words?.lyrics ?? "",
      syncedLyrics: words?.syncedLyrics ?? "",
      credits: words?.credits ?? "",
      isrc: words?.isrc ?? "",
    });
    if (!saved.ok) throw new Error(saved.error);
  }
  const editing = await releaseForEditing(services, ep.id);
  if (!editing) throw new Error("The demo EP went missing");
  const details = await updateReleaseDetails(services, {
    id: ep.id,
    expectedUpdatedAt: String(editing.release.updatedAt),
    title: DEMO_EP.title,
    kind: "ep",
    slug: editing.release.slug,
    notes: DEMO_EP.notes,
    credits: DEMO_EP.credits,
  });
  if (!details.ok) throw new Error(details.error);
  console.log(`Made the EP "${DEMO_EP.title}" of three tracks, with lyrics and credits`);
  const single = DEMO_SONGS[2];
  const latest = await setLatestSong(services, await addDemoSong(services, single));
  if (!latest.ok) throw new Error(latest.error);
  console.log(`"${single.title}" is a single, and the latest release.`);
}

/** The browser tests' catalogue: three singles, the newest the latest release. */
async function addDemoSingles(services: Services): Promise<void> {
  let latestId = "";
  for (const demo of DEMO_SONGS) latestId = await addDemoSong(services, demo);
  const latest = await setLatestSong(services, latestId);
  if (!latest.ok) throw new Error(latest.error);
  console.log(`"${DEMO_SONGS.at(-1)?.title}" is the latest release.`);
}

if (existsSync(".env")) process.loadEnvFile(".env");
const services = await createServices();
// --songs-only: the browser tests' demo (tests/e2e/support/cli.ts), quicker and without photos or shows.
const songsOnly = process.argv.includes("--songs-only");
try {
  if ((await listSongs(services)).length > 0) {
    console.log("This site already has songs; the demo adds songs only to an empty site.");
  } else if (songsOnly) {
    await addDemoSingles(services);
  } else {
    await addDemoCatalogue(services);
  }
  if (!songsOnly) {
    await addDemoPhotos(services);
    await addDemoShows(services);
    await addDemoPressKit(services);
  }
  // Each song's renditions and measures made now (with a server running, shared with its processes), so the
  // site plays them, at their gain and with their waveform, from its first page (decision 026).
  if (await ffmpegPath()) {
    await finishAudioWork(services.db, services.storage);
    console.log("Prepared the songs for streaming.");
  }
  console.log("Start the site with npm start.");
} finally {
  await services.close();
}
