import { describe, expect, it } from "vitest";
import type { Song } from "#app/domain/song.ts";
import { featuredPick } from "./featured-pick.ts";

const song = (id: string, releaseId: string, isLatest = false): Song => ({
  id,
  title: id,
  path: `/music/${releaseId}/${id}`,
  releasePath: `/music/${releaseId}`,
  releaseId,
  releaseTitle: releaseId,
  releaseKind: "ep",
  artist: "Juniper Vale",
  audioUrl: `/media/music/${id}.mp3`,
  coverUrl: `/media/covers/${id}.png`,
  coverKey: `covers/${id}.png`,
  isLatest,
  streamingLinks: { spotify: "", apple: "", amazon: "", youtube: "" },
  durationMs: 1000,
  createdAt: 1,
  updatedAt: 1,
  released: true,
  releaseAt: null,
  releaseTimeZone: null,
  releaseAnnounce: false,
  explicit: false,
  isrc: "",
});

// In the order lists give them: release by release, each in running order.
const songs = [
  song("tide-one", "low-tide"),
  song("tide-two", "low-tide", true),
  song("tide-three", "low-tide"),
  song("boats", "paper-boats"),
];

describe("the home page's featured pick", () => {
  it("features the latest song's release from its first track when it has several tracks out", () => {
    expect(featuredPick(songs, null)).toEqual({ lead: songs[0], index: 0, releaseTracks: songs.slice(0, 3) });
  });

  it("features a single as the song the artist chose", () => {
    expect(featuredPick(songs, "boats")).toEqual({ lead: songs[3], index: 3, releaseTracks: [] });
  });

  it("falls back to the latest when the chosen song is gone, to the first with none latest, and to nothing with no songs", () => {
    expect(featuredPick(songs, "gone")?.lead.id).toBe("tide-one");
    expect(featuredPick([song("a", "x"), song("b", "y")], null)?.lead.id).toBe("a");
    expect(featuredPick([], null)).toBeNull();
  });
});
