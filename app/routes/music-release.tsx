import { data, Link, redirect, useActionData, useLoaderData, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/music-release";
import { SongsPlayer } from "#app/features/player/music-player.tsx";
import { NewsletterForm } from "#app/features/newsletter/newsletter-form.tsx";
import { UpcomingRelease } from "#app/features/releases/upcoming-release.tsx";
import { SupportBlock } from "#app/components/support-block.tsx";
import { MusicBreadcrumb } from "#app/features/releases/music-breadcrumb.tsx";
import { CreditsList, ExplicitMark, LinerNotes } from "#app/features/releases/track-words.tsx";
import { getRelease, getSong } from "#app/features/songs/songs.server.ts";
import { renamedReleasePath } from "#app/features/releases/release-pages.server.ts";
import { renderMarkdown } from "#app/lib/text/markdown.server.ts";
import { appContext, servicesOf } from "#app/lib/platform/app-context.ts";
import { absoluteUrl, pageMeta, SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH, siteMetaFrom } from "#app/lib/document/meta.ts";
import { EMBED_SIZE, embedPath, isIdShaped, oembedPath, oldSongPath, releaseEmbedPath } from "#app/domain/public-paths.ts";
import { releaseSummary, releaseYear } from "#app/domain/release.ts";
import { isSlugShaped } from "#app/domain/slug.ts";
import { coverSocialKey, formatDuration, isoDuration, mediaUrl, withoutAudio, type Song } from "#app/domain/song.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import { DownloadBlock, type DownloadAnswer } from "#app/features/downloads/download-block.tsx";
import { emailDownload, grantOnTrust, offeredDownload } from "#app/features/downloads/fan-downloads.server.ts";
import { FAN_TEXT } from "#app/features/downloads/ui-text.ts";
import { handleSubscribe } from "#app/features/newsletter/subscribers.server.ts";
import { NEWSLETTER_FORMS } from "#app/features/newsletter/ui-text.ts";
import { readForm, textFields } from "#app/lib/http/read-form.server.ts";
import { formActionHeaders, formAnswer } from "#app/lib/http/wire.ts";
import { refused } from "#app/lib/result.ts";

/**
 * A release's page, /music/{release}: its cover, kind, year and tracklist, and
 * the player holding its tracks that are out, in running order. A release with
 * nothing out yet shows its first track's countdown, naming no audio. The
 * addresses songs had before releases, /music/{song id}, answer 301 with the
 * song's track page, so every link ever shared keeps working.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const slug = params.releaseSlug;
  const release = isSlugShaped(slug) ? await getRelease(services, slug) : null;
  if (!release) {
    // An address the artist has since changed answers with the release's page now.
    const renamed = isSlugShaped(slug) ? await renamedReleasePath(services, slug) : null;
    if (renamed) throw redirect(renamed, 301);
    const song = isIdShaped(slug) ? await getSong(services, slug) : null;
    if (song && song.path !== oldSongPath(song.id)) throw redirect(song.path, 301);
    throw data(null, { status: 404 });
  }
  const out = release.tracks.filter((track) => track.released);
  const first = release.tracks[0];
  // A release the artist has made but given no track yet is not a page.
  if (!first) throw data(null, { status: 404 });
  const year = releaseYear(release);
  if (out.length === 0) {
    // A kept copy of the countdown must not outlive it (the release also moves the content version on).
    if (first.releaseAt !== null) context.get(appContext).changesAt(first.releaseAt);
    // Nothing about it but its name and day until it is out: no notes, credits or audio.
    return { release: { ...release, notes: "", credits: [], tracks: [] }, notesHtml: "", upcoming: withoutAudio(first), year };
  }
  return {
    release: { ...release, tracks: out },
    notesHtml: release.notes ? renderMarkdown(release.notes) : "",
    upcoming: null,
    year,
    download: await offeredDownload(services.db, release.id),
  };
}

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The download part's forms (decision 028): free and name-your-price go to
 * their download page; the e-mail way is a sign-up (the newsletter's public
 * form, its checks and consent record) that also asks for the download.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const release = isSlugShaped(params.releaseSlug) ? await getRelease(services, params.releaseSlug) : null;
  if (!release) throw data(null, { status: 404 });
  const read = await readForm(request.clone());
  const intent = read.ok ? (textFields(read.form).intent ?? "") : "";
  if (intent === "download-free" || intent === "download-pay") {
    const granted = await grantOnTrust(services, request, release.id, intent === "download-free" ? "free" : "pay");
    if (granted.ok) throw redirect(granted.path, 303);
    return formAnswer({ ...granted, intent }, NO_STORE);
  }
  if (intent === "download-email") {
    const offer = await offeredDownload(services.db, release.id);
    if (offer?.access !== "email") return formAnswer({ ...refused(409, FAN_TEXT.notOffered), intent }, NO_STORE);
    const answered = await handleSubscribe(services, request, emailDownload(services, release.id));
    // Without mail there is nothing to wait for: the page goes to the download.
    if (answered.data.ok && answered.data.downloadPath) throw redirect(answered.data.downloadPath, 303);
    return data({ ...answered.data, intent }, answered.init ?? undefined);
  }
  return formAnswer({ ...(read.ok ? refused(400, FAN_TEXT.failed) : read), intent }, NO_STORE);
}

export const headers = formActionHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteMetaFrom(matches);
  if (!loaderData) return [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];
  const { release, upcoming, year } = loaderData;
  const cover = release.tracks[0]?.coverKey ?? upcoming?.coverKey;
  const image = cover
    ? {
        path: mediaUrl(coverSocialKey(cover)),
        width: SOCIAL_IMAGE_WIDTH,
        height: SOCIAL_IMAGE_HEIGHT,
        alt: `Cover art for ${release.title}`,
      }
    : undefined;
  if (upcoming) {
    return pageMeta(site, {
      title: `${release.title} (coming soon)`,
      description: `"${release.title}" by ${site.artistName} is coming soon. Get a mail the moment it is out.`,
      path: release.path,
      noindex: true,
      // Its visits before the day are what the artist's campaign brought.
      counted: true,
      image,
    });
  }
  const pageUrl = absoluteUrl(site.origin, release.path);
  const byArtist = { "@type": "MusicGroup", name: site.artistName, url: absoluteUrl(site.origin, "/") };
  return pageMeta(site, {
    title: release.title,
    description: `Listen to "${release.title}" by ${site.artistName}: ${releaseSummary(release, year, release.tracks.length).toLowerCase()}.`,
    path: release.path,
    type: "music.album",
    image,
    // Other sites may play it: the release's player for several tracks, the song's for one (decision 016).
    ...(release.tracks[0]
      ? { player: { path: release.tracks.length > 1 ? releaseEmbedPath(release.id) : embedPath(release.tracks[0].id), ...EMBED_SIZE } }
      : {}),
    extra: [
      // oEmbed discovery: a pasted link to this page becomes the player on sites that read it.
      {
        tagName: "link",
        rel: "alternate",
        type: "application/json+oembed",
        href: absoluteUrl(site.origin, oembedPath(pageUrl)),
        title: release.title,
      },
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "MusicAlbum",
          name: release.title,
          url: pageUrl,
          ...(image ? { image: absoluteUrl(site.origin, image.path) } : {}),
          albumReleaseType: { album: "AlbumRelease", ep: "EPRelease", single: "SingleRelease" }[release.kind],
          datePublished: new Date(release.releaseDate ?? release.tracks[0]?.releaseAt ?? release.tracks[0]?.createdAt ?? release.createdAt)
            .toISOString()
            .slice(0, 10),
          byArtist,
          numTracks: release.tracks.length,
          track: {
            "@type": "ItemList",
            numberOfItems: release.tracks.length,
            itemListElement: release.tracks.map((track, index) => ({
              "@type": "ListItem",
              position: index + 1,
              item: {
                "@type": "MusicRecording",
                name: track.title,
                url: absoluteUrl(site.origin, track.path),
                byArtist,
                ...(track.durationMs ? { duration: isoDuration(track.durationMs) } : {}),
                ...(track.isrc ? { isrcCode: track.isrc } : {}),
              },
            })),
          },
        },
      },
    ],
  });
};

export default function MusicRelease() {
  const { release, notesHtml, upcoming, year, download } = useLoaderData<typeof loader>();
  const answer = useActionData<DownloadAnswer>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (upcoming) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <UpcomingRelease song={{ ...upcoming, title: release.title }}>
          <NewsletterForm variant="release" formStarted={root?.formStarted ?? ""} />
        </UpcomingRelease>
      </section>
    );
  }
  const [first] = release.tracks;
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <MusicBreadcrumb />
      {/* The player below shows the cover, large: the header names the release. */}
      <header className="mb-8">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">
          {releaseSummary(release, year, release.tracks.length)}
        </p>
        <h1 className="mt-2 text-4xl font-semibold tracking-tight sm:text-5xl">{release.title}</h1>
        {first ? <p className="mt-2 text-lg text-stone-600 dark:text-stone-400">{first.artist}</p> : null}
      </header>
      <SongsPlayer songs={release.tracks} label={`Player for ${release.title}`} initialSongId={first?.id} inFirstScreen />
      {/* Taking it home sits right under the music, as on a record shop's page. */}
      {download ? (
        <div className="mt-8">
          <DownloadBlock
            offer={download}
            support={root?.support ?? null}
            formStarted={root?.formStarted ?? ""}
            consentWords={NEWSLETTER_FORMS.download}
            page={release.path}
            answer={answer}
          />
        </div>
      ) : null}
      {release.tracks.length > 1 ? <Tracklist tracks={release.tracks} /> : null}
      {notesHtml || release.credits.length > 0 ? (
        <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <LinerNotes html={notesHtml} headingId="notes-heading" />
          <CreditsList credits={release.credits} headingId="credits-heading" />
        </div>
      ) : null}
      {/* Name-your-price shows the payment links in its own part. */}
      {root?.support && download?.access !== "pay" ? (
        <div className="mt-12">
          <SupportBlock support={root.support} />
        </div>
      ) : null}
    </section>
  );
}

/** Each track's own page (its lyrics and credits): the player's list plays, this one leads there. */
function Tracklist({ tracks }: { tracks: Song[] }) {
  return (
    <section aria-labelledby="tracklist-heading" className="mt-12">
      <h2 id="tracklist-heading" className="mb-4 text-2xl font-semibold">
        Tracklist
      </h2>
      <ol className="divide-y divide-stone-200 rounded-2xl border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
        {tracks.map((track, index) => (
          <li key={track.id} className="flex items-baseline gap-4 px-4 py-3">
            <span className="w-6 text-right tabular-nums text-stone-500 dark:text-stone-400">{index + 1}</span>
            <span className="flex min-w-0 flex-1 items-baseline gap-2">
              <Link to={track.path} className="min-w-0 truncate font-medium hover:underline">
                {track.title}
              </Link>
              {track.explicit ? <ExplicitMark /> : null}
            </span>
            <span className="tabular-nums text-stone-600 dark:text-stone-400">
              {track.durationMs ? formatDuration(track.durationMs) : ""}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
