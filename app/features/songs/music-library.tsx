import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { CoverImage } from "#app/components/cover-image.tsx";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { useAlerts } from "#app/features/alerts/alerts-provider.tsx";
import { formatDuration, type Song } from "#app/lib/song.ts";
import { AddSongForm } from "./add-song-form.tsx";

type ActionResult = { success: boolean; error?: string };

const smallButton =
  "inline-flex items-center justify-center rounded-full px-3 py-1.5 text-xs font-semibold transition-colors disabled:opacity-50";

function SongCard({ song }: { song: Song }) {
  const fetcher = useFetcher<ActionResult>();
  const { addAlert } = useAlerts();
  // The fetcher forgets its form data once idle; the alert needs to know which action failed.
  const [intent, setIntent] = useState<"mark-latest" | "delete-song" | null>(null);
  const deleting = intent === "delete-song" && fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || result.success) return;
    const prefix = intent === "delete-song" ? "Failed to delete song" : "Failed to set latest song";
    addAlert(`${prefix}: ${result.error ?? "Unknown error"}`, "error");
  }, [fetcher.data, fetcher.state, intent, addAlert]);

  const submit = (next: "mark-latest" | "delete-song") => {
    setIntent(next);
    return fetcher.submit({ intent: next, id: song.id }, { method: "post", action: "/api/songs" });
  };

  return (
    <li
      className={`flex overflow-hidden rounded-2xl border border-stone-200 bg-white sm:block dark:border-stone-800 dark:bg-stone-900 ${deleting ? "opacity-50" : ""}`}
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
            <h3 className="truncate font-semibold" title={song.title}>
              {song.title}
            </h3>
            <span className="shrink-0 text-sm tabular-nums text-stone-500" aria-label={`Length ${formatDuration(song.durationMs)}`}>
              {formatDuration(song.durationMs)}
            </span>
          </div>
          <p className="text-sm text-stone-600 dark:text-stone-400">{song.artist}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {song.isLatest ? (
            <span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-brand-800 dark:bg-brand-800/40 dark:text-brand-100">
              Latest Release
            </span>
          ) : (
            <button
              type="button"
              disabled={fetcher.state !== "idle"}
              onClick={() => void submit("mark-latest")}
              className={`${smallButton} bg-stone-900 text-white hover:bg-stone-700 dark:bg-stone-100 dark:text-stone-900`}
              aria-label={`Mark ${song.title} as latest`}
            >
              Mark as Latest
            </button>
          )}
          <button
            type="button"
            disabled={fetcher.state !== "idle"}
            onClick={() => {
              if (window.confirm("Are you sure you want to delete this song?")) void submit("delete-song");
            }}
            className={`${smallButton} border border-red-300 text-red-700 hover:bg-red-50 dark:border-red-800 dark:text-red-400 dark:hover:bg-red-950`}
            aria-label={`Delete ${song.title}`}
          >
            {deleting ? "Deleting..." : "Delete"}
          </button>
        </div>
      </div>
    </li>
  );
}

/** The dashboard's Music Library: every song, and the add-song wizard behind a toggle. */
export function MusicLibrary({ songs, artistName }: { songs: Song[] | { error: string }; artistName: string }) {
  const [adding, setAdding] = useState(false);
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
      {adding ? <AddSongForm artistName={artistName} onDone={() => setAdding(false)} /> : null}
      {"error" in songs ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800 dark:bg-red-950 dark:text-red-200">
          {songs.error}
        </p>
      ) : songs.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 p-8 text-center text-stone-600 dark:border-stone-700 dark:text-stone-400">
          No songs yet
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {songs.map((song) => (
            <SongCard key={song.id} song={song} />
          ))}
        </ul>
      )}
    </section>
  );
}
