// The words this feature shows a person: SPEC's strings, exactly, and ours in its tone.

export const PLAYER_TEXT = {
  loading: "Loading music...",
  empty: "No songs available yet. Check back soon!",
  failed: "Failed to load songs. Please try again later.",
  playbackError: "This song could not be played.",
  /** The fan's switch for loudness levelling. */
  evenLoudness: "Even loudness",
  evenLoudnessHint: "Plays every song at about the same loudness. Turn off to hear each as it was mastered.",
} as const;

/** The embeddable player's words (/embed). */
export const EMBED_TEXT = {
  listenOn: (artist: string) => `Listen on ${artist}'s site`,
  unavailableTitle: "This song isn't available",
  unavailable: "It may have been removed, or it is not out yet.",
  noSongs: "No songs are out yet.",
  visitSite: (artist: string) => `Visit ${artist}'s site`,
} as const;
