import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/db-schema.ts";
import { platformLabel, type SocialPlatform } from "#app/domain/site/social-platforms.ts";
import { firstStartSettings, loadSiteSettings } from "#app/domain/site/site-settings.server.ts";
import type { SiteSettings } from "#app/domain/site/site-config-schema.ts";

export type ChecklistId = "name" | "home" | "bio" | "featured" | "video" | "links" | "contact" | "photo" | "song";
/** One part of the site; `demo` names what in it is still the demo's (empty once it is all the artist's own). */
export type ChecklistItem = { id: ChecklistId; done: boolean; demo: string[] };

/**
 * The front page of each platform's own site: a link there is the demo's (or
 * a slip), not the artist's profile. A profile on a platform's subdomain
 * (name.bandcamp.com) or a site of the artist's own is never one.
 */
const PLATFORM_HOSTS: Partial<Record<SocialPlatform, readonly string[]>> = {
  spotify: ["open.spotify.com", "spotify.com"],
  "apple-music": ["music.apple.com"],
  youtube: ["youtube.com", "m.youtube.com", "music.youtube.com"],
  instagram: ["instagram.com"],
  tiktok: ["tiktok.com"],
  facebook: ["facebook.com", "m.facebook.com"],
  x: ["x.com", "twitter.com"],
  bluesky: ["bsky.app"],
  threads: ["threads.net", "threads.com"],
  bandcamp: ["bandcamp.com"],
  soundcloud: ["soundcloud.com"],
  tidal: ["tidal.com", "listen.tidal.com"],
  deezer: ["deezer.com"],
  "amazon-music": ["music.amazon.com"],
  twitch: ["twitch.tv"],
  patreon: ["patreon.com"],
  linkedin: ["linkedin.com"],
};

/** Addresses reserved for examples (RFC 2606): never a real inbox or page. */
const isExampleHost = (host: string) => /(^|\.)(example\.(com|net|org)|example|test|invalid)$/i.test(host);

function isPlatformFrontPage(platform: SocialPlatform, url: string): boolean {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.toLowerCase().replace(/^www\./, "");
    return (PLATFORM_HOSTS[platform] ?? []).includes(host) && (parsed.pathname === "/" || parsed.pathname === "") && !parsed.search;
  } catch {
    return false;
  }
}

function isExampleAddress(value: string): boolean {
  const host = value.includes("@") ? value.split("@").pop() : URL.canParse(value) ? new URL(value).hostname : "";
  return isExampleHost(host ?? "");
}

/** The labels of `fields` whose value is still the first start's (a first-start text anywhere in the list, for lists). */
function stillDemo(fields: [label: string, value: string, demo: readonly string[]][]): string[] {
  return fields.filter(([, value, demo]) => value !== "" && demo.includes(value)).map(([label]) => label);
}

const numbered = (word: string, values: readonly string[], demo: readonly string[]) =>
  values.map((value, i): [string, string, readonly string[]] => [`${word} ${i + 1}`, value, demo]);

/**
 * What of each part of the site is still the demo the site started with,
 * field by field against site.config.ts (and any example.com address). Labels,
 * genres and the built-in privacy and terms texts, which follow the artist's
 * name and address, are the artist's to keep and never count.
 */
export function demoContent(
  settings: SiteSettings,
  first: SiteSettings = firstStartSettings(),
): Record<Exclude<ChecklistId, "photo" | "song">, string[]> {
  const { artist, home, bio, featuredSong, liveVideo, social, contact } = settings;
  const influences = first.bio.influences;
  return {
    name: stillDemo([
      ["Name", artist.name, [first.artist.name]],
      ["Tagline", artist.tagline, [first.artist.tagline]],
      ["Description", artist.description, [first.artist.description]],
    ]),
    home: stillDemo([
      ["Hero heading", home.heroHeading, [first.home.heroHeading]],
      ["Hero text", home.heroText, [first.home.heroText]],
      ["About preview", home.aboutPreview, [first.home.aboutPreview]],
    ]),
    bio: [
      ...stillDemo(numbered("Story paragraph", bio.story, first.bio.story)),
      // An influence is the demo's while its name or its words are.
      ...bio.influences.flatMap((influence, i) =>
        influences.some(
          (demo) => demo.name === influence.name || (influence.description !== "" && demo.description === influence.description),
        )
          ? [`Influence ${i + 1}`]
          : [],
      ),
    ],
    featured: stillDemo([["The featured song's line", featuredSong.description, [first.featuredSong.description]]]),
    video: stillDemo([
      ["The video", liveVideo.youtubeId, [first.liveVideo.youtubeId]],
      ["Its title", liveVideo.title, [first.liveVideo.title]],
    ]),
    links: social.links
      .filter(
        (link) =>
          first.social.links.some((demo) => demo.url === link.url) ||
          isPlatformFrontPage(link.platform, link.url) ||
          isExampleAddress(link.url.replace(/^mailto:/i, "")),
      )
      .map((link) => platformLabel(link.platform)),
    contact: (["collaboration", "booking", "general"] as const).flatMap((channel) => {
      const label = contact[channel].heading || channel;
      return [
        ...stillDemo([[`${label} text`, contact[channel].text, [first.contact[channel].text]]]),
        ...(contact[channel].email !== "" &&
        (contact[channel].email === first.contact[channel].email || isExampleAddress(contact[channel].email))
          ? [`${label} e-mail`]
          : []),
      ];
    }),
  };
}

/**
 * What of the site is still the demo it started with, part by part, with
 * what in each: the dashboard lists what is left until all is the artist's own.
 */
export async function firstRunChecklist(db: Kysely<Database>): Promise<ChecklistItem[]> {
  const [settings, song, hero] = await Promise.all([
    loadSiteSettings(db),
    db.selectFrom("songs").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("photos").select("id").where("slot", "=", "hero").limit(1).executeTakeFirst(),
  ]);
  const demo = demoContent(settings);
  const item = (id: ChecklistId, left: string[]): ChecklistItem => ({ id, done: left.length === 0, demo: left });
  return [
    item("name", demo.name),
    item("photo", hero ? [] : ["No hero photo"]),
    item("song", song ? [] : ["No song yet"]),
    item("home", demo.home),
    item("bio", demo.bio),
    item("featured", demo.featured),
    item("video", demo.video),
    item("links", demo.links),
    item("contact", demo.contact),
  ];
}
