import { data, Link, useLoaderData, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/music-song";
import { SongsPlayer } from "#app/features/player/music-player.tsx";
import { getSong, songsForPage } from "#app/features/songs/songs.server.ts";
import { appContext, servicesOf } from "#app/lib/platform/app-context.ts";
import { NewsletterForm } from "#app/features/newsletter/newsletter-form.tsx";
import { UpcomingRelease } from "#app/features/releases/upcoming-release.tsx";
import { formatDateTime } from "#app/lib/time/format-date.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import { absoluteUrl, pageMeta, SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH, siteMetaFrom } from "#app/lib/document/meta.ts";
import { EMBED_SIZE, embedPath, oembedPath, songPath } from "#app/domain/public-paths.ts";
import { audioType, coverSocialKey, isoDuration, mediaUrl } from "#app/domain/song.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const song = await getSong(services, params.songId);
  if (!song) throw data(null, { status: 404 });
  if (!song.released) {
    // A kept copy of the countdown must not outlive it (the release also moves the content version on).
    if (song.releaseAt !== null) context.get(appContext).changesAt(song.releaseAt);
    return { song, songs: [] };
  }
  const { songs } = await songsForPage(context);
  return { song, songs };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteMetaFrom(matches);
  const song = loaderData?.song;
  if (!song) return [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];
  const path = songPath(song.id);
  if (!song.released) {
    const when = formatDateTime(song.releaseAt, song.releaseTimeZone ?? "UTC");
    return pageMeta(site, {
      title: `${song.title} (coming soon)`,
      description: `"${song.title}" by ${song.artist} comes out ${when}. Get a mail the moment it is out.`,
      path,
      // Out of search results until it is out; the sitemap leaves it out too.
      noindex: true,
      image: {
        path: mediaUrl(coverSocialKey(song.coverKey)),
        width: SOCIAL_IMAGE_WIDTH,
        height: SOCIAL_IMAGE_HEIGHT,
        alt: `Cover art for ${song.title}`,
      },
    });
  }
  const pageUrl = absoluteUrl(site.origin, path);
  const audioUrl = absoluteUrl(site.origin, song.audioUrl);
  const imagePath = mediaUrl(coverSocialKey(song.coverKey));
  return pageMeta(site, {
    title: song.title,
    description: `Listen to "${song.title}" by ${song.artist}.`,
    path,
    type: "music.song",
    image: { path: imagePath, width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT, alt: `Cover art for ${song.title}` },
    // A song that is out (a countdown page returned above): other sites may play it (decision 016).
    player: { path: embedPath(song.id), ...EMBED_SIZE },
    extra: [
      // oEmbed discovery: a pasted link to this page becomes the player on sites that read it.
      {
        tagName: "link",
        rel: "alternate",
        type: "application/json+oembed",
        href: absoluteUrl(site.origin, oembedPath(pageUrl)),
        title: song.title,
      },
      { property: "og:audio", content: audioUrl },
      { property: "og:audio:type", content: audioType(song.audioUrl) },
      ...(song.durationMs ? [{ property: "music:duration", content: String(Math.round(song.durationMs / 1000)) }] : []),
      { property: "music:musician", content: absoluteUrl(site.origin, "/") },
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "MusicRecording",
          name: song.title,
          url: pageUrl,
          image: absoluteUrl(site.origin, imagePath),
          datePublished: new Date(song.createdAt).toISOString().slice(0, 10),
          ...(song.durationMs ? { duration: isoDuration(song.durationMs) } : {}),
          byArtist: { "@type": "MusicGroup", name: song.artist, url: absoluteUrl(site.origin, "/") },
          audio: { "@type": "AudioObject", contentUrl: audioUrl, encodingFormat: audioType(song.audioUrl) },
        },
      },
    ],
  });
};

export default function MusicSong() {
  const { song, songs } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!song.released) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <UpcomingRelease song={song}>
          <NewsletterForm variant="release" formStarted={root?.formStarted ?? ""} />
        </UpcomingRelease>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm">
        <Link to="/music" className="text-brand-700 hover:underline dark:text-brand-300">
          ← All music
        </Link>
      </nav>
      <h1 className="mb-8 text-4xl font-semibold tracking-tight sm:text-5xl">{song.title}</h1>
      <SongsPlayer songs={songs} label={`Player for ${song.title}`} initialSongId={song.id} inFirstScreen />
    </section>
  );
}
