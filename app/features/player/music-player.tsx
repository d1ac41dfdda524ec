import { Suspense, useState, type ReactNode } from "react";
import { Await, Link } from "react-router";
import { CoverImage } from "#app/components/cover-image.tsx";
import { EARLY_PLAY_ATTRIBUTE } from "#app/lib/document/early-taps.ts";
import { formatDuration, type PageSongs, type Song } from "#app/domain/song.ts";
import { useEarlyPlayClaim, usePlayer, usePlayerState } from "./player-context.tsx";
import { ProgressBar, TransportControls, VolumeControl } from "./player-controls.tsx";
import { clamp, JUMP_MS, sameQueue } from "./player-store.ts";
import { StreamingLinks } from "./streaming-links.tsx";
import { PLAYER_TEXT } from "./ui-text.ts";

/** The index shown before anything plays: the latest release, else the newest song. */
export function defaultSongIndex(songs: readonly Song[]): number {
  return Math.max(
    0,
    songs.findIndex((song) => song.isLatest),
  );
}

function PlayerPanel({ children, label }: { children: ReactNode; label: string }) {
  return (
    <section
      aria-label={label}
      className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900"
    >
      {children}
    </section>
  );
}

function PlayerMessage({ children, role = "status" }: { children: string; role?: "status" | "alert" }) {
  return (
    <p role={role} className="py-10 text-center text-stone-600 dark:text-stone-400">
      {children}
    </p>
  );
}

/**
 * A page's player for a list of songs, with the loading, empty and failure
 * states. Every page player drives the one site-wide audio element.
 */
export function SongsPlayer({
  songs,
  label,
  initialSongId,
  inFirstScreen = false,
}: {
  songs: PageSongs;
  label: string;
  initialSongId?: string;
  /** The cover is in the first screen a phone shows: fetch it at once, first. Elsewhere it waits until it is near. */
  inFirstScreen?: boolean;
}) {
  return (
    <PlayerPanel label={label}>
      <Suspense fallback={<PlayerMessage>{PLAYER_TEXT.loading}</PlayerMessage>}>
        <Await resolve={songs} errorElement={<PlayerMessage role="alert">{PLAYER_TEXT.failed}</PlayerMessage>}>
          {(list) =>
            list.length === 0 ? (
              <PlayerMessage>{PLAYER_TEXT.empty}</PlayerMessage>
            ) : (
              <MusicPlayer songs={list} initialSongId={initialSongId} inFirstScreen={inFirstScreen} />
            )
          }
        </Await>
      </Suspense>
    </PlayerPanel>
  );
}

function MusicPlayer({ songs, initialSongId, inFirstScreen }: { songs: Song[]; initialSongId?: string; inFirstScreen: boolean }) {
  const store = usePlayer();
  const state = usePlayerState();
  useEarlyPlayClaim(songs);
  const active = sameQueue(state.queue, songs) && state.index >= 0;
  const initialIndex = initialSongId ? songs.findIndex((s) => s.id === initialSongId) : -1;
  const [chosen, setChosen] = useState(initialIndex >= 0 ? initialIndex : defaultSongIndex(songs));
  // Where the shown song will start, moved by ±5 s or the slider before anything plays.
  const [cue, setCue] = useState(0);
  const index = active ? state.index : chosen;
  const song = songs[index] ?? songs[0];
  if (!song) return null;
  const length = (song.durationMs ?? 0) / 1000;
  const play = (i: number) => {
    const startAt = i === index ? cue : 0;
    setChosen(i);
    setCue(0);
    store.playQueue(songs, i, startAt);
  };
  // Until this player's songs play, the store's queue is another page's (or
  // none): Next and Previous count from the song shown here, not from it.
  const step = (direction: 1 | -1) => (active ? store.step(direction) : play((index + direction + songs.length) % songs.length));
  const jump = (direction: 1 | -1) => (active ? store.jump(direction) : setCue(clamp(cue + (direction * JUMP_MS) / 1000, 0, length)));

  return (
    <div className="grid grid-cols-1 gap-8 md:grid-cols-[minmax(0,320px)_minmax(0,1fr)] md:items-start">
      <CoverImage
        coverKey={song.coverKey}
        alt={`Cover art for ${song.title}`}
        size={320}
        sizes="(min-width: 768px) 320px, calc(100vw - 5rem)"
        priority={inFirstScreen}
        className="aspect-square w-full rounded-2xl object-cover shadow-lg"
      />
      <div className="min-w-0 space-y-5">
        <div>
          {/* The badge's slot keeps its height without it, so nothing below jumps when the latest song is chosen. */}
          <div className="flex h-6 items-center">
            {song.isLatest ? (
              <p className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-brand-800 dark:bg-brand-800/40 dark:text-brand-100">
                Latest Release
              </p>
            ) : null}
          </div>
          {/* Wraps (breaking even one very long word) rather than cut: this is where the whole title is read. */}
          <h3 className="mt-3 text-2xl font-semibold text-pretty wrap-break-word sm:text-3xl" data-testid="player-title">
            <Link to={song.path} className="hover:underline">
              {song.title}
            </Link>
          </h3>
          <p className="mt-1 text-stone-600 dark:text-stone-400">{song.artist}</p>
        </div>

        <ProgressBar songId={song.id} active={active} fallbackDuration={length} cue={cue} onCue={setCue} waveform={song.waveform} />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <TransportControls
            active={active}
            songCount={songs.length}
            title={song.title}
            audioUrl={song.audioUrl}
            canJump={active || length > 0}
            onPlay={() => play(index)}
            onStep={step}
            onJump={jump}
          />
          <VolumeControl />
        </div>
        {active && state.error ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {state.error}
          </p>
        ) : null}

        <StreamingLinks
          song={song}
          label={`Stream ${song.title}`}
          className="flex flex-wrap gap-2"
          linkClassName="inline-flex items-center rounded-full border border-stone-300 px-3 py-1.5 text-sm font-medium hover:border-brand-500 hover:text-brand-700 dark:border-stone-700 dark:hover:text-brand-300"
        />

        <ol className="divide-y divide-stone-200 border-t border-stone-200 dark:divide-stone-800 dark:border-stone-800" aria-label="Tracks">
          {songs.map((track, i) => {
            const current = i === index;
            return (
              <li key={track.id}>
                <button
                  type="button"
                  onClick={() => play(i)}
                  {...{ [EARLY_PLAY_ATTRIBUTE]: track.audioUrl }}
                  aria-current={current ? "true" : undefined}
                  className={`flex w-full items-center gap-3 px-2 py-3 text-left transition-colors hover:bg-stone-100 dark:hover:bg-stone-800 ${current ? "font-semibold text-brand-700 dark:text-brand-300" : ""}`}
                >
                  <span className="w-6 text-right text-sm tabular-nums text-stone-500 dark:text-stone-400">
                    {String(i + 1).padStart(2, "0")}
                  </span>
                  {/* Cut to one line here; the tooltip and the button's name keep the whole title. */}
                  <span className="min-w-0 flex-1 truncate" title={track.title}>
                    {track.title}
                  </span>
                  {track.isLatest ? (
                    <span className="rounded bg-brand-600 px-1.5 py-0.5 text-[10px] font-bold tracking-wider text-white dark:bg-brand-500 dark:text-stone-950">
                      NEW
                    </span>
                  ) : null}
                  <span className="text-sm tabular-nums text-stone-500 dark:text-stone-400">{formatDuration(track.durationMs)}</span>
                </button>
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
