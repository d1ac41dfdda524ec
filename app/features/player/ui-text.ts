// The words this feature shows a person: SPEC's strings, exactly, and ours in its tone.

export const PLAYER_TEXT = {
  loading: "Loading music...",
  empty: "No songs available yet. Check back soon!",
  failed: "Failed to load songs. Please try again later.",
} as const;
