import { z } from "zod";
import { isStreamingLink, STREAMING_LINK_MAX, TITLE_MAX } from "./song-rules.ts";
import { RELEASE_TEXT, SONG_TEXT } from "./ui-text.ts";

const streamingLink = z
  .string()
  .trim()
  .max(STREAMING_LINK_MAX, SONG_TEXT.invalidLink)
  .refine(isStreamingLink, SONG_TEXT.invalidLink)
  .default("");

// One rule for a song's title and links, whether it is being added or edited.
const songTitle = z
  .string({ error: SONG_TEXT.titleRequired })
  .trim()
  .min(1, SONG_TEXT.titleRequired)
  .max(TITLE_MAX, SONG_TEXT.titleTooLong);
const streamingLinks = z
  .object({ spotify: streamingLink, apple: streamingLink, amazon: streamingLink, youtube: streamingLink })
  .default({ spotify: "", apple: "", amazon: "", youtube: "" });

/**
 * When a new song comes out: a local date-time in the artist's zone (checked
 * against the zone's calendar by zonedTimeToInstant), and whether its coming
 * out mails the list. Absent: it is out on upload.
 */
const releasePlan = z.object({
  at: z.string({ error: RELEASE_TEXT.timeRequired }).trim().min(1, RELEASE_TEXT.timeRequired).max(40, RELEASE_TEXT.timeRequired),
  timeZone: z.string({ error: RELEASE_TEXT.zoneRequired }).trim().min(1, RELEASE_TEXT.zoneRequired).max(64, RELEASE_TEXT.zoneRequired),
  announce: z.boolean().default(false),
});

export const newSongSchema = z.object({
  title: songTitle,
  audioKey: z.string({ error: SONG_TEXT.audioRequired }).min(1, SONG_TEXT.audioRequired),
  coverKey: z.string({ error: SONG_TEXT.coverRequired }).min(1, SONG_TEXT.coverRequired),
  durationMs: z.int().min(0).nullable().default(null),
  streamingLinks,
  /** The wizard's "Make this the latest release" (for a scheduled song: when it comes out). */
  isLatest: z.boolean().default(false),
  release: releasePlan.nullable().default(null),
  /** A release it joins as the last track; absent, it becomes a single of its own. */
  releaseId: z.string().trim().max(100).optional(),
});
export type NewSong = z.input<typeof newSongSchema>;

export const songIdSchema = z.string({ error: SONG_TEXT.idRequired }).trim().min(1, SONG_TEXT.idRequired).max(100);

/**
 * An edit of a song already published: its title, links and (optionally) a
 * new cover, against the version of it the editor was opened on.
 */
export const songEditSchema = z.object({
  id: songIdSchema,
  /** The song's updatedAt when the editor opened it; a different one now means someone else changed it. */
  expectedUpdatedAt: z.int({ error: SONG_TEXT.versionRequired }).min(0, SONG_TEXT.versionRequired),
  title: songTitle,
  streamingLinks,
  /** A fresh upload to replace the cover with; absent or empty keeps the current one. */
  coverKey: z.string().trim().max(1000, SONG_TEXT.coverRequired).optional(),
  /** A fresh upload to replace the audio with (its length as the browser read it); the share address stays. */
  audioKey: z.string().trim().max(1000, SONG_TEXT.audioRequired).optional(),
  durationMs: z.int().min(0).nullable().optional(),
  /** A scheduled song's new time and announcement; refused for a song that is out. */
  release: releasePlan.optional(),
});
/** The fields of the edit form a message can belong to. */
export type SongEditField = "title" | "spotify" | "apple" | "amazon" | "youtube" | "cover" | "audio" | "release";
