import { z } from "zod";
import { INVALID_LINK, isStreamingLink, STREAMING_LINK_MAX, TITLE_MAX } from "./song-rules.ts";

/** The service layer's messages (SPEC section 5). */
export const SONG_ERRORS = {
  titleRequired: "Song title is required",
  titleTooLong: "Song title must be at most 200 characters",
  audioRequired: "Audio file is required",
  coverRequired: "Cover art is required",
  idRequired: "Song ID is required",
  notFound: "Song not found",
  invalidLink: INVALID_LINK,
} as const;

const streamingLink = z
  .string()
  .trim()
  .max(STREAMING_LINK_MAX, SONG_ERRORS.invalidLink)
  .refine(isStreamingLink, SONG_ERRORS.invalidLink)
  .default("");

export const newSongSchema = z.object({
  title: z.string({ error: SONG_ERRORS.titleRequired }).trim().min(1, SONG_ERRORS.titleRequired).max(TITLE_MAX, SONG_ERRORS.titleTooLong),
  audioKey: z.string({ error: SONG_ERRORS.audioRequired }).min(1, SONG_ERRORS.audioRequired),
  coverKey: z.string({ error: SONG_ERRORS.coverRequired }).min(1, SONG_ERRORS.coverRequired),
  durationMs: z.int().min(0).nullable().default(null),
  streamingLinks: z
    .object({ spotify: streamingLink, apple: streamingLink, amazon: streamingLink, youtube: streamingLink })
    .default({ spotify: "", apple: "", amazon: "", youtube: "" }),
});
export type NewSong = z.input<typeof newSongSchema>;

export const songIdSchema = z.string({ error: SONG_ERRORS.idRequired }).trim().min(1, SONG_ERRORS.idRequired).max(100);
