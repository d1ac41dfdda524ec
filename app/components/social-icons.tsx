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
import type { SocialLink } from "#app/lib/site-config-schema.ts";
import { platformLabel, type SocialPlatform } from "#app/lib/social-platforms.ts";

/** A single-colour mark on a 24×24 box. */
type Mark = { slug: string; path: string };

// Drawn here (not brands): a globe for a website, an envelope for e-mail.
const website: Mark = {
  slug: "website",
  path: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.95a15.7 15.7 0 0 0-1.38-3.56A8.03 8.03 0 0 1 18.9 8ZM12 4.04A14 14 0 0 1 13.9 8h-3.8A14 14 0 0 1 12 4.04ZM4.26 14a8.2 8.2 0 0 1 0-4h3.38a16.5 16.5 0 0 0 0 4H4.26Zm.84 2h2.95c.32 1.25.78 2.45 1.38 3.56A8 8 0 0 1 5.1 16Zm2.95-8H5.1a8 8 0 0 1 4.33-3.56C8.83 5.55 8.37 6.75 8.05 8ZM12 19.96A14 14 0 0 1 10.1 16h3.8A14 14 0 0 1 12 19.96ZM14.34 14H9.66a14.7 14.7 0 0 1 0-4h4.68a14.7 14.7 0 0 1 0 4Zm.25 5.56A15.7 15.7 0 0 0 15.95 16h2.95a8.03 8.03 0 0 1-4.33 3.56ZM16.36 14a16.5 16.5 0 0 0 0-4h3.38a8.2 8.2 0 0 1 0 4h-3.38Z",
};
const email: Mark = {
  slug: "email",
  path: "M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 3.24V17h16V8.24l-8 5.6-8-5.6ZM19.1 7H4.9l7.1 4.97L19.1 7Z",
};

/**
 * The platforms' own marks (simple-icons, CC0). LinkedIn and Amazon Music are
 * not here on purpose: simple-icons withdrew their marks at the companies'
 * request and their brand terms do not let a project redistribute them, so
 * those links show the platform's name instead.
 */
const marks: Partial<Record<SocialPlatform, Mark>> = {
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

export function PlatformMark({ platform, className = "size-5" }: { platform: SocialPlatform; className?: string }) {
  const mark = marks[platform];
  if (!mark) return null;
  // currentColor follows the theme.
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="currentColor" data-brand={mark.slug}>
      <path d={mark.path} />
    </svg>
  );
}

const linkBase =
  "inline-flex h-10 items-center justify-center rounded-full border border-stone-300 text-stone-700 transition-colors hover:border-brand-500 hover:text-brand-600 dark:border-stone-700 dark:text-stone-300 dark:hover:border-brand-400 dark:hover:text-brand-400";

export function SocialLinks({ links, className = "" }: { links: SocialLink[]; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {links.map((link) => {
        const label = platformLabel(link.platform);
        const icon = marks[link.platform];
        const external = link.platform !== "email";
        return (
          <li key={link.platform + link.url}>
            <a
              href={link.url}
              target={external ? "_blank" : undefined}
              rel={external ? "noopener noreferrer" : undefined}
              // Starts with the platform's name: what a fan sees (the mark or the name) is what they can say.
              aria-label={external ? `${label} (opens in a new tab)` : label}
              title={icon ? label : undefined}
              className={`${linkBase} ${icon ? "w-10" : "px-3.5 text-xs font-semibold tracking-wide"}`}
            >
              {icon ? <PlatformMark platform={link.platform} /> : label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
