import { useId, useMemo, useState } from "react";
import { PLAYER_TEXT } from "./ui-text.ts";
import { EARLY_ACTION_ATTRIBUTE, EARLY_PLAY_ATTRIBUTE, type PlayButtonState } from "#app/lib/document/early-taps.ts";
import { formatDuration } from "#app/domain/song.ts";
import { decodeWaveform } from "#app/domain/waveform.ts";
import { usePlayer, usePlayerState, usePlayerTime } from "./player-context.tsx";
import { PlayerIcon, PlayPauseIcon } from "./player-icons.tsx";
import { clamp, seekKeyTarget } from "./player-store.ts";

// The colours live apart from the shape: two text colours on one element
// leave the winner to the stylesheet's order, which is how Loop's on state
// once went unseen.
const iconButtonShape = "inline-flex size-10 items-center justify-center rounded-full transition-colors disabled:opacity-40";
const iconButton = `${iconButtonShape} text-stone-700 hover:bg-stone-200 dark:text-stone-200 dark:hover:bg-stone-800`;
/** A toggle that is on: the brand tint of the Latest Release badge, so it reads as lit, not as hovered. */
const iconButtonOn = `${iconButtonShape} bg-brand-100 text-brand-700 ring-1 ring-inset ring-brand-300 hover:bg-brand-100 hover:text-brand-800 dark:bg-brand-800/50 dark:text-brand-300 dark:ring-brand-700 dark:hover:bg-brand-800/70 dark:hover:text-brand-100`;

/**
 * Seekable progress bar with both times; a labelled slider for keyboards and
 * screen readers. Before this player's songs play, it moves `cue`, where
 * playback will start.
 */
export function ProgressBar({
  songId,
  active,
  fallbackDuration,
  cue,
  onCue,
  waveform,
}: {
  songId: string;
  active: boolean;
  fallbackDuration: number;
  cue: number;
  onCue: (seconds: number) => void;
  /** The song's waveform (app/domain/waveform.ts), drawn under the slider once measured. */
  waveform?: string | null | undefined;
}) {
  const store = usePlayer();
  const { duration, playing } = usePlayerState();
  const time = usePlayerTime();
  const position = active ? time : cue;
  const total = active && duration > 0 ? duration : fallbackDuration;
  const isPlaying = active && playing;

  // A screen reader speaks a focused slider's value text whenever it changes,
  // so a text that followed playback would talk over the song every second.
  // While the song plays, the text holds the position last read out: it is
  // read afresh when the slider gains focus and whenever the fan moves it
  // (keys, pointer), so each announcement answers something the fan did.
  // Paused, nothing moves on its own and the text simply follows the position.
  const [spoken, setSpoken] = useState({ songId, seconds: position });
  if (spoken.songId !== songId || (!isPlaying && !Object.is(spoken.seconds, position))) setSpoken({ songId, seconds: position });
  const speak = (seconds: number) => setSpoken({ songId, seconds });

  const seekTo = (seconds: number) => {
    const to = clamp(seconds, 0, total);
    if (active) store.seek(to);
    else onCue(to);
    speak(to);
  };

  const slider = (
    <input
      type="range"
      min={0}
      max={total || 0}
      // Any position: a pointer seeks to where it lands. Keys use SPEC's steps (onKeyDown).
      step="any"
      value={Math.min(position, total || 0)}
      disabled={total <= 0}
      onChange={(event) => seekTo(Number(event.currentTarget.value))}
      onKeyDown={(event) => {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        const to = seekKeyTarget(event.key, active ? store.getTime() : cue, total);
        if (to === null) return;
        event.preventDefault();
        seekTo(to);
      }}
      onFocus={() => speak(active ? store.getTime() : cue)}
      aria-label="Seek"
      aria-valuetext={`${formatDuration(spoken.seconds * 1000)} of ${formatDuration(total * 1000)}`}
      className={
        waveform
          ? // Still the slider a keyboard and a screen reader use; the waveform under it shows where it is.
            "absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-default"
          : "h-1.5 flex-1 cursor-pointer accent-brand-600 disabled:cursor-default dark:accent-brand-400"
      }
    />
  );

  return (
    <div className="flex items-center gap-3 text-xs tabular-nums text-stone-600 dark:text-stone-400">
      <span aria-hidden="true" className="w-10 text-right">
        {formatDuration(position * 1000)}
      </span>
      {waveform ? (
        <div className="relative h-9 min-w-0 flex-1 rounded-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500">
          <WaveformBars waveform={waveform} played={total > 0 ? Math.min(1, position / total) : 0} />
          {slider}
        </div>
      ) : (
        slider
      )}
      <span aria-hidden="true" className="w-10">
        {formatDuration(total * 1000)}
      </span>
    </div>
  );
}

/**
 * The song's waveform, the part played in the brand's colour. The bars are
 * made once per song and kept: only the played part's width follows playback.
 */
