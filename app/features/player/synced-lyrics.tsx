import { useMemo } from "react";
import { currentSyncedLine, parseSyncedLyrics } from "#app/domain/lyrics.ts";
import { usePlayer, usePlayerState, usePlayerTime } from "./player-context.tsx";

const lineClass = "-mx-2 rounded-lg px-2 py-0.5 text-stone-800 dark:text-stone-200";

/**
 * A track's time-synced lyrics: every line readable from the first paint (and
 * without JavaScript); while the site's player plays this track, the line being
 * sung is marked, and a line pressed takes the song there. The page is never
 * scrolled for the fan: they may be reading elsewhere.
 */
export function SyncedLyrics({ songId, lrc, headingId }: { songId: string; lrc: string; headingId: string }) {
  const lines = useMemo(() => {
    const parsed = parseSyncedLyrics(lrc);
    return parsed.ok ? parsed.lines : [];
  }, [lrc]);
  const player = usePlayer();
  const { queue, index } = usePlayerState();
  const seconds = usePlayerTime();
  const playingThis = queue[index]?.id === songId;
  const current = playingThis ? currentSyncedLine(lines, seconds * 1000) : -1;
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="mb-4 text-2xl font-semibold">
        Lyrics
      </h2>
      <ol className="space-y-1 text-lg leading-relaxed">
        {lines.map((line, position) => (
          <li key={position}>
            {/* Taking the song to a line is for the track playing; otherwise the lines are only read. */}
            {playingThis ? (
              <button
                type="button"
                aria-current={position === current ? "true" : undefined}
                onClick={() => player.seek(line.atMs / 1000)}
                className={`${lineClass} w-full text-left transition-colors hover:bg-stone-100 dark:hover:bg-stone-800 aria-[current=true]:bg-brand-50 aria-[current=true]:font-semibold aria-[current=true]:text-brand-800 dark:aria-[current=true]:bg-brand-900/40 dark:aria-[current=true]:text-brand-100`}
              >
                {line.text || "♪"}
              </button>
            ) : (
              <span className={`${lineClass} block`}>{line.text || "♪"}</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
