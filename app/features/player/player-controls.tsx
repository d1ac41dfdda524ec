import { formatDuration } from "#app/lib/song.ts";
import { usePlayer, usePlayerState, usePlayerTime } from "./player-context.tsx";
import { PlayerIcon } from "./player-icons.tsx";

// The colours live apart from the shape: two text colours on one element
// leave the winner to the stylesheet's order, which is how Loop's on state
// once went unseen.
const iconButtonShape =
  "inline-flex size-10 items-center justify-center rounded-full transition-colors disabled:opacity-40";
const iconButton = `${iconButtonShape} text-stone-700 hover:bg-stone-200 dark:text-stone-200 dark:hover:bg-stone-800`;
/** A toggle that is on: the brand tint of the Latest Release badge, so it reads as lit, not as hovered. */
const iconButtonOn = `${iconButtonShape} bg-brand-100 text-brand-700 ring-1 ring-inset ring-brand-300 hover:bg-brand-100 hover:text-brand-800 dark:bg-brand-800/50 dark:text-brand-300 dark:ring-brand-700 dark:hover:bg-brand-800/70 dark:hover:text-brand-100`;


/** Seekable progress bar with both times; a labelled slider for keyboards and screen readers. */
export function ProgressBar({ active, fallbackDuration }: { active: boolean; fallbackDuration: number }) {
  const store = usePlayer();
  const { duration } = usePlayerState();
  const time = usePlayerTime();
  const current = active ? time : 0;
  const total = active && duration > 0 ? duration : fallbackDuration;
  const valueText = `${formatDuration(current * 1000)} of ${formatDuration(total * 1000)}`;
  return (
    <div className="flex items-center gap-3 text-xs tabular-nums text-stone-600 dark:text-stone-400">
      <span aria-hidden="true" className="w-10 text-right">
        {formatDuration(current * 1000)}
      </span>
      <input
        type="range"
        min={0}
        max={total || 0}
        step={0.1}
        value={Math.min(current, total || 0)}
        disabled={!active}
        onChange={(event) => store.seek(Number(event.currentTarget.value))}
        aria-label="Seek"
        aria-valuetext={valueText}
        className="h-1.5 flex-1 cursor-pointer accent-brand-600 disabled:cursor-default dark:accent-brand-400"
      />
      <span aria-hidden="true" className="w-10">
        {formatDuration(total * 1000)}
      </span>
    </div>
  );
}

/** Rewind, previous, play/pause, next, forward and loop. */
export function TransportControls({
  active,
  songCount,
  title,
  onPlay,
}: {
  active: boolean;
  songCount: number;
  title: string;
  /** Starts this player's songs when it is not the one playing yet. */
  onPlay: () => void;
}) {
  const store = usePlayer();
  const { playing, loop } = usePlayerState();
  const isPlaying = active && playing;
  return (
    <div className="flex items-center justify-center gap-1 sm:justify-start">
      <button type="button" className={iconButton} onClick={() => store.jump(-1)} disabled={!active} aria-label="Back 5 seconds">
        <PlayerIcon name="back" />
      </button>
      {songCount > 1 ? (
        <button type="button" className={iconButton} onClick={() => (active ? store.step(-1) : onPlay())} aria-label="Previous song">
          <PlayerIcon name="previous" />
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => (active ? store.toggle() : onPlay())}
        aria-label={isPlaying ? `Pause ${title}` : `Play ${title}`}
        className="mx-1 inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-md transition-colors hover:bg-brand-700 dark:bg-brand-500 dark:text-stone-950 dark:hover:bg-brand-400"
      >
        <PlayerIcon name={isPlaying ? "pause" : "play"} className="size-6" />
      </button>
      {songCount > 1 ? (
        <button type="button" className={iconButton} onClick={() => (active ? store.step(1) : onPlay())} aria-label="Next song">
          <PlayerIcon name="next" />
        </button>
      ) : null}
      <button type="button" className={iconButton} onClick={() => store.jump(1)} disabled={!active} aria-label="Forward 5 seconds">
        <PlayerIcon name="forward" />
      </button>
      <button
        type="button"
        className={loop ? iconButtonOn : iconButton}
        onClick={() => store.toggleLoop()}
        aria-label="Loop"
        aria-pressed={loop}
      >
        <PlayerIcon name="loop" />
      </button>
    </div>
  );
}

export function VolumeControl() {
  const store = usePlayer();
  const { volume, muted } = usePlayerState();
  const silent = muted || volume === 0;
  return (
    <div className="flex items-center gap-2">
      <button type="button" className={iconButton} onClick={() => store.toggleMute()} aria-label={muted ? "Unmute" : "Mute"} aria-pressed={muted}>
        <PlayerIcon name={silent ? "muted" : "volume"} />
      </button>
      <input
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={muted ? 0 : volume}
        onChange={(event) => store.setVolume(Number(event.currentTarget.value))}
        aria-label="Volume"
        aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)}%`}
        className="h-1.5 w-28 cursor-pointer accent-brand-600 dark:accent-brand-400"
      />
    </div>
  );
}
