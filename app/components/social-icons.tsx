// Named imports only: simple-icons' ES module exports each mark as its own
// constant, so the bundle keeps these few paths and drops the other ~3,000.
import { siApplemusic, siFacebook, siInstagram, siSpotify, siTiktok, siYoutube, type SimpleIcon } from "simple-icons";
import type { SocialKind } from "#app/lib/site-config-schema.ts";

/**
 * The platforms' own marks (simple-icons, CC0), found by the link's address so
 * that any network the artist lists gets its real mark whatever `kind` says.
 * LinkedIn is not here on purpose: simple-icons withdrew its mark at LinkedIn's
 * request and LinkedIn's brand terms do not let a project redistribute it, so
 * LinkedIn (like any platform without a mark here) shows its name instead.
 */
const marks: { hosts: readonly string[]; icon: SimpleIcon }[] = [
  { hosts: ["spotify.com"], icon: siSpotify },
  { hosts: ["youtube.com", "youtu.be"], icon: siYoutube },
  { hosts: ["instagram.com"], icon: siInstagram },
  { hosts: ["tiktok.com"], icon: siTiktok },
  { hosts: ["facebook.com", "fb.com"], icon: siFacebook },
  { hosts: ["music.apple.com"], icon: siApplemusic },
];

/** The mark for a link's address: its host or any parent domain of it is listed. */
function brandIconFor(url: string): SimpleIcon | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  return marks.find(({ hosts }) => hosts.some((h) => host === h || host.endsWith(`.${h}`)))?.icon ?? null;
}

function BrandIcon({ icon, className = "size-5" }: { icon: SimpleIcon; className?: string }) {
  // simple-icons' marks are single-colour paths on a 24×24 box; currentColor follows the theme.
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="currentColor" data-brand={icon.slug}>
      <path d={icon.path} />
    </svg>
  );
}

export type SocialLink = { kind: SocialKind; label: string; url: string };

const linkBase =
  "inline-flex h-10 items-center justify-center rounded-full border border-stone-300 text-stone-700 transition-colors hover:border-brand-500 hover:text-brand-600 dark:border-stone-700 dark:text-stone-300 dark:hover:border-brand-400 dark:hover:text-brand-400";

export function SocialLinks({ links, className = "" }: { links: SocialLink[]; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {links.map((link) => {
        const icon = brandIconFor(link.url);
        return (
          <li key={link.url + link.label}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              // Starts with the platform's name: what a fan sees (the mark or the name) is what they can say.
              aria-label={`${link.label} (opens in a new tab)`}
              title={icon ? link.label : undefined}
              className={`${linkBase} ${icon ? "w-10" : "px-3.5 text-xs font-semibold tracking-wide"}`}
            >
              {icon ? <BrandIcon icon={icon} /> : link.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
