import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FeaturedSong } from "#app/features/player/featured-song.tsx";
import { ListenNowButton } from "#app/features/player/listen-now-button.tsx";
import { SongsPlayer } from "#app/features/player/music-player.tsx";
import { songsForPage } from "#app/features/songs/songs.server.ts";
import { absoluteUrl, DEFAULT_SOCIAL_IMAGE_PATH, pageMeta, siteMetaFrom } from "#app/lib/meta.ts";
import { siteSettingsOf } from "#app/lib/site-settings.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const [{ songs }, { artist, home, featuredSong, social }] = await Promise.all([songsForPage(context), siteSettingsOf(context)]);
  return {
    artist: { name: artist.name, genres: artist.genres },
    home,
    featuredSong,
    sameAs: social.links.filter((link) => link.platform !== "email").map((link) => link.url),
    songs,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteMetaFrom(matches);
  return pageMeta(site, {
    title: `${site.artistName} | ${site.tagline}`,
    bareTitle: true,
    description: site.description,
    path: "/",
    type: "profile",
    extra: [
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "MusicGroup",
          name: site.artistName,
          description: site.description,
          url: absoluteUrl(site.origin, "/"),
          image: absoluteUrl(site.origin, DEFAULT_SOCIAL_IMAGE_PATH),
          genre: site.genres,
          sameAs: loaderData?.sameAs ?? [],
        },
      },
    ],
  });
};

export default function Home() {
  const { artist, home, featuredSong, songs } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-br from-brand-100 via-stone-50 to-amber-50 dark:from-brand-800/40 dark:via-stone-950 dark:to-stone-900"
        />
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">{artist.genres.join(" · ")}</p>
          <h1 className="mt-4 max-w-3xl text-5xl font-semibold tracking-tight sm:text-6xl">{artist.name}</h1>
          <p className="mt-4 max-w-2xl font-display text-2xl text-stone-700 dark:text-stone-300">{home.heroHeading}</p>
          <p className="mt-6 max-w-2xl text-lg text-stone-600 dark:text-stone-400">{home.heroText}</p>
          <div className="mt-10 flex flex-wrap gap-3">
            <ListenNowButton songs={songs} className={buttonStyles.primary} scrollTo="latest-music" />
            <Link to="/bio" className={buttonStyles.secondary}>
              About Me
            </Link>
          </div>
        </div>
      </section>

      <FeaturedSong songs={songs} settings={featuredSong} className="mx-auto max-w-6xl px-4 pt-16 sm:px-6" />

      <section id="latest-music" aria-labelledby="latest-heading" className="mx-auto max-w-6xl scroll-mt-20 px-4 pt-16 sm:px-6">
        <h2 id="latest-heading" className="mb-6 text-3xl font-semibold">
          Latest Music
        </h2>
        <SongsPlayer songs={songs} label="Latest Music player" />
      </section>

      <section aria-labelledby="about-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="grid gap-8 md:grid-cols-[1fr_2fr] md:items-start">
          <h2 id="about-heading" className="text-3xl font-semibold">
            About {artist.name.split(" ")[0]}
          </h2>
          <div>
            <p className="text-lg leading-relaxed text-stone-700 dark:text-stone-300">{home.aboutPreview}</p>
            <Link to="/bio" className={`${buttonStyles.secondary} mt-6`}>
              {/* The hidden words make the link make sense on its own, as in a screen reader's list of links. */}
              Read More<span className="sr-only"> about {artist.name}</span>
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
