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
