import { z } from "zod";
import { formatIssues } from "#app/lib/text/zod-issues.ts";
import { SOCIAL_PLATFORM_IDS } from "./social-platforms.ts";
import { parseVideoStart, parseYouTubeId, parseYouTubeStart } from "#app/domain/youtube.ts";

/*
 * What the site says, section by section. site.config.ts is checked against
 * this at start-up (its values are the first-start defaults), and every save
 * from the dashboard's Site area is checked against the same section schema.
 * Each schema is idempotent (parsing its own output gives the same output), so
 * what is stored is the parsed value and is parsed again when read.
 */

const text = (max: number) => z.string().trim().min(1, "Required.").max(max, `At most ${max} characters.`);
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
/**
 * An address as people copy it from a browser's bar or a profile:
 * `instagram.com/name` or `www.site.com` get the https:// they left out.
 */
const withScheme = (value: string) => {
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  if (value.startsWith("//")) return `https:${value}`;
  return /^[^\s/@:]+\.[a-z]{2,}(?:[/?#:]|$)/i.test(value) ? `https://${value}` : value;
};

const webAddress = z
  .string()
  .trim()
  .max(500, "At most 500 characters.")
  .transform(withScheme)
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: "Must be a web address starting with https://" }));
const email = z.string().trim().max(254, "At most 254 characters.").pipe(z.email("Must be an e-mail address, like name@example.com."));

const MAX_GENRES = 6;
const MAX_STORY_PARAGRAPHS = 10;
export const MAX_SOCIAL_LINKS = 30;
const MAX_LEGAL_MARKDOWN = 20_000;

const artistSection = z.object({
  name: text(80),
  tagline: text(120),
  description: text(300),
  genres: z
    .array(text(30))
    .min(1, "Give at least one genre.")
    .max(MAX_GENRES, `At most ${MAX_GENRES} genres.`)
    .default(["Pop", "R&B", "Folk"]),
});

const homeSection = z.object({
  heroHeading: text(120),
  heroText: text(400),
  aboutPreview: text(600),
});

const bioSection = z.object({
  story: z
    .array(text(1500))
    .min(1, "Write at least one paragraph.")
    .max(MAX_STORY_PARAGRAPHS, `At most ${MAX_STORY_PARAGRAPHS} paragraphs.`),
  influences: z.array(z.object({ name: text(60), description: text(200) })).length(4, "List exactly four influences."),
});

const featuredSongSection = z.object({
  /** A song of the catalogue; null follows the latest release. */
  songId: z.string().trim().max(100).nullable().default(null),
  description: optionalText(300).default(""),
  /** An outside link (a pre-save, a video), only when the artist wants one. */
  link: z
    .object({ url: webAddress, label: text(40) })
    .nullable()
    .default(null),
});

const liveVideoFields = z.object({
  /** Any YouTube address (watch, youtu.be, shorts, embed) or the bare id; kept as the id. */
  youtubeId: z
    .string()
    .trim()
    .max(500)
    .transform((value, ctx) => {
      const id = parseYouTubeId(value);
      if (!id) {
        ctx.addIssue({ code: "custom", message: "Paste a YouTube address (or the 11-character video id)." });
        return z.NEVER;
      }
      return id;
    }),
  /** "1:23", "1:02:03" or seconds; kept as seconds. */
  startSeconds: z.union([z.number(), z.string()]).transform((value, ctx) => {
    const seconds = parseVideoStart(value);
    if (seconds === null) {
      ctx.addIssue({ code: "custom", message: "Write the start as 1:23 or as seconds, like 83." });
      return z.NEVER;
    }
    return seconds;
  }),
  title: text(120),
});

/**
 * A time in the pasted address (`…&t=73s`, youtu.be/…?t=73) is where the
 * artist wants the video to start: it sets the start, so a link copied "at
 * current time" starts there without a second field to fill.
 */
const liveVideoSection = z.preprocess((input) => {
  if (typeof input !== "object" || input === null) return input;
  const fields = input as { youtubeId?: unknown };
  const start = typeof fields.youtubeId === "string" ? parseYouTubeStart(fields.youtubeId) : null;
  return start === null ? input : { ...input, startSeconds: start };
}, liveVideoFields);

