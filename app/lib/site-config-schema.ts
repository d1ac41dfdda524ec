import { z } from "zod";

const url = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });
const text = z.string().trim().min(1, "must not be empty");

const socialKinds = [
  "audio-streaming",
  "video",
  "photo-sharing",
  "professional-network",
  "short-video",
  "social-network",
  "app-store",
] as const;
export type SocialKind = (typeof socialKinds)[number];

const contactChannel = z.object({
  heading: text,
  text: text,
  email: z.email("must be an e-mail address"),
});

const siteConfigSchema = z.object({
  artist: z.object({
    name: text,
    /** The dashboard lives at /{slug}-dashboard. */
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single hyphens"),
    tagline: text,
    description: text,
    genres: z.array(text).min(1).default(["Pop", "R&B", "Folk"]),
  }),
  home: z.object({
    heroHeading: text,
    heroText: text,
    aboutPreview: text,
  }),
  bio: z.object({
    story: z.array(text).min(1),
    influences: z.array(z.object({ name: text, description: text })).length(4, "must list exactly four influences"),
  }),
  featuredSong: z.object({
    title: text,
    description: text,
    streamingUrl: url,
    streamingLabel: text,
  }),
  liveVideo: z.object({
    youtubeId: z.string().regex(/^[A-Za-z0-9_-]{11}$/, "must be an 11-character YouTube video id"),
    startSeconds: z.int().min(0),
    title: text,
  }),
  social: z.array(z.object({ kind: z.enum(socialKinds), label: text, url })),
  contact: z.object({
    collaboration: contactChannel,
    booking: contactChannel,
    general: contactChannel,
  }),
});

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema>;

export function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  - ${issue.path.join(".") || "(root)"}: ${issue.message}`).join("\n");
}

export function parseSiteConfig(input: unknown): SiteConfig {
  const result = siteConfigSchema.safeParse(input);
  if (!result.success) {
    throw new Error(`site.config.ts is invalid:\n${formatIssues(result.error)}`);
  }
  return result.data;
}
