import { useId, useState } from "react";
import type { PublicPhoto } from "#app/domain/photo.ts";
import { ResponsivePhoto } from "./responsive-photo.tsx";

/**
 * A click-to-load YouTube embed: nothing is requested from the video host
 * until the visitor asks for the video. Without JavaScript it links to it.
 * With the artist's poster photo, the photo is what waits behind the play
 * button (our own image, still nothing from the video host).
 */
export function VideoFacade({
  videoId,
  startSeconds,
  title,
  onActivate,
  poster = null,
}: {
  videoId: string;
  startSeconds: number;
  title: string;
  onActivate?: () => void;
  poster?: PublicPhoto | null;
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
          {poster ? (
            <div aria-hidden="true" className="absolute inset-0">
              <ResponsivePhoto
                photo={{ ...poster, alt: "" }}
                sizes="(min-width: 1152px) 1104px, calc(100vw - 2rem)"
                className="size-full object-cover transition-transform duration-700 group-hover:scale-[1.02] motion-reduce:transition-none"
              />
              <div className="absolute inset-0 bg-gradient-to-t from-stone-950/85 via-stone-950/35 to-stone-950/20" />
            </div>
          ) : null}
          <div
            aria-hidden="true"
            className={`absolute inset-0 flex flex-col items-center justify-center gap-4 text-white ${
              poster ? "[text-shadow:0_1px_10px_rgb(0_0_0/0.6)]" : "bg-gradient-to-br from-stone-900 via-brand-800 to-stone-950"
            }`}
            data-testid={poster ? "video-poster" : undefined}
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
