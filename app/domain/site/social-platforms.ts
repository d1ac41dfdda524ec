/** The platforms a social link can point at, in the order the dashboard offers them. */
export const SOCIAL_PLATFORMS = [
  { id: "spotify", label: "Spotify" },
  { id: "apple-music", label: "Apple Music" },
  { id: "youtube", label: "YouTube" },
  { id: "instagram", label: "Instagram" },
  { id: "tiktok", label: "TikTok" },
  { id: "facebook", label: "Facebook" },
  { id: "x", label: "X" },
  { id: "bluesky", label: "Bluesky" },
  { id: "threads", label: "Threads" },
  { id: "bandcamp", label: "Bandcamp" },
  { id: "soundcloud", label: "SoundCloud" },
  { id: "tidal", label: "Tidal" },
  { id: "deezer", label: "Deezer" },
  { id: "amazon-music", label: "Amazon Music" },
  { id: "twitch", label: "Twitch" },
  { id: "patreon", label: "Patreon" },
  { id: "linkedin", label: "LinkedIn" },
  { id: "website", label: "Website" },
  { id: "email", label: "E-mail" },
] as const;

export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number]["id"];

export const SOCIAL_PLATFORM_IDS = SOCIAL_PLATFORMS.map((p) => p.id) as [SocialPlatform, ...SocialPlatform[]];

export function platformLabel(id: SocialPlatform): string {
  return SOCIAL_PLATFORMS.find((p) => p.id === id)?.label ?? id;
}

/**
 * simple-icons withdrew LinkedIn's and Amazon Music's marks at the companies'
 * request, and their brand terms do not let a project redistribute them: those
 * links show the platform's name instead of a mark.
 */
const WITHOUT_MARK: ReadonlySet<SocialPlatform> = new Set(["linkedin", "amazon-music"]);

export const hasMark = (id: SocialPlatform) => !WITHOUT_MARK.has(id);

/**
 * The address of the SVG file with the marks of `platforms` (all of them when
 * none are named), each a `<symbol>` with the platform's id: one small request,
 * the same address for every page showing the same marks.
 */
export function marksAddress(platforms?: readonly SocialPlatform[]): string {
  if (!platforms) return "/social-marks.svg";
  const wanted = new Set(platforms);
  const ids = SOCIAL_PLATFORM_IDS.filter((id) => wanted.has(id) && hasMark(id));
  return `/social-marks.svg?p=${ids.join(",")}`;
}