function WaveformBars({ waveform, played }: { waveform: string; played: number }) {
  const clipId = useId();
  const bars = useMemo(() => {
    const heights = decodeWaveform(waveform);
    const width = 100 / Math.max(1, heights.length);
    return (
      <g>
        {heights.map((height, i) => {
          // A floor, so silence still shows as a line to seek along.
          const h = Math.max(4, height * 100);
          return <rect key={i} x={i * width + width * 0.15} y={(100 - h) / 2} width={width * 0.7} height={h} rx={width * 0.3} />;
        })}
      </g>
    );
  }, [waveform]);
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 100 100"
      preserveAspectRatio="none"
      className="absolute inset-0 h-full w-full"
      data-testid="waveform"
    >
      <defs>
        <clipPath id={clipId}>
          <rect x={0} y={0} width={played * 100} height={100} />
        </clipPath>
      </defs>
      <g className="fill-stone-300 dark:fill-stone-700">{bars}</g>
      <g className="fill-brand-600 dark:fill-brand-400" clipPath={`url(#${clipId})`}>
        {bars}
      </g>
    </svg>
  );
}

/** Rewind, previous, play/pause, next, forward and loop. */
export function TransportControls({
  active,
  songCount,
  title,
  audioUrl,
  canJump,
  onPlay,
  onStep,
  onJump,
}: {
  active: boolean;
  songCount: number;
  title: string;
  /** The shown song's audio: the page's early-tap script plays it if the fan taps Play before hydration. */
  audioUrl: string;
  /** False while the song's length is unknown and nothing plays: there is nowhere to jump to. */
  canJump: boolean;
  /** Starts this player's songs when it is not the one playing yet. */
  onPlay: () => void;
  /** Previous/next song, wrapping around. */
  onStep: (direction: 1 | -1) => void;
  /** Back/forward by SPEC's jump step, also before anything plays. */
  onJump: (direction: 1 | -1) => void;
}) {
  const store = usePlayer();
  const { playing, loop, buffering } = usePlayerState();
  const isPlaying = active && playing;
  const state: PlayButtonState = isPlaying ? (buffering ? "loading" : "playing") : "paused";
  return (
    <div className="flex items-center justify-center gap-1 sm:justify-start">
      <button type="button" className={iconButton} onClick={() => onJump(-1)} disabled={!canJump} aria-label="Back 5 seconds">
        <PlayerIcon name="back" />
      </button>
      {songCount > 1 ? (
        <button type="button" className={iconButton} onClick={() => onStep(-1)} aria-label="Previous song">
          <PlayerIcon name="previous" />
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => (active ? store.toggle() : onPlay())}
        aria-label={isPlaying ? `Pause ${title}` : `Play ${title}`}
        data-state={state}
        {...{ [EARLY_PLAY_ATTRIBUTE]: audioUrl }}
        className="group relative mx-1 inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-md transition-colors hover:bg-brand-700 dark:bg-brand-500 dark:text-stone-950 dark:hover:bg-brand-400"
      >
        <PlayPauseIcon className="size-6" />
      </button>
      {songCount > 1 ? (
        <button type="button" className={iconButton} onClick={() => onStep(1)} aria-label="Next song">
          <PlayerIcon name="next" />
        </button>
      ) : null}
      <button type="button" className={iconButton} onClick={() => onJump(1)} disabled={!canJump} aria-label="Forward 5 seconds">
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
  const { volume, muted, evenLoudness } = usePlayerState();
  const silent = muted || volume === 0;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={`group/mute ${iconButton}`}
        onClick={() => store.toggleMute()}
        aria-label={muted ? "Unmute" : "Mute"}
        aria-pressed={muted}
        data-state={silent ? "muted" : "on"}
        {...{ [EARLY_ACTION_ATTRIBUTE]: "mute" }}
      >
        {/* Both icons, shown by data-state: the page's early-tap script mutes before hydration too. */}
        <PlayerIcon name="volume" className="size-5 group-data-[state=muted]/mute:hidden" />
        <PlayerIcon name="muted" className="hidden size-5 group-data-[state=muted]/mute:block" />
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
      {/* Songs mastered years apart play at one loudness (issue #34); a fan who wants them as mastered turns it off. */}
      <button
        type="button"
        onClick={() => store.toggleEvenLoudness()}
        aria-pressed={evenLoudness}
        title={PLAYER_TEXT.evenLoudnessHint}
        className={`rounded-full px-3 py-1.5 text-xs font-semibold transition-colors ${
          evenLoudness
            ? "bg-brand-100 text-brand-800 ring-1 ring-inset ring-brand-300 hover:bg-brand-200 dark:bg-brand-800/50 dark:text-brand-200 dark:ring-brand-700"
            : "text-stone-700 ring-1 ring-inset ring-stone-300 hover:bg-stone-200 dark:text-stone-300 dark:ring-stone-700 dark:hover:bg-stone-800"
        }`}
      >
        {PLAYER_TEXT.evenLoudness}
      </button>
    </div>
  );
}
