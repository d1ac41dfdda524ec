import { Link, useLoaderData, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { ResponsivePhoto } from "#app/components/responsive-photo.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { SupportBlock } from "#app/components/support-block.tsx";
import type { loader as rootLoader } from "#app/root.tsx";
import { FeaturedSong } from "#app/features/player/featured-song.tsx";
import { photosForPage } from "#app/features/photos/photos.server.ts";
import { ListenNowButton } from "#app/features/player/listen-now-button.tsx";
import { SongsPlayer } from "#app/features/player/music-player.tsx";
import { NextShow } from "#app/features/shows/show-list.tsx";
import { nextShowForPage } from "#app/features/shows/shows.server.ts";
import { comingReleasesForPage } from "#app/features/releases/releases.server.ts";
import { ComingSoon } from "#app/features/releases/coming-soon.tsx";
import { songsForPage } from "#app/features/songs/songs.server.ts";
import { absoluteUrl, DEFAULT_SOCIAL_IMAGE_PATH, pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import type { PublicPhoto } from "#app/domain/photo.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const [{ songs }, { artist, home, featuredSong, social }, photos, nextShow, coming] = await Promise.all([
    songsForPage(context),
    siteSettingsOf(context),
    photosForPage(context),
    nextShowForPage(context),
    comingReleasesForPage(context),
  ]);
  return {
    artist: { name: artist.name, genres: artist.genres },
    home,
    featuredSong,
    sameAs: social.links.filter((link) => link.platform !== "email").map((link) => link.url),
    songs,
    photos: { hero: photos.hero, portrait: photos.portrait },
    nextShow,
    coming,
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
          image: absoluteUrl(site.origin, site.socialImagePath ?? DEFAULT_SOCIAL_IMAGE_PATH),
          genre: site.genres,
          sameAs: loaderData?.sameAs ?? [],
        },
      },
    ],
  });
};

/** The secondary button over the photo: a light outline on a dark glass, readable on any photo. */
const ON_PHOTO_BUTTON =
  "inline-flex items-center justify-center gap-2 rounded-full border border-white/60 bg-stone-950/35 px-6 py-3 text-sm font-semibold text-white backdrop-blur-sm transition-colors hover:bg-white/15";

type HomeData = ReturnType<typeof useLoaderData<typeof loader>>;

/**
 * The artist's photo, full-bleed, with the name over its darkened side: on a
 * wide screen the words sit on the left over a sideways shade; on a phone the
 * photo comes first and the words follow on the shade it fades into. The
 * section is dark in both themes, so white text always reads.
 */
function PhotoHero({ artist, home, songs, hero }: Pick<HomeData, "artist" | "home" | "songs"> & { hero: PublicPhoto }) {
  return (
    <section className="relative isolate overflow-hidden bg-stone-950 text-white" data-testid="photo-hero">
      <div className="relative h-[min(68svh,34rem)] sm:h-[min(72svh,40rem)] lg:absolute lg:inset-0 lg:h-auto">
        <ResponsivePhoto photo={hero} sizes="100vw" priority className="absolute inset-0 size-full object-cover" />
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-t from-stone-950 via-stone-950/25 to-stone-950/10 lg:bg-gradient-to-r lg:from-stone-950/85 lg:via-stone-950/45 lg:to-stone-950/0"
        />
        <div
          aria-hidden="true"
          className="absolute inset-x-0 bottom-0 hidden h-40 bg-gradient-to-t from-stone-950/70 to-transparent lg:block"
        />
      </div>
      <div className="relative mx-auto -mt-36 max-w-6xl px-4 pb-14 sm:-mt-44 sm:px-6 lg:mt-0 lg:flex lg:min-h-[min(86svh,48rem)] lg:items-end lg:py-24">
        <div className="max-w-2xl [text-shadow:0_1px_12px_rgb(0_0_0/0.45)]">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-200">{artist.genres.join(" · ")}</p>
          <h1 className="mt-3 font-display text-5xl font-semibold tracking-tight text-balance sm:text-7xl">{artist.name}</h1>
          <p className="mt-4 font-display text-2xl text-stone-100">{home.heroHeading}</p>
          <p className="mt-4 max-w-xl text-lg text-stone-200">{home.heroText}</p>
          <div className="mt-8 flex flex-wrap gap-3 [text-shadow:none]">
            <ListenNowButton songs={songs} className={buttonClass("primary")} scrollTo="latest-music" />
            <Link to="/bio" className={ON_PHOTO_BUTTON}>
              About Me
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

/** Without a photo: the type-only hero on a soft gradient. */
function TextHero({ artist, home, songs }: Pick<HomeData, "artist" | "home" | "songs">) {
  return (
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
          <ListenNowButton songs={songs} className={buttonClass("primary")} scrollTo="latest-music" />
          <Link to="/bio" className={buttonClass("secondary")}>
            About Me
          </Link>
        </div>
      </div>
    </section>
  );
}

export default function Home() {
  const { artist, home, featuredSong, songs, photos, nextShow, coming } = useLoaderData<typeof loader>();
  const support = useRouteLoaderData<typeof rootLoader>("root")?.support ?? null;
  return (
    <>
      {photos.hero ? (
        <PhotoHero artist={artist} home={home} songs={songs} hero={photos.hero} />
      ) : (
        <TextHero artist={artist} home={home} songs={songs} />
      )}

      <FeaturedSong songs={songs} settings={featuredSong} className="mx-auto max-w-6xl px-4 pt-16 sm:px-6" />

      {nextShow ? <NextShow show={nextShow} className="mx-auto max-w-6xl px-4 pt-16 sm:px-6" /> : null}

      <ComingSoon releases={coming} headingId="coming-heading" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6" />

      <section id="latest-music" aria-labelledby="latest-heading" className="mx-auto max-w-6xl scroll-mt-20 px-4 pt-16 sm:px-6">
        <h2 id="latest-heading" className="mb-6 text-3xl font-semibold">
          Latest Music
        </h2>
        <SongsPlayer songs={songs} label="Latest Music player" />
      </section>

      {support ? (
        <div className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
          <SupportBlock support={support} />
        </div>
      ) : null}

      <section aria-labelledby="about-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div
          className={`grid gap-8 ${photos.portrait ? "md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:items-center md:gap-12" : "md:grid-cols-[1fr_2fr] md:items-start"}`}
        >
          {photos.portrait ? (
            <div className="mx-auto aspect-[4/5] w-full max-w-sm overflow-hidden rounded-3xl bg-stone-200 shadow-xl md:max-w-none dark:bg-stone-800">
              <ResponsivePhoto
                photo={photos.portrait}
                sizes="(min-width: 1152px) 440px, (min-width: 768px) 38vw, min(24rem, calc(100vw - 2rem))"
                className="size-full object-cover"
              />
            </div>
          ) : null}
          <div className={photos.portrait ? "" : "contents"}>
            <h2 id="about-heading" className="text-3xl font-semibold">
              About {artist.name}
            </h2>
            <div className={photos.portrait ? "mt-4" : ""}>
              <p className="text-lg leading-relaxed text-stone-700 dark:text-stone-300">{home.aboutPreview}</p>
              <Link to="/bio" className={`${buttonClass("secondary")} mt-6`}>
                {/* The hidden words make the link make sense on its own, as in a screen reader's list of links. */}
                Read More<span className="sr-only"> about {artist.name}</span>
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
