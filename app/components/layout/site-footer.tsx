import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { SocialLinks } from "#app/components/social-icons.tsx";
import { SupportFooterLinks } from "#app/components/support-block.tsx";
import type { SocialLink, SupportWords } from "#app/domain/site/site-config-schema.ts";
import { primaryNav } from "./nav-links.ts";

export function SiteFooter({
  artistName,
  year,
  social,
  newsletter,
  pressPath = null,
  support = null,
  signedIn = false,
}: {
  artistName: string;
  year: number;
  social: SocialLink[];
  /** The press kit's address once it has something in it; null leaves it out. */
  pressPath?: string | null;
  /** How fans support the artist, once there is a way; null leaves it out. */
  support?: SupportWords | null;
  /** Signed out, the footer offers a quiet way to sign in (the artist's way back to the dashboard). */
  signedIn?: boolean;
  /** The footer newsletter form, composed in by the root route. */
  newsletter?: ReactNode;
}) {
  // Not on the sign-in pages themselves.
  const onSignIn = useLocation().pathname.startsWith("/login");
  return (
    <footer className="mt-24 border-t print:hidden border-stone-200 bg-stone-100 dark:border-stone-800 dark:bg-stone-900">
      {/* The first column a little wider on large screens: a row of seven social links fits on one line. */}
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:grid-cols-[1.4fr_1fr_1.3fr]">
        <div className="space-y-4">
          <p className="font-display text-lg font-semibold">{artistName}</p>
          <SocialLinks links={social} />
          {support ? <SupportFooterLinks support={support} /> : null}
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-stone-600 dark:text-stone-400">Explore</h2>
          <ul className="mt-3 grid grid-cols-2 gap-2 text-sm">
            {primaryNav.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-brand-600 dark:hover:text-brand-400">
                  {link.label}
                </Link>
              </li>
            ))}
            {pressPath ? (
              <li>
                <Link to={pressPath} className="hover:text-brand-600 dark:hover:text-brand-400">
                  Press
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
        {newsletter ? <div>{newsletter}</div> : null}
      </div>
      <div className="border-t border-stone-200 dark:border-stone-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-stone-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 dark:text-stone-400">
          <p>
            © {year} {artistName}. All rights reserved.
          </p>
          <ul className="flex gap-4">
            <li>
              <Link to="/privacy" className="hover:text-brand-600 dark:hover:text-brand-400">
                Privacy
              </Link>
            </li>
            <li>
              <Link to="/terms" className="hover:text-brand-600 dark:hover:text-brand-400">
                Terms
              </Link>
            </li>
            {signedIn || onSignIn ? null : (
              <li>
                <Link to="/login" className="hover:text-brand-600 dark:hover:text-brand-400">
                  Sign in
                </Link>
              </li>
            )}
          </ul>
        </div>
      </div>
    </footer>
  );
}
