import { CoverImage } from "#app/components/cover-image.tsx";
import { usePlayer, usePlayerState, usePlayerTime } from "./player-context.tsx";
import { PlayerIcon } from "./player-icons.tsx";

/** A compact bar that follows the fan around the site while a song is loaded. */
export function NowPlayingBar() {
  const store = usePlayer();
  const state = usePlayerState();
  const time = usePlayerTime();
  const song = state.queue[state.index];
  if (!song) return null;
  const progress = state.duration > 0 ? Math.min(100, (time / state.duration) * 100) : 0;
  return (
    <>
      {/* Keeps the footer clear of the fixed bar. */}
      <div aria-hidden="true" className="h-16 print:hidden" />
      <div
        role="region"
        aria-label="Now playing"
        className="print:hidden fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 backdrop-blur dark:border-stone-800 dark:bg-stone-900/95"
      >
        <div className="h-0.5 bg-stone-200 dark:bg-stone-800" aria-hidden="true">
          <div className="h-full bg-brand-600 dark:bg-brand-400" style={{ width: `${progress}%` }} />
        </div>
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2 sm:px-6">
          <CoverImage coverKey={song.coverKey} alt="" size={40} className="size-10 rounded-md object-cover" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold" title={song.title}>
              {song.title}
            </p>
            <p className="truncate text-xs text-stone-600 dark:text-stone-400">{song.artist}</p>
          </div>
          <button
            type="button"
            onClick={() => store.toggle()}
            aria-label={state.playing ? `Pause ${song.title}` : `Play ${song.title}`}
            className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 dark:bg-brand-500 dark:text-stone-950"
          >
            <PlayerIcon name={state.playing ? "pause" : "play"} />
          </button>
          {state.queue.length > 1 ? (
            <button
              type="button"
              onClick={() => store.step(1)}
              aria-label="Next song"
              className="inline-flex size-10 items-center justify-center rounded-full hover:bg-stone-200 dark:hover:bg-stone-800"
            >
              <PlayerIcon name="next" />
            </button>
          ) : null}
        </div>
      </div>
    </>
  );
}
