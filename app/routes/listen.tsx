import { useEffect } from "react";
import { data, isRouteErrorResponse, useLoaderData, useParams, useRevalidator } from "react-router";
import type { Route } from "./+types/listen";
import { ErrorPage } from "#app/components/error-page.tsx";
import { SongsPlayer } from "#app/features/player/music-player.tsx";
import { usePlayer } from "#app/features/player/player-context.tsx";
import { watchPlayMilestones } from "#app/features/player/play-milestones.ts";
import { CreditsList, ExplicitMark, LinerNotes } from "#app/features/releases/track-words.tsx";
import { openLink } from "#app/features/listening-links/listening-links.server.ts";
import { linkReleaseId, listenPage } from "#app/features/listening-links/listen-page.server.ts";
import { getRelease } from "#app/features/songs/songs.server.ts";
import { isTokenShaped } from "#app/lib/auth/bearer-secrets.server.ts";
import { LISTEN_TEXT } from "#app/features/listening-links/ui-text.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { renderMarkdown } from "#app/lib/text/markdown.server.ts";
import { formatDate, formatDateTime } from "#app/lib/time/format-date.ts";
import { useVisitorTimeZone } from "#app/components/paged-list/use-visitor-time-zone.ts";
import { releaseSummary, releaseYear } from "#app/domain/release.ts";
import { formatDuration } from "#app/domain/song.ts";

/**
 * For the one person a link was made for, and nobody else: kept by no cache,
 * shown to no search engine, and its address (which carries the token) sent
 * to no other site.
 */
const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

/**
 * GET /listen/{token}: a private listening link's page (decision 027). It
 * plays the release or track the link was made for, out or not, through media
 * addresses signed for this link alone. An unknown token is the 404 of any
 * missing page; a link the artist ended, or that ran out, a polite 410.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const opened = isTokenShaped(params.token) ? await openLink(services.db, params.token) : ({ state: "missing" } as const);
  if (opened.state === "gone") throw data(null, { status: 410, headers: PRIVATE_HEADERS });
  const releaseId = opened.state === "live" ? await linkReleaseId(services, opened.link) : null;
  const release = releaseId ? await getRelease(services, { id: releaseId }) : null;
  const page = opened.state === "live" ? listenPage(services, opened.link, release) : null;
  if (!page) throw data(null, { status: opened.state === "live" ? 410 : 404, headers: PRIVATE_HEADERS });
  return data(
    {
      ...page,
      notesHtml: page.release.notes ? renderMarkdown(page.release.notes) : "",
      year: releaseYear({ ...page.release, tracks: page.songs }),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.release.title} · ${LISTEN_TEXT.eyebrow}` : LISTEN_TEXT.goneTitle },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function Listen() {
  const page = useLoaderData<typeof loader>();
  const { release, tracks, songs, expiresAt, allowDownload, notesHtml, year } = page;
  const token = useParams().token ?? "";
  useListenBeacons(token);
  useRenewedAddresses(page.renewBy);
  const timeZone = useVisitorTimeZone();
  const [first] = tracks;
  // The day every track not out shares (a release comes out whole): said once, above.
  const comingDays = new Set(tracks.filter(({ song }) => !song.released).map(({ song }) => song.releaseAt));
  const [day] = comingDays;
  const shared =
    comingDays.size === 1 && day != null
      ? formatDate(day, tracks.find(({ song }) => !song.released)?.song.releaseTimeZone ?? undefined)
      : null;
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="mb-8">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">
          {LISTEN_TEXT.eyebrow} · {releaseSummary(release, year, tracks.length)}
        </p>
        <h1 className="mt-2 text-4xl font-semibold tracking-tight sm:text-5xl">
          {tracks.length === 1 && first ? first.song.title : release.title}
        </h1>
        {first ? <p className="mt-2 text-lg text-stone-600 dark:text-stone-400">{first.song.artist}</p> : null}
        <p className="mt-4 max-w-2xl rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100">
          {shared ? <strong className="font-semibold">{LISTEN_TEXT.notOutYet(shared)}. </strong> : null}
          {LISTEN_TEXT.sharedWith}
          {expiresAt !== null ? <> {LISTEN_TEXT.worksUntil(formatDateTime(expiresAt, timeZone))}</> : null}
        </p>
      </header>
      {songs.length > 0 ? (
        <SongsPlayer songs={songs} label={`Player for ${release.title}`} initialSongId={songs[0]?.id} inFirstScreen />
      ) : (
        <p role="status" className="rounded-2xl border border-stone-200 p-6 dark:border-stone-800">
          {LISTEN_TEXT.preparing}
        </p>
      )}
      <section aria-labelledby="listen-tracks-heading" className="mt-12">
        <h2 id="listen-tracks-heading" className="mb-4 text-2xl font-semibold">
          {tracks.length > 1 ? "Tracklist" : "Track"}
        </h2>
        <ol className="divide-y divide-stone-200 rounded-2xl border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
          {tracks.map(({ song, playable }, index) => {
            const status = !playable
              ? LISTEN_TEXT.preparing
              : song.released || shared !== null
                ? ""
                : song.releaseAt !== null
                  ? LISTEN_TEXT.notOutYet(formatDate(song.releaseAt, song.releaseTimeZone ?? undefined))
                  : LISTEN_TEXT.unreleased;
            const download = allowDownload && playable;
            return (
              <li key={song.id} className="px-4 py-3">
                <div className="flex items-baseline gap-4">
                  <span className="w-6 shrink-0 text-right tabular-nums text-stone-500 dark:text-stone-400">{index + 1}</span>
                  <span className="flex min-w-0 flex-1 items-baseline gap-2">
                    <span className="min-w-0 truncate font-medium">{song.title}</span>
                    {song.explicit ? <ExplicitMark /> : null}
                  </span>
                  <span className="tabular-nums text-stone-600 dark:text-stone-400">
                    {song.durationMs ? formatDuration(song.durationMs) : ""}
                  </span>
                </div>
                {status || download ? (
                  <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 pl-10 text-sm">
                    {status ? <span className="text-stone-600 dark:text-stone-400">{status}</span> : null}
                    {download ? (
                      <a
                        href={`/listen/${token}/download/${song.id}`}
                        download
                        className="font-medium text-brand-700 underline underline-offset-4 hover:no-underline dark:text-brand-300"
                      >
                        {LISTEN_TEXT.download(song.title)}
                      </a>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      </section>
      {notesHtml || release.credits.length > 0 ? (
        <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <LinerNotes html={notesHtml} headingId="notes-heading" />
          <CreditsList credits={release.credits} headingId="credits-heading" />
        </div>
      ) : null}
    </section>
  );
}

/** Posts what happens on the page to the link's counts: a visit once hydrated (a person's browser, not a preview bot), each track started. */
function useListenBeacons(token: string) {
  const store = usePlayer();
  useEffect(() => {
    const send = (fields: Record<string, string>) =>
      fetch(`/listen/${token}/beacon`, { method: "POST", body: new URLSearchParams(fields), keepalive: true }).catch(() => {});
    void send({ intent: "visit" });
    // A play each time a track starts (another track, or this one again from its start), not each time it resumes.
    return watchPlayMilestones(store, (songId, milestone) => {
      if (milestone === "start") void send({ intent: "play", songId });
    });
  }, [store, token]);
}

