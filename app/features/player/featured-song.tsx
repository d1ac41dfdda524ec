import { Suspense } from "react";
import { Await, Link } from "react-router";
import { CoverImage } from "#app/components/cover-image.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { EARLY_PLAY_ATTRIBUTE, type PlayButtonState } from "#app/lib/document/early-taps.ts";
import type { PageSongs, Song } from "#app/domain/song.ts";
import { RELEASE_KIND_NAME } from "#app/domain/release.ts";
import { featuredPick } from "./featured-pick.ts";
import { useEarlyPlayClaim, usePlayer, usePlayerState } from "./player-context.tsx";
import { PlayPauseIcon } from "./player-icons.tsx";
import { StreamingLinks } from "./streaming-links.tsx";

export type FeaturedSongSettings = { songId: string | null; description: string; link: { url: string; label: string } | null };

const panel = "rounded-3xl bg-stone-900 p-6 text-stone-50 sm:p-10 dark:bg-stone-800";

function OutsideLink({ link, primary }: { link: { url: string; label: string }; primary: boolean }) {
  return (
    <a href={link.url} target="_blank" rel="noopener noreferrer" className={primary ? buttonClass("primary") : buttonClass("onDark")}>
      {link.label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function FeaturedCard({ songs, settings, className }: { songs: Song[]; settings: FeaturedSongSettings; className: string }) {
  const store = usePlayer();
  const state = usePlayerState();
  useEarlyPlayClaim(songs);
  const pick = featuredPick(songs, settings.songId);
  const song = pick?.lead;
  const index = pick?.index ?? -1;
  const tracks = pick?.releaseTracks ?? [];
  const asRelease = tracks.length > 1;
  if (!song) {
    // No songs yet: the card is only worth showing for the artist's own link.
    return settings.link ? (
      <section aria-label="Featured" className={className}>
        <div className={`${panel} flex flex-wrap items-center justify-between gap-6`}>
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-300">Featured</p>
          <OutsideLink link={settings.link} primary />
        </div>
      </section>
    ) : null;
  }
  const current = state.queue[state.index];
  const playing = (asRelease ? current?.releaseId === song.releaseId : current?.id === song.id) && state.playing;
  const title = asRelease ? song.releaseTitle : song.title;
  const buttonState: PlayButtonState = playing ? (state.buffering ? "loading" : "playing") : "paused";
  return (
    <section aria-labelledby="featured-heading" className={className}>
      <div className={`${panel} grid gap-6 sm:grid-cols-[12rem_1fr] sm:items-center sm:gap-10`}>
        <CoverImage
          coverKey={song.coverKey}
          alt={`Cover art for ${title}`}
          size={192}
          sizes="(min-width: 640px) 192px, 50vw"
          className="aspect-square w-1/2 rounded-2xl object-cover shadow-lg sm:w-full"
        />
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-300">
            {asRelease ? `Featured ${RELEASE_KIND_NAME[song.releaseKind]} · ${tracks.length} tracks` : "Featured song"}
          </p>
          <h2 id="featured-heading" className="mt-2 break-words text-3xl font-semibold">
            {asRelease ? (
              <Link to={song.releasePath} className="underline-offset-4 hover:underline">
                {title}
              </Link>
            ) : (
              title
            )}
          </h2>
          {settings.description ? <p className="mt-3 max-w-2xl text-stone-300">{settings.description}</p> : null}
          <div className="mt-6 flex flex-wrap gap-3">
            <button
              type="button"
              className={`group relative ${buttonClass("primary")}`}
              aria-label={`${playing ? "Pause" : "Play"} ${title}`}
              data-state={buttonState}
              {...{ [EARLY_PLAY_ATTRIBUTE]: song.audioUrl }}
              onClick={() => (playing ? store.pause() : store.playQueue(songs, index))}
            >
              {/* The words and icon follow data-state, which the early-tap script sets before hydration too. */}
              <span className="relative inline-flex size-4">
                <PlayPauseIcon className="size-4" />
              </span>
              <span aria-hidden="true" className="group-data-[state=loading]:hidden group-data-[state=playing]:hidden">
                Play
              </span>
              <span aria-hidden="true" className="hidden group-data-[state=loading]:inline group-data-[state=playing]:inline">
                Pause
              </span>
            </button>
            {settings.link ? <OutsideLink link={settings.link} primary={false} /> : null}
            <Link to="/music" className={buttonClass("onDark")}>
              More Music
            </Link>
          </div>
          <StreamingLinks
            song={song}
            label={`${song.title} on streaming services`}
            className="mt-5 flex flex-wrap gap-x-5 gap-y-2 text-sm"
            linkClassName="font-semibold text-stone-300 underline-offset-4 hover:text-white hover:underline"
          />
        </div>
      </div>
    </section>
  );
}

/**
 * The home page's featured song from the catalogue (the latest release unless
 * the artist chose another), playing here, with its own streaming links.
 */
export function FeaturedSong({ songs, settings, className }: { songs: PageSongs; settings: FeaturedSongSettings; className: string }) {
  return (
    <Suspense
      fallback={
        <div className={className}>
          <div className={`${panel} min-h-64`} aria-busy="true" />
        </div>
      }
    >
      {/* The songs' own player on the page says they failed; an empty element keeps the error from the route's boundary. */}
      <Await resolve={songs} errorElement={<></>}>
        {(list) => <FeaturedCard songs={list} settings={settings} className={className} />}
      </Await>
    </Suspense>
  );
}
