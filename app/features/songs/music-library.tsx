import { useCallback, useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { CoverImage } from "#app/components/cover-image.tsx";
import { ListEmpty, ListLoadError } from "#app/components/paged-list/list-parts.tsx";
import { LoadMoreButton } from "#app/components/paged-list/load-more-button.tsx";
import { usePagedList } from "#app/components/paged-list/use-paged-list.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { formatDuration, type Song } from "#app/lib/song.ts";
import { AddSongForm } from "./add-song-form.tsx";
import { ADD_SONG_TEXT, SONG_TEXT } from "./ui-text.ts";

type ActionResult = { success: boolean; error?: string };
type LibraryPage = { songs: Song[]; nextCursor: string | null };
type Intent = "mark-latest" | "delete-song";

const SONGS_API = "/api/songs";

const smallButton =
  "inline-flex items-center justify-center rounded-full px-3 py-1.5 text-xs font-semibold transition-colors aria-disabled:opacity-50";

function SongCard({ song, onDone }: { song: Song; onDone: (intent: Intent, id: string) => void }) {
  const fetcher = useFetcher<ActionResult>();
  const { addToast } = useToasts();
  // The fetcher forgets its form data once idle; the outcome needs to know which action it was.
  const [intent, setIntent] = useState<Intent | null>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (busy || !result || !intent) return;
    if (result.success) onDone(intent, song.id);
    else
      addToast(
        `${intent === "delete-song" ? "Failed to delete song" : "Failed to set latest song"}: ${result.error ?? "Unknown error"}`,
        "error",
      );
    setIntent(null);
  }, [fetcher.data, busy, intent, song.id, onDone, addToast]);

  const submit = (next: Intent) => {
    if (busy) return;
    setIntent(next);
    // The library updates itself; re-running the dashboard's loader would lose the pages loaded so far.
    void fetcher.submit({ intent: next, id: song.id }, { method: "post", action: SONGS_API, defaultShouldRevalidate: false });
  };

  const deleteText = busy && intent === "delete-song" ? "Deleting..." : "Delete";
  return (
    <li
      className={`flex min-w-0 overflow-hidden rounded-2xl border border-stone-200 bg-white sm:block dark:border-stone-800 dark:bg-stone-900 ${busy && intent === "delete-song" ? "opacity-50" : ""}`}
    >
      {/* A compact row on phones, a card with the full cover from sm up. */}
      <CoverImage
        coverKey={song.coverKey}
        alt={`Cover art for ${song.title}`}
        size={384}
        sizes="(min-width: 1024px) 280px, (min-width: 640px) 45vw, 112px"
        className="aspect-square w-28 shrink-0 object-cover sm:w-full"
      />
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
        </div>
        {/* Each button's name starts with the words on it (WCAG 2.5.3, so "click
            Mark as Latest" works by voice); the song's title follows, so a list of
            buttons still says which song each is for. (An aria-label rather than
            visually hidden text: Chromium names a button with an out-of-flow child
            "Mark as Latest : Title", with a stray space.) */}
        <div className="flex flex-wrap items-center gap-2">
          {song.isLatest ? (
            <span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-brand-800 dark:bg-brand-800/40 dark:text-brand-100">
              Latest Release
            </span>
          ) : (
            <button
              type="button"
              aria-disabled={busy}
              onClick={() => submit("mark-latest")}
              className={`${smallButton} bg-stone-900 text-white hover:bg-stone-700 dark:bg-stone-100 dark:text-stone-900`}
              aria-label={`Mark as Latest: ${song.title}`}
            >
              Mark as Latest
            </button>
          )}
          <button
            type="button"
            aria-disabled={busy}
            onClick={() => {
              if (!busy && window.confirm("Are you sure you want to delete this song?")) submit("delete-song");
            }}
            className={`${smallButton} border border-red-300 text-red-700 hover:bg-red-50 dark:border-red-800 dark:text-red-400 dark:hover:bg-red-950`}
            aria-label={`${deleteText}: ${song.title}`}
          >
            {deleteText}
          </button>
        </div>
      </div>
    </li>
  );
}

/**
 * The dashboard's Music Library: newest first, a page at a time, and the
 * add-song wizard behind a toggle.
 */
export function MusicLibrary({ initial, artistName }: { initial: LibraryPage | { error: string }; artistName: string }) {
  const [adding, setAdding] = useState(false);
  const list = usePagedList<Song>({
    initial: "error" in initial ? initial : { items: initial.songs, nextCursor: initial.nextCursor, count: null },
    endpoint: SONGS_API,
    keys: { items: "songs" },
    words: { loadFailed: SONG_TEXT.loadFailed, unexpected: "Unknown error" },
  });
  const { addToast } = useToasts();
  const revalidator = useRevalidator();
  // A new song is on the dashboard's first page: load it again.
  const reload = useCallback(() => void revalidator.revalidate(), [revalidator]);

  // A fresh first page from the server (after a song is added) starts the list again.
  const { reset } = list;
  useEffect(() => {
    if ("error" in initial) return;
    reset({ items: initial.songs, nextCursor: initial.nextCursor, count: null });
  }, [initial, reset]);

  const onDone = (intent: Intent, id: string) =>
    intent === "delete-song" ? list.removeItem(id) : list.updateItems((song) => ({ ...song, isLatest: song.id === id }));

  return (
    <section aria-labelledby="library-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="library-heading" className="text-2xl font-semibold">
          Music Library
        </h2>
        <button
          type="button"
          className={adding ? buttonStyles.secondary : buttonStyles.primary}
          onClick={() => setAdding((open) => !open)}
          aria-expanded={adding}
        >
          {adding ? "Cancel" : "Add New Song"}
        </button>
      </div>
      {adding ? (
        <AddSongForm
          artistName={artistName}
          onDone={() => {
            setAdding(false);
            reload();
          }}
          onCancelled={() => addToast(ADD_SONG_TEXT.cancelled, "info")}
          onSavedAfterCancel={() => {
            addToast(ADD_SONG_TEXT.alreadySaved, "warning");
            reload();
          }}
        />
      ) : null}
      {list.loadError ? (
        <ListLoadError>{list.loadError}</ListLoadError>
      ) : list.items.length === 0 ? (
        <ListEmpty>No songs yet</ListEmpty>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {list.items.map((song) => (
            <SongCard key={song.id} song={song} onDone={onDone} />
          ))}
        </ul>
      )}
      {list.nextCursor ? <LoadMoreButton loading={list.loading} onClick={list.loadMore} label="Load more songs" /> : null}
    </section>
  );
}
