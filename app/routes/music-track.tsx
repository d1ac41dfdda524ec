import { data, redirect, useLoaderData, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/music-track";
import { SongsPlayer } from "#app/features/player/music-player.tsx";
import { SyncedLyrics } from "#app/features/player/synced-lyrics.tsx";
import { getRelease, getTrack } from "#app/features/songs/songs.server.ts";
import { getTrackText, renamedTrackPath } from "#app/features/releases/release-pages.server.ts";
import { CreditsList, ExplicitMark, Lyrics } from "#app/features/releases/track-words.tsx";
import { isSlugShaped } from "#app/domain/slug.ts";
import { appContext, servicesOf } from "#app/lib/platform/app-context.ts";
import { NewsletterForm } from "#app/features/newsletter/newsletter-form.tsx";
import { UpcomingRelease } from "#app/features/releases/upcoming-release.tsx";
import { MusicBreadcrumb } from "#app/features/releases/music-breadcrumb.tsx";
import { formatDateTime } from "#app/lib/time/format-date.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import { absoluteUrl, pageMeta, SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH, siteMetaFrom } from "#app/lib/document/meta.ts";
import { EMBED_SIZE, embedPath, oembedPath } from "#app/domain/public-paths.ts";
import { audioType, coverSocialKey, isoDuration, mediaUrl, withoutAudio } from "#app/domain/song.ts";

/**
 * A track's page, /music/{release}/{track}: the address fans paste. The player
 * holds the release's tracks that are out, in running order, starting at this one;
 * a track not out yet shows its countdown instead, naming no audio.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const { releaseSlug, trackSlug } = params;
  const shaped = isSlugShaped(releaseSlug) && isSlugShaped(trackSlug);
  const song = shaped ? await getTrack(services, releaseSlug, trackSlug) : null;
  if (!song) {
    // An address the artist has since changed, or a track moved to another release, answers with its page now.
    const renamed = shaped ? await renamedTrackPath(services, releaseSlug, trackSlug) : null;
    if (renamed) throw redirect(renamed, 301);
    throw data(null, { status: 404 });
  }
  if (!song.released) {
    // A kept copy of the countdown must not outlive it (the release also moves the content version on).
    if (song.releaseAt !== null) context.get(appContext).changesAt(song.releaseAt);
    // Nothing about it but its name and day until it is out: no audio, lyrics or credits.
    return { song: { ...withoutAudio(song), isrc: "" }, songs: [], partOf: null, text: null };
  }
  const [release, text] = await Promise.all([getRelease(services, releaseSlug), getTrackText(services, song.id)]);
  const songs = (release?.tracks ?? [song]).filter((track) => track.released);
  // A single's page is its track's; a longer release's page is worth a link back.
  const partOf = release && release.kind !== "single" ? { title: release.title, path: release.path } : null;
  return { song, songs, partOf, text };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteMetaFrom(matches);
  const song = loaderData?.song;
  if (!song) return [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];
  const path = song.path;
  if (!song.released) {
    const when = formatDateTime(song.releaseAt, song.releaseTimeZone ?? "UTC");
    return pageMeta(site, {
      title: `${song.title} (coming soon)`,
      description: `"${song.title}" by ${song.artist} comes out ${when}. Get a mail the moment it is out.`,
      path,
      // Out of search results until it is out; the sitemap leaves it out too. Its visits are counted.
      noindex: true,
      counted: true,
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
          ...(song.isrc ? { isrcCode: song.isrc } : {}),
          byArtist: { "@type": "MusicGroup", name: song.artist, url: absoluteUrl(site.origin, "/") },
          audio: { "@type": "AudioObject", contentUrl: audioUrl, encodingFormat: audioType(song.audioUrl) },
        },
      },
    ],
  });
};

export default function MusicTrack() {
  const { song, songs, partOf, text } = useLoaderData<typeof loader>();
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
      <MusicBreadcrumb release={partOf} />
      <h1 className="mb-8 flex items-center gap-3 text-4xl font-semibold tracking-tight sm:text-5xl">
        <span className="min-w-0">{song.title}</span>
        {song.explicit ? <ExplicitMark /> : null}
      </h1>
      <SongsPlayer songs={songs} label={`Player for ${song.title}`} initialSongId={song.id} inFirstScreen />
      {text && (text.lyrics || text.syncedLyrics || text.credits.length > 0 || song.isrc) ? (
        <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          {text.syncedLyrics ? (
            <SyncedLyrics songId={song.id} lrc={text.syncedLyrics} headingId="lyrics-heading" />
          ) : (
            <Lyrics lyrics={text.lyrics} headingId="lyrics-heading" />
          )}
          <CreditsList credits={text.credits} isrc={song.isrc} headingId="credits-heading" />
        </div>
      ) : null}
    </section>
  );
}
