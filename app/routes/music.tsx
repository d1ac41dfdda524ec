import { useLoaderData, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/music";
import { SocialLinks } from "#app/components/social-icons.tsx";
import { VideoFacade } from "#app/components/video-facade.tsx";
import { NewsletterForm } from "#app/features/newsletter/newsletter-form.tsx";
import { photosForPage } from "#app/features/photos/photos.server.ts";
import { SongsPlayer } from "#app/features/player/music-player.tsx";
import { usePlayer } from "#app/features/player/player-context.tsx";
import { songsForPage } from "#app/features/songs/songs.server.ts";
import { ReleaseGrid } from "#app/features/releases/release-grid.tsx";
import { comingReleasesForPage, releasesForPage } from "#app/features/releases/releases.server.ts";
import { ComingSoon } from "#app/features/releases/coming-soon.tsx";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";
import type { loader as rootLoader } from "#app/root.tsx";

/** The music page adds Alternative to the site's genres (SPEC section 1). */
const musicGenres = (genres: string[]) => (genres.includes("Alternative") ? genres : [...genres, "Alternative"]);

export async function loader({ context }: Route.LoaderArgs) {
  const [{ songs }, settings, releases, coming] = await Promise.all([
    songsForPage(context),
    siteSettingsOf(context),
    releasesForPage(context),
    comingReleasesForPage(context),
  ]);
  return {
    releases,
    coming,
    artistName: settings.artist.name,
    liveVideo: settings.liveVideo,
    social: settings.social.links,
    songs,
    photos: { poster: (await photosForPage(context)).poster },
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteMetaFrom(matches);
  return pageMeta(site, {
    title: "Music",
    description: `Listen to ${site.artistName}'s songs, watch a live performance and hear first about new releases.`,
    path: "/music",
    genres: musicGenres(site.genres),
  });
};

export default function Music() {
  const { artistName, liveVideo, social, songs, photos, releases, coming } = useLoaderData<typeof loader>();
  const player = usePlayer();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <section className="mx-auto max-w-6xl px-4 pt-16 pb-10 sm:px-6 sm:pt-20">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">Music</p>
        <h1 className="mt-3 text-4xl font-semibold tracking-tight sm:text-5xl">The music of {artistName}</h1>
        <p className="mt-4 max-w-2xl text-lg text-stone-600 dark:text-stone-400">
          Every release in one place. Press play and keep browsing: the music follows you around the site.
        </p>
      </section>

      <section aria-labelledby="releases-heading" className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="releases-heading" className="mb-6 text-3xl font-semibold">
          Current Releases
        </h2>
        <SongsPlayer songs={songs} label="Current Releases player" inFirstScreen />
      </section>

      <ComingSoon releases={coming} headingId="coming-heading" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6" />

      {releases && releases.length > 0 ? (
        <section aria-labelledby="discography-heading" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
          <h2 id="discography-heading" className="mb-6 text-3xl font-semibold">
            Releases
          </h2>
          <ReleaseGrid releases={releases} />
        </section>
      ) : null}

      <section aria-labelledby="live-heading" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
        <h2 id="live-heading" className="mb-6 text-3xl font-semibold">
          Live Performance
        </h2>
        <VideoFacade
          videoId={liveVideo.youtubeId}
          startSeconds={liveVideo.startSeconds}
          title={liveVideo.title}
          poster={photos.poster}
          onActivate={() => player.pause()}
        />
      </section>

      <div className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
        <NewsletterForm variant="panel" formStarted={root?.formStarted ?? ""} />
      </div>

      <section aria-labelledby="coming-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="rounded-3xl border border-dashed border-stone-300 p-8 text-center sm:p-12 dark:border-stone-700">
          <h2 id="coming-heading" className="text-3xl font-semibold">
            More Music Coming Soon
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-stone-600 dark:text-stone-400">
            New songs are on the way. Follow along to hear them first.
          </p>
          <SocialLinks links={social} className="mt-6 justify-center" />
        </div>
      </section>
    </>
  );
}
