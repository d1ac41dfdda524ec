import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/meta.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";

export function loader() {
  const { artist, home } = siteConfig;
  return { artist: { name: artist.name, genres: artist.genres }, home };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteMetaFrom(matches);
  return pageMeta(site, {
    title: `${site.artistName} | ${site.tagline}`,
    bareTitle: true,
    description: site.description,
    path: "/",
    type: "profile",
  });
};

export default function Home() {
  const { artist, home } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="relative overflow-hidden">
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-br from-brand-100 via-stone-50 to-amber-50 dark:from-brand-800/40 dark:via-stone-950 dark:to-stone-900" />
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">
            {artist.genres.join(" · ")}
          </p>
          <h1 className="mt-4 max-w-3xl text-5xl font-semibold tracking-tight sm:text-6xl">{artist.name}</h1>
          <p className="mt-4 max-w-2xl font-display text-2xl text-stone-700 dark:text-stone-300">{home.heroHeading}</p>
          <p className="mt-6 max-w-2xl text-lg text-stone-600 dark:text-stone-400">{home.heroText}</p>
          <div className="mt-10 flex flex-wrap gap-3">
            <Link to="/music" className={buttonStyles.primary}>
              Listen Now
            </Link>
            <Link to="/bio" className={buttonStyles.secondary}>
              About Me
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="about-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="grid gap-8 md:grid-cols-[1fr_2fr] md:items-start">
          <h2 id="about-heading" className="text-3xl font-semibold">
            About {artist.name.split(" ")[0]}
          </h2>
          <div>
            <p className="text-lg leading-relaxed text-stone-700 dark:text-stone-300">{home.aboutPreview}</p>
            <Link to="/bio" className={`${buttonStyles.secondary} mt-6`}>
              Read More
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
