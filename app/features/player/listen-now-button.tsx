import { useEffect, useState } from "react";
import { Link } from "react-router";
import { EARLY_PLAY_IN_ATTRIBUTE } from "#app/lib/document/early-taps.ts";
import type { PageSongs, Song } from "#app/domain/song.ts";
import { defaultSongIndex } from "./music-player.tsx";
import { usePlayer } from "./player-context.tsx";

/**
 * Plays the latest release at once. Until the songs are known, or without
 * JavaScript, it is a plain link to the music page.
 */
export function ListenNowButton({ songs, className, scrollTo }: { songs: PageSongs; className: string; scrollTo?: string }) {
  const store = usePlayer();
  const [list, setList] = useState<Song[] | null>(Array.isArray(songs) ? songs : null);
  useEffect(() => {
    let current = true;
    Promise.resolve(songs).then(
      (resolved) => current && setList(resolved),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [songs]);

  return (
    <Link
      to="/music"
      className={className}
      // Before hydration, the page's early-tap script presses that player's Play button instead.
      {...(scrollTo ? { [EARLY_PLAY_IN_ATTRIBUTE]: scrollTo } : {})}
      onClick={(event) => {
        if (!list?.length) return;
        event.preventDefault();
        store.playQueue(list, defaultSongIndex(list));
        if (scrollTo) document.getElementById(scrollTo)?.scrollIntoView({ behavior: "smooth", block: "start" });
      }}
    >
      Listen Now
    </Link>
  );
}
