// Transport icons: decorative, the buttons carry the labels.
const paths = {
  play: "M8 5.5v13a1 1 0 0 0 1.5.86l11-6.5a1 1 0 0 0 0-1.72l-11-6.5A1 1 0 0 0 8 5.5Z",
  pause: "M7 5h3.5v14H7zM13.5 5H17v14h-3.5z",
  previous: "M6 5h2v14H6zM19 6.2v11.6a.8.8 0 0 1-1.2.7L9.5 13a1.2 1.2 0 0 1 0-2l8.3-5.5a.8.8 0 0 1 1.2.7Z",
  next: "M16 5h2v14h-2zM5 6.2v11.6a.8.8 0 0 0 1.2.7l8.3-5.5a1.2 1.2 0 0 0 0-2L6.2 5.5A.8.8 0 0 0 5 6.2Z",
  back: "M3.5 12a8.5 8.5 0 1 0 2.6-6.1L3.5 8.5M3.5 3.5v5h5",
  forward: "M20.5 12a8.5 8.5 0 1 1-2.6-6.1l2.6 2.6M20.5 3.5v5h-5",
  loop: "M17 4l3 3-3 3M20 7H8a4 4 0 0 0-4 4v1M7 20l-3-3 3-3M4 17h12a4 4 0 0 0 4-4v-1",
  volume: "M4 9.5h3.5L12 5.5v13l-4.5-4H4zM15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11",
  muted: "M4 9.5h3.5L12 5.5v13l-4.5-4H4zM16 9.5l5 5M21 9.5l-5 5",
} as const;

const filled = new Set(["play", "pause", "previous", "next"]);

export function PlayerIcon({ name, className = "size-5" }: { name: keyof typeof paths; className?: string }) {
  const fill = filled.has(name);
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill={fill ? "currentColor" : "none"}
      stroke={fill ? "none" : "currentColor"}
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
      {name === "back" || name === "forward" ? (
        <text x="12" y="15.5" textAnchor="middle" fontSize="8.5" fontWeight="700" fill="currentColor" stroke="none">
          5
        </text>
      ) : null}
    </svg>
  );
}

/**
 * Play, or Pause with a turning ring while the song waits for its bytes, as
 * the `data-state` of the enclosing `group` button says (paused, loading,
 * playing). All three are in the markup and CSS picks: the page's early-tap
 * script (app/lib/document/early-taps.ts) changes that attribute before hydration.
 */
export function PlayPauseIcon({ className }: { className: string }) {
  return (
    <>
      <PlayerIcon name="play" className={`${className} group-data-[state=loading]:hidden group-data-[state=playing]:hidden`} />
      <PlayerIcon name="pause" className={`${className} hidden group-data-[state=loading]:block group-data-[state=playing]:block`} />
      <svg
        aria-hidden="true"
        viewBox="0 0 48 48"
        className="pointer-events-none absolute -inset-1 hidden animate-spin group-data-[state=loading]:block motion-reduce:animate-none"
        fill="none"
      >
        <circle
          cx="24"
          cy="24"
          r="22"
          stroke="currentColor"
          strokeOpacity="0.25"
          strokeWidth="2"
          className="text-brand-600 dark:text-brand-400"
        />
        <path
          d="M24 2a22 22 0 0 1 22 22"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          className="text-brand-600 dark:text-brand-400"
        />
      </svg>
    </>
  );
}
