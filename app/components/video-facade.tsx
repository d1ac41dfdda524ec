import { useId, useState } from "react";

/**
 * A click-to-load YouTube embed: nothing is requested from the video host
 * until the visitor asks for the video. Without JavaScript it links to it.
 */
export function VideoFacade({
  videoId,
  startSeconds,
  title,
  onActivate,
}: {
  videoId: string;
  startSeconds: number;
  title: string;
  onActivate?: () => void;
}) {
  const [active, setActive] = useState(false);
  const noteId = useId();
  const embed = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?start=${startSeconds}&autoplay=1&rel=0`;
  return (
    <div className="group relative aspect-video w-full overflow-hidden rounded-3xl bg-stone-900 shadow-lg">
      {active ? (
        <iframe
          src={embed}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="absolute inset-0 size-full border-0"
        />
      ) : (
        <>
          {/* What the visitor sees, drawn under the link: the link's name is its label, and text
              inside a link that its name leaves out is an accessibility fault (the note). */}
          <div
            aria-hidden="true"
            className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-gradient-to-br from-stone-900 via-brand-800 to-stone-950 text-white"
          >
            <span className="inline-flex size-20 items-center justify-center rounded-full bg-white/90 text-brand-700 shadow-xl transition-transform group-hover:scale-105">
              <svg viewBox="0 0 24 24" className="ml-1 size-9" fill="currentColor">
                <path d="M8 5.5v13a1 1 0 0 0 1.5.86l11-6.5a1 1 0 0 0 0-1.72l-11-6.5A1 1 0 0 0 8 5.5Z" />
              </svg>
            </span>
            <span className="px-6 text-center font-display text-xl font-semibold sm:text-2xl">{title}</span>
            <span id={noteId} className="text-xs text-white/70">
              Plays from YouTube when you press play
            </span>
          </div>
          <a
            href={`https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}&t=${startSeconds}s`}
            onClick={(event) => {
              event.preventDefault();
              onActivate?.();
              setActive(true);
            }}
            // Inset: the frame clips anything drawn outside it, so the focus ring goes inside.
            className="absolute inset-0 rounded-3xl focus-visible:-outline-offset-4"
            aria-label={`Play video: ${title}`}
            aria-describedby={noteId}
            data-testid="video-facade"
          />
        </>
      )}
    </div>
  );
}
