import type { ReactNode } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import type { Theme } from "#app/components/theme/theme.ts";
import { CoverImage } from "#app/components/cover-image.tsx";
import { useNonce } from "#app/lib/document/nonce.tsx";
import { coverVariantKey, formatDuration, mediaUrl, type Song } from "#app/domain/song.ts";
import { volumeFactor } from "#app/domain/track-gain.ts";
import { embedControlsScript, embedThemeScript } from "./embed-scripts.ts";
import { PlayerIcon } from "./player-icons.tsx";
import { EMBED_TEXT } from "./ui-text.ts";

/**
 * The volume a track plays at in the embed, as the site's player would play it
 * (track-gain.ts): a release's player plays it in order, with the release's gain.
 */
const levelOf = (song: Song, wholeRelease: boolean) => String(volumeFactor(song.gain, wholeRelease, true));

/** Opens the site in a new tab: inside another site's frame, a plain link would replace only the frame. */
const outside = { target: "_blank", rel: "noopener" } as const;

/**
 * The page other sites frame (/embed): one song, cover, title and artist,
 * play/pause, seek and times, and the way to the song's page on the site. It
 * fills whatever frame it gets: a strip 152 px tall (cover beside the
 * controls) up to a square or taller (cover above them). Rendered on the
 * server and never hydrated; its two small inline scripts do the rest.
 */
export function EmbedPlayer({
  song,
  artistName,
  shareUrl,
  theme,
  release = null,
}: {
  song: Song;
  artistName: string;
  shareUrl: string;
  theme: Theme | null;
  /** A release's player: its title, and its tracks out in running order (`song` is the first), each with its page's address. */
  release?: { title: string; tracks: { song: Song; shareUrl: string }[] } | null;
}) {
  const nonce = useNonce();
  const duration = (song.durationMs ?? 0) / 1000;
  return (
    <EmbedFrame theme={theme} backdrop={song.coverKey}>
      <main
        data-embed-player
        data-song-id={song.id}
        data-duration={duration}
        data-title={song.title}
        data-artist={song.artist}
        data-artwork={mediaUrl(coverVariantKey(song.coverKey, 384, "webp"))}
        className="mx-auto flex h-full max-w-4xl items-center gap-4 p-4 tall:gap-6 tall:p-5 stacked:flex-col stacked:items-stretch stacked:gap-3"
      >
        {/* Stacked, the cover takes the room left above the controls, as the largest square that fits it. */}
        <div className="flex h-full shrink-0 items-center max-[359px]:hidden stacked:flex stacked:h-auto stacked:min-h-0 stacked:flex-1 stacked:items-center stacked:justify-center stacked:[container-type:size]">
          <CoverImage
            coverKey={song.coverKey}
            alt={`Cover art for ${song.title}`}
            size={384}
            sizes="(min-height: 280px) 384px, 120px"
            priority
            className="aspect-square h-full max-h-[26rem] w-auto rounded-lg object-cover shadow-md ring-1 ring-black/5 stacked:size-[min(100cqw,100cqh)]"
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col justify-center gap-2 stacked:flex-none tall:gap-3">
          <div className="flex items-center gap-3">
            <div className="min-w-0 flex-1">
              <h1 className="truncate text-lg leading-tight font-semibold tall:text-2xl" title={song.title}>
                <a href={shareUrl} {...outside} data-embed-title className="hover:underline focus-visible:underline">
                  {song.title}
                </a>
              </h1>
              <p className="truncate text-sm text-stone-700 dark:text-stone-300">
                {release ? `${song.artist} · ${release.title}` : song.artist}
              </p>
            </div>
            <button
              type="button"
              data-embed-toggle
              data-play-label={`Play ${song.title}`}
              data-pause-label={`Pause ${song.title}`}
              aria-label={`Play ${song.title}`}
              className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white shadow-md transition-colors hover:bg-brand-700 dark:bg-brand-500 dark:text-stone-950 dark:hover:bg-brand-400 tall:size-14"
            >
              <span data-icon="play" className="contents">
                <PlayerIcon name="play" className="size-6" />
              </span>
              <span data-icon="pause" className="contents" style={{ display: "none" }}>
                <PlayerIcon name="pause" className="size-6" />
              </span>
            </button>
          </div>
          <div className="flex items-center gap-2 text-xs text-stone-700 tabular-nums dark:text-stone-300">
            <span data-embed-elapsed aria-hidden="true" className="w-9">
              0:00
            </span>
            <input
              type="range"
              data-embed-seek
              min={0}
              max={duration}
              step="any"
              defaultValue={0}
              disabled={duration <= 0}
              aria-label="Seek"
              aria-valuetext={`0:00 of ${formatDuration(song.durationMs)}`}
              className="h-1.5 min-w-0 flex-1 cursor-pointer accent-brand-600 disabled:cursor-default dark:accent-brand-400"
            />
            <span data-embed-total aria-hidden="true" className="w-9 text-right">
              {formatDuration(song.durationMs)}
            </span>
          </div>
          <p data-embed-error role="alert" hidden className="text-xs font-medium text-red-700 dark:text-red-400" />
          {release ? <EmbedTracklist title={release.title} tracks={release.tracks} /> : null}
          <ListenOn href={shareUrl} artistName={artistName} />
        </div>
        {/* Nothing is fetched until the fan presses play. */}
        <audio
          src={song.audioUrl}
          data-opus={song.opusUrl ?? undefined}
          data-level={levelOf(song, release !== null)}
          preload="none"
          data-testid="embed-audio"
        />
      </main>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: embedControlsScript }} />
    </EmbedFrame>
  );
}

