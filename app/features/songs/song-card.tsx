import { useCallback, useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { CoverImage } from "#app/components/cover-image.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { formatDuration, type AudioMeasure, type Song, type StreamingState } from "#app/domain/song.ts";
import { copyToClipboard } from "#app/components/clipboard.ts";
import { LIBRARY_TEXT, RELEASE_TEXT } from "./ui-text.ts";
import { formatDateTime } from "#app/lib/time/format-date.ts";
import type { WireAnswer } from "#app/lib/http/wire.ts";

/** Where the library's pages come from and its cards' actions go. */
export const SONGS_API = "/api/songs";

/** What /api/songs answers a card: Mark as Latest gives the new version, Release now the words to show. */
type CardAnswer = WireAnswer<{ updatedAt?: number; message?: string }>;
/** What a card's buttons ask the server to do with its song. */
export type CardIntent = "mark-latest" | "release-now" | "delete-song";

type CardProps = {
  song: Song;
  onDone: (intent: CardIntent, id: string, updatedAt: number | undefined) => void;
  onEdit: (song: Song) => void;
  /** Where the Edit button is, so the focus can come back to it when the editor closes. */
  editButtonRef: (element: HTMLButtonElement | null) => void;
  shareUrl: string;
  /** Its release's editor: running order, lyrics and credits. */
  releaseHref: string;
  /** The player other sites paste (an iframe), for a released song. */
  embedHtml: string;
  /** Absent where the library is shown without the site's player. */
  play: { playing: boolean; onToggle: () => void } | null;
};

const playIcon = (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
    <path d="M6.3 2.84A1.5 1.5 0 0 0 4 4.11v11.78a1.5 1.5 0 0 0 2.3 1.27l9.34-5.89a1.5 1.5 0 0 0 0-2.54L6.3 2.84Z" />
  </svg>
);
const pauseIcon = (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
    <path d="M5.75 3a.75.75 0 0 0-.75.75v12.5c0 .414.336.75.75.75h1.5a.75.75 0 0 0 .75-.75V3.75A.75.75 0 0 0 7.25 3h-1.5ZM12.75 3a.75.75 0 0 0-.75.75v12.5c0 .414.336.75.75.75h1.5a.75.75 0 0 0 .75-.75V3.75a.75.75 0 0 0-.75-.75h-1.5Z" />
  </svg>
);

/** The track's loudness as measured after upload, or where that stands. */
function Loudness({ measure }: { measure: AudioMeasure }) {
  if (measure.state === "failed") {
    return <p className="text-xs text-red-700 dark:text-red-400">{LIBRARY_TEXT.loudnessFailed(measure.reason)}</p>;
  }
  const style = "text-xs tabular-nums text-stone-500 dark:text-stone-400";
  if (measure.state === "measuring" || measure.loudnessLufs === null) {
    return (
      <p className={style} data-testid="song-loudness">
        {measure.state === "measuring" ? LIBRARY_TEXT.loudnessMeasuring : LIBRARY_TEXT.loudnessSilent}
      </p>
    );
  }
  return (
    // Each figure stays whole: a narrow card wraps between them, not inside one.
    <p className={style} data-testid="song-loudness" title={LIBRARY_TEXT.loudnessHint}>
      <span className="sr-only">{LIBRARY_TEXT.loudnessLabel} </span>
      <span className="whitespace-nowrap">{LIBRARY_TEXT.loudnessFigure(measure.loudnessLufs)}</span>
      {measure.truePeakDb === null ? null : (
        <>
          {" \u00b7 "}
          <span className="whitespace-nowrap">{LIBRARY_TEXT.truePeakFigure(measure.truePeakDb)}</span>
        </>
      )}
    </p>
  );
}

/** How making the track's streaming renditions stands, while it is not done: said to screen readers as it changes. */
function Streaming({ streaming }: { streaming: StreamingState | undefined }) {
  if (!streaming || streaming.state === "ready") return null;
  if (streaming.state === "failed") {
    return (
      <div className="mt-2 text-xs text-red-700 dark:text-red-400" role="alert" data-testid="song-streaming">
        <p>
          {LIBRARY_TEXT.preparingFailed}
          {streaming.waiting ? ` ${LIBRARY_TEXT.preparingFailedHint}` : null}
        </p>
        <details className="mt-1 text-stone-600 dark:text-stone-400">
          <summary className="cursor-pointer">{LIBRARY_TEXT.failureDetails}</summary>
          <p className="mt-1 break-words">{streaming.reason}</p>
        </details>
      </div>
    );
  }
  const { percent } = streaming;
  return (
    <div
      className="mt-2 w-fit max-w-sm rounded-lg bg-sky-100 px-2.5 py-1.5 text-xs font-semibold text-sky-900 dark:bg-sky-900/40 dark:text-sky-100"
      data-testid="song-streaming"
    >
      <p className="flex items-start gap-1.5" role="status">
        <span aria-hidden="true" className="mt-1 size-2 shrink-0 animate-pulse rounded-full bg-current motion-reduce:animate-none" />
        <span className="min-w-0 flex-1">{streaming.waiting ? LIBRARY_TEXT.preparingThenOut : LIBRARY_TEXT.preparing}</span>
        {/* Shown, not spoken: the bar below says it to those who ask, rather than at every step. */}
        {percent === undefined ? null : (
          <span aria-hidden="true" className="tabular-nums">
            {percent}%
          </span>
        )}
      </p>
      {percent === undefined ? null : (
        <div
          role="progressbar"
          aria-label={LIBRARY_TEXT.preparingProgress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-1.5 h-1 w-full overflow-hidden rounded-full bg-sky-200 dark:bg-sky-950"
        >
          <div className="h-full rounded-full bg-sky-700 transition-[width] dark:bg-sky-300" style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  );
}

/** What the card copies; shown in a field of its own when the clipboard refuses it. */
type Copied = "link" | "embed";

/**
 * One song in the library. Each card sends its own actions through its own
 * fetcher, so a card that is busy deleting does not hold up the others.
 */
export function SongCard({ song, onDone, onEdit, editButtonRef, shareUrl, releaseHref, embedHtml, play }: CardProps) {
  const fetcher = useFetcher<CardAnswer>();
  const { addToast } = useToasts();
  // The fetcher forgets its form data once idle; the outcome needs to know which action it was.
  const [intent, setIntent] = useState<CardIntent | null>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (busy || !result || !intent) return;
    const failed = {
      "delete-song": "Failed to delete song",
      "mark-latest": "Failed to set latest song",
      "release-now": RELEASE_TEXT.releaseFailed,
    };
    if (result.success) {
      onDone(intent, song.id, result.updatedAt);
      if (result.message) addToast(result.message, "success");
      else if (intent === "mark-latest") addToast(LIBRARY_TEXT.markedLatest(song.title), "success");
    } else addToast(`${failed[intent]}: ${result.error ?? "Unknown error"}`, "error");
    setIntent(null);
  }, [fetcher.data, busy, intent, song.id, song.title, onDone, addToast]);

  const submit = (next: CardIntent) => {
    if (busy) return;
    setIntent(next);
    // The library updates itself; re-running the dashboard's loader would lose the pages loaded so far.
    void fetcher.submit({ intent: next, id: song.id }, { method: "post", action: SONGS_API, defaultShouldRevalidate: false });
  };

  // The clipboard refused: the text is shown, selected, to copy by hand.
  const [manualCopy, setManualCopy] = useState<Copied | null>(null);
  const copy = async (what: Copied) => {
    if (await copyToClipboard(what === "link" ? shareUrl : embedHtml)) {
      setManualCopy(null);
      addToast(what === "link" ? LIBRARY_TEXT.linkCopied : LIBRARY_TEXT.embedCopied, "success");
    } else {
      setManualCopy(what);
      addToast(what === "link" ? LIBRARY_TEXT.copyRefused : LIBRARY_TEXT.embedCopyRefused, "warning", 8000);
    }
  };

  const deleteText = busy && intent === "delete-song" ? "Deleting..." : "Delete";
  // Its time has come; it comes out once its renditions are made, with nothing left for the artist to press.
  const waitingForStreams = song.streaming !== undefined && song.streaming.state !== "ready" && song.streaming.waiting;
  return (
    <li
      className={`flex min-w-0 overflow-hidden rounded-2xl border border-stone-200 bg-white sm:block dark:border-stone-800 dark:bg-stone-900 ${busy && intent === "delete-song" ? "opacity-50" : ""}`}
    >
      {/* A compact row on phones, a card with the full cover from sm up. */}
      <div className="relative w-28 shrink-0 self-start sm:w-full">
        <CoverImage
          coverKey={song.coverKey}
          alt={`Cover art for ${song.title}`}
          size={384}
          sizes="(min-width: 1024px) 280px, (min-width: 640px) 45vw, 112px"
          className="aspect-square w-full object-cover"
        />
        {play ? (
          <button
            type="button"
            onClick={play.onToggle}
            aria-label={`${play.playing ? LIBRARY_TEXT.pause : LIBRARY_TEXT.play}: ${song.title}`}
            className="absolute right-1.5 bottom-1.5 inline-flex size-10 items-center sm:right-2 sm:bottom-2 sm:size-11 justify-center rounded-full bg-brand-600 text-white shadow-lg ring-2 ring-white/80 transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:bg-brand-500 dark:text-stone-950 dark:ring-stone-900/80 dark:hover:bg-brand-400"
          >
            {play.playing ? pauseIcon : playIcon}
          </button>
        ) : null}
      </div>
      <div className="min-w-0 flex-1 space-y-3 p-4">
        <div>
          <div className="flex items-start justify-between gap-2">
            {/* A long title keeps to one line; the whole of it is the heading's
                text (what assistive technology reads) and its tooltip. */}
            <h3 className="min-w-0 truncate font-semibold" title={song.title}>
              {song.title}
            </h3>
            <span className="shrink-0 text-sm tabular-nums text-stone-500 dark:text-stone-400">
              <span className="sr-only">Length </span>
              {formatDuration(song.durationMs)}
            </span>
          </div>
          <p className="truncate text-sm text-stone-600 dark:text-stone-400">{song.artist}</p>
          {/* A file that cannot be read fails both; the streaming failure says so once. */}
          {song.measure && !(song.measure.state === "failed" && song.streaming?.state === "failed") ? (
            <Loudness measure={song.measure} />
          ) : null}
          <Streaming streaming={song.streaming} />
          {!song.released && song.releaseAt !== null && !waitingForStreams ? (
            <p className="mt-2 inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
              {RELEASE_TEXT.scheduled(
                `${formatDateTime(song.releaseAt, song.releaseTimeZone ?? "UTC")} (${(song.releaseTimeZone ?? "UTC").replaceAll("_", " ")})`,
              )}
            </p>
          ) : null}
          {song.isLatest ? (
            <p className="mt-2 inline-block rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wider text-brand-800 dark:bg-brand-800/40 dark:text-brand-100">
              Latest Release
            </p>
          ) : null}
        </div>
        {/* Each button's name starts with the words on it (WCAG 2.5.3, so "click
            Mark as Latest" works by voice); the song's title follows, so a list of
            buttons still says which song each is for. (An aria-label rather than
            visually hidden text: Chromium names a button with an out-of-flow child
            "Mark as Latest : Title", with a stray space.) */}
        <div className="flex flex-wrap items-center gap-2">
          <Button
            ref={editButtonRef}
            aria-disabled={busy}
            onClick={() => !busy && onEdit(song)}
            variant="secondary"
            size="xs"
            aria-label={`${LIBRARY_TEXT.edit}: ${song.title}`}
          >
            {LIBRARY_TEXT.edit}
          </Button>
          <Link to={releaseHref} className={buttonClass("secondary", "xs")} aria-label={`${LIBRARY_TEXT.lyricsAndOrder}: ${song.title}`}>
            {LIBRARY_TEXT.lyricsAndOrder}
          </Link>
          {/* Only a released song's player plays anywhere; before that the embed is not found. */}
          {(song.released ? (["link", "embed"] as const) : (["link"] as const)).map((what) => {
            const words = what === "link" ? LIBRARY_TEXT.copyLink : LIBRARY_TEXT.copyEmbed;
            return (
              <Button key={what} onClick={() => void copy(what)} variant="secondary" size="xs" aria-label={`${words}: ${song.title}`}>
                {words}
              </Button>
            );
          })}
          {song.released || waitingForStreams ? null : (
            <Button
              aria-disabled={busy}
              onClick={() => {
                if (!busy && window.confirm(RELEASE_TEXT.confirmRelease(song.title))) submit("release-now");
              }}
              variant="primary"
              size="xs"
              aria-label={`${RELEASE_TEXT.releaseNow}: ${song.title}`}
            >
              {RELEASE_TEXT.releaseNow}
            </Button>
          )}
          {song.isLatest || !song.released ? null : (
            <Button
              aria-disabled={busy}
              onClick={() => submit("mark-latest")}
              variant="strong"
              size="xs"
              aria-label={`${busy && intent === "mark-latest" ? LIBRARY_TEXT.marking : "Mark as Latest"}: ${song.title}`}
            >
              {busy && intent === "mark-latest" ? LIBRARY_TEXT.marking : "Mark as Latest"}
            </Button>
          )}
          <Button
            aria-disabled={busy}
            onClick={() => {
              if (!busy && window.confirm("Are you sure you want to delete this song?")) submit("delete-song");
            }}
            variant="danger"
            size="xs"
            aria-label={`${deleteText}: ${song.title}`}
          >
            {deleteText}
          </Button>
        </div>
        {manualCopy === "link" ? (
          <ManualCopyField key="link" id={`share-${song.id}`} label={LIBRARY_TEXT.shareLink} value={shareUrl} />
        ) : manualCopy === "embed" ? (
          <ManualCopyField key="embed" id={`embed-${song.id}`} label={LIBRARY_TEXT.embedCode} value={embedHtml} multiline />
        ) : null}
      </div>
    </li>
  );
}

/** Text the clipboard refused, focused and selected as it appears, so Ctrl+C or a long press copies it. */
function ManualCopyField({ id, label, value, multiline = false }: { id: string; label: string; value: string; multiline?: boolean }) {
  const select = (element: HTMLInputElement | HTMLTextAreaElement) => element.select();
  // Stable, so it runs once, when the field appears, and not on every render.
  const field = useCallback((element: HTMLInputElement | HTMLTextAreaElement | null) => {
    element?.focus();
    element?.select();
  }, []);
  const className =
    "block w-full rounded-lg border border-stone-300 bg-stone-50 px-2 py-1.5 text-xs text-stone-900 dark:border-stone-700 dark:bg-stone-950 dark:text-stone-100";
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-stone-600 dark:text-stone-400">
        {label}
      </label>
      {multiline ? (
        <textarea
          ref={field}
          id={id}
          readOnly
          rows={4}
          value={value}
          onFocus={(event) => select(event.currentTarget)}
          className={`${className} resize-none font-mono break-all`}
        />
      ) : (
        <input ref={field} id={id} readOnly value={value} onFocus={(event) => select(event.currentTarget)} className={className} />
      )}
    </div>
  );
}
