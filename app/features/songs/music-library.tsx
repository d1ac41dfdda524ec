import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ListEmpty, ListLoadError } from "#app/components/paged-list/list-parts.tsx";
import { LoadMoreButton } from "#app/components/paged-list/load-more-button.tsx";
import { usePagedList } from "#app/components/paged-list/use-paged-list.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { embedCode } from "#app/domain/embed-code.ts";
import type { Song } from "#app/domain/song.ts";
import { AddSongForm } from "./add-song-form.tsx";
import type { ReleaseChoiceOption } from "#app/domain/release.ts";
import { type CardIntent, SONGS_API, SongCard } from "./song-card.tsx";
import { SongEditor } from "./song-editor.tsx";
import { ADD_SONG_TEXT, EDIT_TEXT, SONG_TEXT } from "./ui-text.ts";

/**
 * The site's player, as the library needs it. The route that shows the
 * library builds it from the player feature, which this feature does not import.
 */
export type LibraryPlayback = {
  /** The song the player has loaded, if any, and whether it is sounding. */
  currentId: string | null;
  playing: boolean;
  /** Plays `queue` (the songs the library shows, newest first) from `index`. */
  play: (queue: Song[], index: number) => void;
  toggle: () => void;
};
type LibraryPage = { songs: Song[]; nextCursor: string | null };

/** How often the library looks again while a track is being prepared or measured. */
const LOOK_AGAIN_MS = 3_000;

/**
 * The dashboard's Music Library: newest first, a page at a time, and the
 * add-song wizard behind a toggle. Each song can be played (given `playback`),
 * edited, shared by its address, made the latest release and deleted.
 */
export function MusicLibrary({
  initial,
  artistName,
  playback,
  shareOrigin,
  mailOn,
  releaseEditorPath,
  releases = [],
}: {
  /** The releases a new song can join in the wizard's step 3. */
  releases?: readonly ReleaseChoiceOption[];
  initial: LibraryPage | { error: string };
  /** Where a song's release is edited (its running order, lyrics and credits). */
  releaseEditorPath: (releaseId: string) => string;
  artistName: string;
  /** Whether the site can send mail (a scheduled song's announcement). */
  mailOn: boolean;
  playback?: LibraryPlayback;
  /** The site's public address (PUBLIC_URL), for share links; the page's own origin when absent. */
  shareOrigin?: string;
}) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Song | null>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  // Where the focus goes once the editor has closed: the song's Edit button, or the heading when the song is gone.
  const returnFocus = useRef<string | null | undefined>(undefined);
  const [origin, setOrigin] = useState(shareOrigin ?? "");
  useEffect(() => {
    if (!shareOrigin) setOrigin(window.location.origin);
  }, [shareOrigin]);
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

  // A track's renditions and loudness are made in the background, seconds to
  // minutes: while one is under way the page looks again every few seconds, so
  // "Preparing for streaming" turns into "out" without a reload. Not while the
  // artist works in a form or has loaded more pages, which a fresh first page
  // would reset.
  const underWay = list.items.some((song) => song.streaming?.state === "preparing" || song.measure?.state === "measuring");
  const firstPageOnly = !("error" in initial) && list.items.length <= initial.songs.length;
  const { state: revalidating, revalidate } = revalidator;
  useEffect(() => {
    if (!underWay || !firstPageOnly || adding || editing || revalidating !== "idle") return;
    const timer = setTimeout(() => void revalidate(), LOOK_AGAIN_MS);
    return () => clearTimeout(timer);
  }, [underWay, firstPageOnly, adding, editing, revalidating, revalidate]);

  // Mark as Latest gave every song a new version: an editor opened later edits against it.
  const onDone = (intent: CardIntent, id: string, updatedAt: number | undefined) =>
    intent === "delete-song"
      ? list.removeItem(id)
      : // Out now, perhaps as the latest release: the server's list says which.
        intent === "release-now"
        ? reload()
        : markedLatest(id, updatedAt);
  const markedLatest = (id: string, updatedAt: number | undefined) => {
    list.updateItems((song) => ({ ...song, isLatest: song.id === id, updatedAt: updatedAt ?? song.updatedAt }));
    // The pressed button goes with the badge that replaces it: the keyboard moves to the card's Edit button.
    requestAnimationFrame(() => editButtons.current.get(id)?.focus());
  };

  const replaceSong = (changed: Song) => list.updateItems((song) => (song.id === changed.id ? changed : song));
  const closeEditor = (focusId: string | null) => {
    returnFocus.current = focusId;
    setEditing(null);
  };
  useEffect(() => {
    if (editing || returnFocus.current === undefined) return;
    const target = returnFocus.current === null ? heading.current : editButtons.current.get(returnFocus.current);
    returnFocus.current = undefined;
    target?.focus();
  }, [editing]);

  return (
    <section aria-labelledby="library-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="library-heading" ref={heading} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
          Music Library
        </h2>
        <button
          type="button"
          className={adding ? buttonClass("secondary") : buttonClass("primary")}
          onClick={() => setAdding((open) => !open)}
          aria-expanded={adding}
        >
          {adding ? "Cancel" : "Add New Song"}
        </button>
      </div>
      {adding ? (
        <AddSongForm
          artistName={artistName}
          releases={releases}
          mailOn={mailOn}
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
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {list.items.map((song, index) => (
            <SongCard
              key={song.id}
              song={song}
              onDone={onDone}
              onEdit={setEditing}
              editButtonRef={(element) => {
                if (element) editButtons.current.set(song.id, element);
                else editButtons.current.delete(song.id);
              }}
              shareUrl={`${origin}${song.path}`}
              releaseHref={releaseEditorPath(song.releaseId)}
              embedHtml={embedCode(origin, song)}
              play={
                playback
                  ? {
                      playing: playback.currentId === song.id && playback.playing,
                      onToggle: () => (playback.currentId === song.id ? playback.toggle() : playback.play(list.items, index)),
                    }
                  : null
              }
            />
          ))}
        </ul>
      )}
      {list.nextCursor ? <LoadMoreButton loading={list.loading} onClick={list.loadMore} label="Load more songs" /> : null}
      {editing ? (
        <SongEditor
          key={editing.id}
          song={editing}
          mailOn={mailOn}
          onSaved={(saved) => {
            replaceSong(saved);
            addToast(EDIT_TEXT.saved(saved.title), "success");
            closeEditor(saved.id);
          }}
          onChanged={replaceSong}
          onGone={(id) => {
            list.removeItem(id);
            closeEditor(null);
          }}
          onClose={() => closeEditor(editing.id)}
        />
      ) : null}
    </section>
  );
}
