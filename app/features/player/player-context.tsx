import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { initialPlayerState, PlayerStore, type PlayerState } from "./player-store.ts";
import { useMediaSession } from "./use-media-session.ts";

const PlayerContext = createContext<PlayerStore | null>(null);
const getServerState = () => initialPlayerState;
const getServerTime = () => 0;

/** Owns the site's single <audio> element; rendered once, in the root layout. */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new PlayerStore());
  const audioRef = useRef<HTMLAudioElement>(null);
  useEffect(() => (audioRef.current ? store.attach(audioRef.current) : undefined), [store]);
  useMediaSession(store);
  return (
    <PlayerContext value={store}>
      {children}
      {/* Nothing is fetched until a fan presses play. */}
      <audio ref={audioRef} preload="none" data-testid="site-audio" />
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
