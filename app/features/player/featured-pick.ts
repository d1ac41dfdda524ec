import type { Song } from "#app/domain/song.ts";

/**
 * What the home page's featured block shows: the song the artist chose, or the
 * latest release when none is chosen or the chosen one is gone (the first song
 * without a latest). A song whose release has several tracks out features that
 * release: its first track leads, and the release's tracks follow in order.
 * Null with no songs.
 */
export function featuredPick(
  songs: readonly Song[],
  songId: string | null,
): { lead: Song; index: number; releaseTracks: readonly Song[] } | null {
  const chosenIndex = songId ? songs.findIndex((song) => song.id === songId) : -1;
  const chosen =
    songs[
      chosenIndex >= 0
        ? chosenIndex
        : Math.max(
            0,
            songs.findIndex((song) => song.isLatest),
          )
    ];
  if (!chosen) return null;
  const tracks = songs.filter((song) => song.releaseId === chosen.releaseId);
  const lead = tracks.length > 1 && tracks[0] ? tracks[0] : chosen;
  return { lead, index: songs.indexOf(lead), releaseTracks: tracks.length > 1 ? tracks : [] };
}