/** How long a page whose renewal failed waits before it asks again. */
const RETRY_RENEWAL_MS = 30_000;

/**
 * The page's media addresses are signed for minutes: it asks for new ones
 * before they lapse (at once when it comes back from the background late),
 * and the player loads what comes next from those.
 */
function useRenewedAddresses(renewBy: number) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const renewIfDue = () => {
      if (Date.now() >= renewBy && state === "idle") void revalidate();
    };
    // Due already (a renewal that failed, offline): try again in a while, not in a loop.
    const wait = renewBy - Date.now();
    const timer = setTimeout(renewIfDue, wait > 0 ? wait : RETRY_RENEWAL_MS);
    document.addEventListener("visibilitychange", renewIfDue);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", renewIfDue);
    };
  }, [renewBy, revalidate, state]);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const gone = isRouteErrorResponse(error) && error.status === 410;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!gone && !notFound) console.error(error);
  return (
    <>
      <title>{gone ? LISTEN_TEXT.goneTitle : notFound ? "Page Not Found" : "Something went wrong"}</title>
      <meta name="robots" content="noindex, nofollow" />
      <ErrorPage
        code={gone ? undefined : notFound ? "404" : undefined}
        title={gone ? LISTEN_TEXT.goneTitle : notFound ? "Page Not Found" : "Something went wrong"}
        message={
          gone
            ? LISTEN_TEXT.goneText
            : notFound
              ? "The page you are looking for does not exist or has moved."
              : "An unexpected error occurred. Please try again in a moment."
        }
      />
    </>
  );
}
