import { z } from "zod";
import { isStreamingLink, STREAMING_LINK_MAX, TITLE_MAX } from "./song-rules.ts";
import { SONG_TEXT } from "./ui-text.ts";

const streamingLink = z
  .string()
  .trim()
  .max(STREAMING_LINK_MAX, SONG_TEXT.invalidLink)
  .refine(isStreamingLink, SONG_TEXT.invalidLink)
  .default("");

export const newSongSchema = z.object({
  title: z.string({ error: SONG_TEXT.titleRequired }).trim().min(1, SONG_TEXT.titleRequired).max(TITLE_MAX, SONG_TEXT.titleTooLong),
  audioKey: z.string({ error: SONG_TEXT.audioRequired }).min(1, SONG_TEXT.audioRequired),
  coverKey: z.string({ error: SONG_TEXT.coverRequired }).min(1, SONG_TEXT.coverRequired),
  durationMs: z.int().min(0).nullable().default(null),
  streamingLinks: z
    .object({ spotify: streamingLink, apple: streamingLink, amazon: streamingLink, youtube: streamingLink })
    .default({ spotify: "", apple: "", amazon: "", youtube: "" }),
});
export type NewSong = z.input<typeof newSongSchema>;

export const songIdSchema = z.string({ error: SONG_TEXT.idRequired }).trim().min(1, SONG_TEXT.idRequired).max(100);