/**
 * A release's tracks, each pressed to play it; the player goes on to the next
 * as one ends. Shown when the frame is tall enough; in the strip, the release
 * still plays through in order.
 */
function EmbedTracklist({ title, tracks }: { title: string; tracks: { song: Song; shareUrl: string }[] }) {
  return (
    <ol aria-label={`Tracks of ${title}`} className="hidden max-h-40 overflow-y-auto text-sm tall:block stacked:max-h-32">
      {tracks.map(({ song, shareUrl }, index) => (
        <li key={song.id}>
          <button
            type="button"
            data-embed-track
            data-song-id={song.id}
            data-src={song.audioUrl}
            data-opus={song.opusUrl ?? undefined}
            data-level={levelOf(song, true)}
            data-title={song.title}
            data-share={shareUrl}
            data-duration={(song.durationMs ?? 0) / 1000}
            data-play-label={`Play ${song.title}`}
            data-pause-label={`Pause ${song.title}`}
            aria-current={index === 0 ? "true" : undefined}
            className="flex w-full items-baseline gap-3 rounded-md px-2 py-1 text-left hover:bg-black/5 aria-[current=true]:font-semibold aria-[current=true]:text-brand-800 dark:hover:bg-white/10 dark:aria-[current=true]:text-brand-200"
          >
            <span className="w-4 text-right text-xs tabular-nums text-stone-600 dark:text-stone-400">{index + 1}</span>
            <span className="min-w-0 flex-1 truncate">{song.title}</span>
            <span className="text-xs tabular-nums text-stone-600 dark:text-stone-400">{formatDuration(song.durationMs)}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

/** What a player's loader says when it has nothing to play. */
export type EmbedUnavailableData = { artistName: string; siteUrl: string; noSongs: boolean };

/** A player route's error boundary: its 404 as the frame shows it, anything else logged and shown the same. */
export function EmbedRouteError() {
  const error = useRouteError();
  const details = isRouteErrorResponse(error) ? (error.data as Partial<EmbedUnavailableData> | null) : null;
  if (!details) console.error(error);
  return <EmbedUnavailable artistName={details?.artistName ?? ""} siteUrl={details?.siteUrl ?? "/"} noSongs={details?.noSongs ?? false} />;
}

/** What a frame shows for a song that is not there (or not out yet), or when no song is out at all. */
function EmbedUnavailable({ artistName, siteUrl, noSongs }: { artistName: string; siteUrl: string; noSongs: boolean }) {
  return (
    <EmbedFrame theme={null}>
      <main className="flex h-full flex-col items-center justify-center gap-1 p-4 text-center">
        <h1 className="text-lg font-semibold">{noSongs ? EMBED_TEXT.noSongs : EMBED_TEXT.unavailableTitle}</h1>
        {noSongs ? null : <p className="text-sm text-stone-700 dark:text-stone-300">{EMBED_TEXT.unavailable}</p>}
        {artistName ? (
          <ListenOn href={siteUrl} artistName={artistName} label={EMBED_TEXT.visitSite(artistName)} className="mt-2 self-center" />
        ) : null}
      </main>
    </EmbedFrame>
  );
}

function ListenOn({
  href,
  artistName,
  label,
  className = "self-start stacked:self-center",
}: {
  href: string;
  artistName: string;
  label?: string;
  className?: string;
}) {
  return (
    <a
      href={href}
      {...outside}
      className={`inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline dark:text-brand-300 ${className}`}
    >
      {label ?? EMBED_TEXT.listenOn(artistName)}
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3" fill="none" stroke="currentColor" strokeWidth="1.75">
        <path d="M6 3h7v7M13 3 4 12" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * The whole frame: the theme set before first paint, and a backdrop of the
 * cover, blurred and washed out, so the player has an edge of its own on any
 * page and each song its own colour.
 */
function EmbedFrame({ theme, backdrop, children }: { theme: Theme | null; backdrop?: string; children: ReactNode }) {
  const nonce = useNonce();
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: embedThemeScript(theme) }} />
      <div className="relative isolate h-dvh overflow-hidden bg-stone-100 text-stone-900 dark:bg-stone-900 dark:text-stone-100">
        {backdrop ? (
          <img
            src={mediaUrl(coverVariantKey(backdrop, 96, "webp"))}
            alt=""
            aria-hidden="true"
            className="absolute inset-0 -z-10 size-full scale-125 object-cover opacity-70 blur-2xl dark:opacity-80"
          />
        ) : null}
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-white/65 dark:bg-stone-950/60" />
        {children}
      </div>
    </>
  );
}
