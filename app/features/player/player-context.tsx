import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { SITE_AUDIO_ATTRIBUTE } from "#app/lib/document/early-taps.ts";
import type { Song } from "#app/domain/song.ts";
import { initialPlayerState, PlayerStore, type PlayerState } from "./player-store.ts";
import { useMediaSession } from "./use-media-session.ts";

const PlayerContext = createContext<PlayerStore | null>(null);
const getServerState = () => initialPlayerState;
const getServerTime = () => 0;

/** Owns the site's <audio> elements (one playing, one readying the next song); rendered once, in the root layout. */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new PlayerStore());
  const audioRef = useRef<HTMLAudioElement>(null);
  const spareRef = useRef<HTMLAudioElement>(null);
  useEffect(() => (audioRef.current ? store.attach(audioRef.current, spareRef.current ?? undefined) : undefined), [store]);
  useMediaSession(store);
  return (
    <PlayerContext value={store}>
      {/*
        Nothing is fetched until a fan presses play. First in the page, so it is
        there for the early-tap script (decision 020) before any Play button is.
      */}
      <audio ref={audioRef} preload="none" {...{ [SITE_AUDIO_ATTRIBUTE]: "" }} />
      <audio ref={spareRef} preload="none" />
      {children}
    </PlayerContext>
  );
}

export function usePlayer(): PlayerStore {
  const store = useContext(PlayerContext);
  if (!store) throw new Error("usePlayer must be used inside <PlayerProvider>");
  return store;
}

export function usePlayerState(): PlayerState {
  const store = usePlayer();
  return useSyncExternalStore(store.subscribe, store.getState, getServerState);
}

/** The playback position in seconds, updated every 20 ms while playing. */
export function usePlayerTime(): number {
  const store = usePlayer();
  return useSyncExternalStore(store.subscribeTime, store.getTime, getServerTime);
}

/**
 * A player's songs: when the fan started one of them before the page
 * hydrated, this player takes it over, playing on (app/lib/document/early-taps.ts).
 * A layout effect, so the player shows it before a tap is handed to it.
 */
export function useEarlyPlayClaim(songs: Song[]): void {
  const store = usePlayer();
  useLayoutEffect(() => store.claim(songs), [store, songs]);
  // The same songs at new addresses (a private link's page renews its signed ones) reach the queue playing them.
  useLayoutEffect(() => store.renewQueue(songs), [store, songs]);
}
