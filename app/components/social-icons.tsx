import type { SocialLink } from "#app/domain/site/site-config-schema.ts";
import { hasMark, marksAddress, platformLabel, type SocialPlatform } from "#app/domain/site/social-platforms.ts";

/**
 * A platform's mark, drawn from the marks file at `marks` (marksAddress), in
 * the text's colour, so it follows the theme. Nothing for a platform without one.
 */
export function PlatformMark({
  platform,
  marks = marksAddress(),
  className = "size-5",
}: {
  platform: SocialPlatform;
  marks?: string;
  className?: string;
}) {
  if (!hasMark(platform)) return null;
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="currentColor">
      <use href={`${marks}#${platform}`} />
    </svg>
  );
}
const linkBase =
  "inline-flex h-10 items-center justify-center rounded-full border border-stone-300 text-stone-700 transition-colors hover:border-brand-500 hover:text-brand-600 dark:border-stone-700 dark:text-stone-300 dark:hover:border-brand-400 dark:hover:text-brand-400";

export function SocialLinks({ links, className = "" }: { links: SocialLink[]; className?: string }) {
  const marks = marksAddress(links.map((link) => link.platform));
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {links.map((link) => {
        const label = platformLabel(link.platform);
        const icon = hasMark(link.platform);
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
              {icon ? <PlatformMark platform={link.platform} marks={marks} /> : label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
