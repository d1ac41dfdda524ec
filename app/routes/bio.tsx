import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/bio";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/meta.ts";
import { siteSettingsOf } from "#app/lib/site-settings.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { artist, bio } = await siteSettingsOf(context);
  return { artistName: artist.name, bio };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteMetaFrom(matches);
  return pageMeta(site, {
    title: "Bio",
    description: `The story of ${site.artistName}: where the songs come from and the music that shaped them.`,
    path: "/bio",
    type: "profile",
  });
};

export default function Bio() {
  const { artistName, bio } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-4xl px-4 py-16 sm:px-6 sm:py-20">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">Bio</p>
      <h1 className="mt-3 text-4xl font-semibold tracking-tight sm:text-5xl">The story of {artistName}</h1>
      <div className="mt-8 space-y-5 text-lg leading-relaxed text-stone-700 dark:text-stone-300">
        {bio.story.map((paragraph) => (
          <p key={paragraph.slice(0, 32)}>{paragraph}</p>
        ))}
      </div>

      <section aria-labelledby="influences-heading" className="mt-16">
        <h2 id="influences-heading" className="text-2xl font-semibold">
          Musical influences
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {bio.influences.map((influence) => (
            <li key={influence.name} className="rounded-2xl border border-stone-200 bg-white p-6 dark:border-stone-800 dark:bg-stone-900">
              <h3 className="text-lg font-semibold">{influence.name}</h3>
              <p className="mt-2 text-stone-600 dark:text-stone-400">{influence.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-16 flex flex-wrap gap-3">
        <Link to="/music" className={buttonStyles.primary}>
          Listen to the Music
        </Link>
        <Link to="/contact" className={buttonStyles.secondary}>
          Get in Touch
        </Link>
      </div>
    </article>
  );
}
