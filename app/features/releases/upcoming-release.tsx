import { useEffect, useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { CoverImage } from "#app/components/cover-image.tsx";
import { formatDateTime, isoDate } from "#app/lib/time/format-date.ts";
import type { Song } from "#app/domain/song.ts";
import { UPCOMING_TEXT } from "./ui-text.ts";

/** How often a page whose countdown has ended asks whether the song is out (the release job looks every second). */
const ASK_EVERY_MS = 2_000;

const UNITS = [
  { label: "Days", ms: 86_400_000 },
  { label: "Hours", ms: 3_600_000 },
  { label: "Minutes", ms: 60_000 },
  { label: "Seconds", ms: 1_000 },
] as const;

function split(remainingMs: number): number[] {
  let rest = Math.max(0, remainingMs);
  return UNITS.map((unit) => {
    const value = Math.floor(rest / unit.ms);
    rest -= value * unit.ms;
    return value;
  });
}

/**
 * A scheduled song's page until it comes out: the cover, when, a countdown and
 * (as `children`) the sign-up that tells a fan the moment it is out. The page
 * may come from the page cache, made any time before: the countdown is worked
 * out in the browser, in boxes of fixed size, so nothing moves when it starts.
 * At zero it asks for the page again until the song is out, then the route
 * shows the player in its place.
 */
export function UpcomingRelease({ song, children }: { song: Song; children?: ReactNode }) {
  const releaseAt = song.releaseAt ?? 0;
  const [now, setNow] = useState<number | null>(null);
  const revalidator = useRevalidator();
  const over = now !== null && now >= releaseAt;

  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!over) return;
    const ask = () => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    };
    ask();
    const timer = setInterval(ask, ASK_EVERY_MS);
    return () => clearInterval(timer);
  }, [over, revalidator]);

  const zone = song.releaseTimeZone ?? "UTC";
  const when = `${formatDateTime(releaseAt, zone)} (${zone.replaceAll("_", " ")})`;
  const values = now === null ? null : split(releaseAt - now);

  return (
    <div className="grid items-center gap-8 md:grid-cols-[minmax(0,24rem)_1fr] md:gap-12">
      <CoverImage
        coverKey={song.coverKey}
        alt={`Cover art for ${song.title}`}
        size={384}
        sizes="(min-width: 768px) 384px, calc(100vw - 2rem)"
        priority
        className="aspect-square w-full rounded-2xl object-cover shadow-xl shadow-stone-900/10 dark:shadow-black/40"
      />
      <div>
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">{UPCOMING_TEXT.heading}</p>
        <h1 className="mt-3 text-4xl font-semibold tracking-tight sm:text-5xl">{song.title}</h1>
        <p className="mt-2 text-lg text-stone-600 dark:text-stone-400">{song.artist}</p>
        <p className="mt-4 font-medium">
          <time dateTime={isoDate(releaseAt)}>{UPCOMING_TEXT.comesOut(when)}</time>
        </p>
        {over ? (
          <p role="status" className="mt-6 text-lg font-semibold text-brand-700 dark:text-brand-300">
            {UPCOMING_TEXT.outNow}
          </p>
        ) : (
          // The timer holds the list: a role on the <ol> itself would take its list away from its items.
          <div role="timer" aria-label={UPCOMING_TEXT.countdownLabel} className="mt-6 max-w-md">
            <ol className="grid grid-cols-4 gap-2 sm:gap-3">
              {UNITS.map((unit, index) => (
                <li
                  key={unit.label}
                  className="min-w-0 rounded-xl border border-stone-200 bg-white px-1 py-3 text-center dark:border-stone-800 dark:bg-stone-900"
                >
                  <span
                    className="block text-2xl font-semibold tabular-nums sm:text-3xl"
                    data-testid={`countdown-${unit.label.toLowerCase()}`}
                  >
                    {values ? String(values[index]).padStart(2, "0") : "--"}
                  </span>
                  <span className="mt-1 block text-xs uppercase tracking-wider text-stone-600 dark:text-stone-400">{unit.label}</span>
                </li>
              ))}
            </ol>
          </div>
        )}
        {children ? <div className="mt-10">{children}</div> : null}
      </div>
    </div>
  );
}
