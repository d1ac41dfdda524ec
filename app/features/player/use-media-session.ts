import { useEffect, useSyncExternalStore } from "react";
import { coverVariantKey, mediaUrl } from "#app/domain/song.ts";
import { initialPlayerState, type PlayerStore } from "./player-store.ts";

/** Lock-screen and headset controls, and the song shown there. */
export function useMediaSession(store: PlayerStore) {
  const state = useSyncExternalStore(store.subscribe, store.getState, () => initialPlayerState);
  const song = state.queue[state.index];

  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ["play", () => store.play()],
      ["pause", () => store.pause()],
      ["seekbackward", () => store.jump(-1)],
      ["seekforward", () => store.jump(1)],
      ["seekto", (details) => details.seekTime != null && store.seek(details.seekTime)],
      ["previoustrack", () => store.step(-1)],
      ["nexttrack", () => store.step(1)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // Not every browser supports every action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // Same as above.
        }
      }
    };
  }, [store]);

  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator) || !song) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: song.title,
      artist: song.artist,
      artwork: [192, 384, 768].map((w) => ({
        src: mediaUrl(coverVariantKey(song.coverKey, w, "webp")),
        sizes: `${w}x${w}`,
        type: "image/webp",
      })),
    });
  }, [song]);

  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    navigator.mediaSession.playbackState = song ? (state.playing ? "playing" : "paused") : "none";
  }, [song, state.playing]);
}