const socialLink = z
  .object({
    platform: z.enum(SOCIAL_PLATFORM_IDS, "Choose a platform from the list."),
    url: z.string().trim().max(500, "At most 500 characters."),
  })
  .transform((link, ctx) => {
    if (link.platform === "email") {
      const address = link.url.replace(/^mailto:/i, "");
      if (!email.safeParse(address).success) {
        ctx.addIssue({ code: "custom", path: ["url"], message: "Must be an e-mail address, like name@example.com." });
        return z.NEVER;
      }
      return { platform: link.platform, url: `mailto:${address}` };
    }
    const url = webAddress.safeParse(link.url);
    if (!url.success) {
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: url.error.issues[0]?.message ?? "Must be a web address starting with https://",
      });
      return z.NEVER;
    }
    return { platform: link.platform, url: url.data };
  });

const contactChannel = z.object({ heading: text(60), text: text(400), email });

const contactSection = z.object({ collaboration: contactChannel, booking: contactChannel, general: contactChannel });

/** Markdown; an empty page means "use the built-in text" (made from the name and e-mail). */
const legalPage = z.object({ markdown: optionalText(MAX_LEGAL_MARKDOWN).default("") });

/** A field the artist may leave empty; filled, it must be what `schema` accepts (and is kept as it parses it). */
const emptyOr = (schema: z.ZodType<string>, max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .transform((value, ctx) => {
      if (value === "") return "";
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    });

export const MAX_PRESS_QUOTES = 12;
export const MAX_PRESS_RELEASES = 4;
export const PRESS_CONTACT_ROLES = ["booking", "press", "management"] as const;
export type PressContactRole = (typeof PRESS_CONTACT_ROLES)[number];

const pressQuote = z.object({
  text: text(600),
  /** Who said it: "Rolling Stone", "Jane Doe, The Guardian". */
  source: text(120),
  /** Where it was said, when it can be read online. */
  url: emptyOr(webAddress, 500).default(""),
});

/** A person or agency to write to; a name without an address reaches nobody. */
const pressContact = z
  .object({ name: optionalText(80).default(""), email: emptyOr(email, 254).default("") })
  .superRefine((contact, ctx) => {
    if (contact.name !== "" && contact.email === "")
      ctx.addIssue({ code: "custom", path: ["email"], message: "Give an e-mail address for this contact." });
  });

/**
 * The press kit's own words (/press): two bios, quotes from the press, whom to
 * write to, and the releases to play there (none chosen: the latest). Its
 * photos, shows and files live elsewhere (photos, shows, pressFiles).
 */
const pressSection = z.object({
  /** A paragraph an editor can print as it is. */
  shortBio: optionalText(1200).default(""),
  /** Paragraphs separated by an empty line. */
  longBio: optionalText(12_000).default(""),
  quotes: z.array(pressQuote).max(MAX_PRESS_QUOTES, `At most ${MAX_PRESS_QUOTES} quotes.`).default([]),
  contacts: z
    .object(
      Object.fromEntries(PRESS_CONTACT_ROLES.map((role) => [role, pressContact.default({ name: "", email: "" })])) as Record<
        PressContactRole,
        z.ZodDefault<typeof pressContact>
      >,
    )
    .default({ booking: { name: "", email: "" }, press: { name: "", email: "" }, management: { name: "", email: "" } }),
  releaseIds: z
    .array(z.string().trim().min(1).max(100))
    .max(MAX_PRESS_RELEASES, `Choose at most ${MAX_PRESS_RELEASES} releases.`)
    .refine((ids) => new Set(ids).size === ids.length, "Choose each release once.")
    .default([]),
});
export type PressWords = z.output<typeof pressSection>;
const EMPTY_PRESS_WORDS: PressWords = pressSection.parse({});

/** Whether the artist has written anything for the press kit (its files are counted apart). */
export function pressWordsWritten(press: PressWords): boolean {
  return (
    press.shortBio !== "" ||
    press.longBio !== "" ||
    press.quotes.length > 0 ||
    PRESS_CONTACT_ROLES.some((role) => press.contacts[role].email !== "")
  );
}

export const MAX_SUPPORT_LINKS = 6;

/** A way to give the artist money: a page of theirs on Liberapay, Ko-fi, PayPal.me, Patreon, or any https page. */
const supportLink = z.object({
  /** What the button says: "Ko-fi", "Buy me a coffee", "PayPal". */
  label: text(40),
  url: webAddress,
});

/**
 * How fans support the artist (issue #36): links to the artist's own pages on
 * payment sites, and bank details as the artist writes them. No payment
 * provider to set up: the money goes straight to the artist, on trust.
 */
const supportSection = z.object({
  heading: optionalText(80).default(""),
  /** A line or two: what the money does. */
  text: optionalText(400).default(""),
  links: z.array(supportLink).max(MAX_SUPPORT_LINKS, `At most ${MAX_SUPPORT_LINKS} links.`).default([]),
  /** IBAN, account name, reference: shown as written, on request. */
  bankTransfer: optionalText(600).default(""),
});
export type SupportWords = z.output<typeof supportSection>;
const EMPTY_SUPPORT: SupportWords = supportSection.parse({});

/** Whether the site has a way to support the artist to show. */
export const supportOffered = (support: SupportWords): boolean => support.links.length > 0 || support.bankTransfer !== "";

/** The parts of the site the dashboard edits, each saved on its own. */
export const siteSectionSchemas = {
  artist: artistSection,
  home: homeSection,
  bio: bioSection,
  featuredSong: featuredSongSection,
  liveVideo: liveVideoSection,
  social: z.object({ links: z.array(socialLink).max(MAX_SOCIAL_LINKS, `At most ${MAX_SOCIAL_LINKS} links.`) }),
  contact: contactSection,
  privacy: legalPage,
  terms: legalPage,
  press: pressSection,
  support: supportSection,
};

export type SiteSection = keyof typeof siteSectionSchemas;
export const SITE_SECTIONS = Object.keys(siteSectionSchemas) as SiteSection[];
export type SiteSettings = { [S in SiteSection]: z.output<(typeof siteSectionSchemas)[S]> };
export type SocialLink = SiteSettings["social"]["links"][number];

const siteConfigSchema = z.object({
  artist: artistSection.extend({
    /** The dashboard lives at /{slug}-dashboard: a deploy-time setting, not edited in the dashboard. */
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single hyphens"),
  }),
  home: homeSection,
  bio: bioSection,
  featuredSong: featuredSongSection.default({ songId: null, description: "", link: null }),
  liveVideo: liveVideoSection,
  social: z.array(socialLink).max(MAX_SOCIAL_LINKS),
  contact: contactSection,
  privacy: z.string().max(MAX_LEGAL_MARKDOWN).default(""),
  terms: z.string().max(MAX_LEGAL_MARKDOWN).default(""),
  /** A new site starts with an empty press kit: no /press until the artist writes one. */
  press: pressSection.default(EMPTY_PRESS_WORDS),
  /** A new site asks for nothing until the artist adds a way to support them. */
  support: supportSection.default(EMPTY_SUPPORT),
});

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema>;

export function parseSiteConfig(input: unknown): SiteConfig {
  const result = siteConfigSchema.safeParse(input);
  if (!result.success) {
    throw new Error(`site.config.ts is invalid:\n${formatIssues(result.error)}`);
  }
  return result.data;
}

/** site.config.ts as the first-start value of every section. */
export function settingsFromConfig(config: SiteConfig): SiteSettings {
  const { slug: _slug, ...artist } = config.artist;
  return {
    artist,
    home: config.home,
    bio: config.bio,
    featuredSong: config.featuredSong,
    liveVideo: config.liveVideo,
    social: { links: config.social },
    contact: config.contact,
    privacy: { markdown: config.privacy },
    terms: { markdown: config.terms },
    press: config.press,
    support: config.support,
  };
}
