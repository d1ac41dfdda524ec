// The words this feature shows a person: SPEC's strings, exactly, and ours in its tone.

import { INVALID_LINK } from "./song-rules.ts";

export const ADD_SONG_TEXT = {
  uploadingAudio: "Uploading audio file...",
  uploadingCover: "Uploading cover art...",
  saving: "Saving song information...",
  done: "Song uploaded successfully! 🎉",
  failed: "Failed to add song",
  /** Cancel stopped the upload in time. */
  cancelled: "Upload cancelled. No song was added.",
  /** Cancel came after the song was saved: say so rather than pretend. */
  alreadySaved: "Too late to cancel: the song was already saved.",
} as const;

export const UPLOAD_TEXT = {
  noFile: "No file provided",
  invalidAudio: "Please select a valid audio file (MP3, WAV, etc.)",
  audioTooLarge: "Audio file is too large. Maximum size is 50MB.",
  invalidImage: "Please select a valid image file (JPG, PNG, etc.)",
  imageTooLarge: "Image file is too large. Maximum size is 5MB.",
  imageTooManyPixels: "This image is too large to process. Please save it at a smaller size (3000 × 3000 pixels is plenty) and try again.",
  missingAudio: "Please upload an audio file",
  missingCover: "Please upload cover art",
  missingTitle: "Please enter a song title",
} as const;

/** The service layer's messages (SPEC section 5). */
export const SONG_TEXT = {
  titleRequired: "Song title is required",
  titleTooLong: "Song title must be at most 200 characters",
  audioRequired: "Audio file is required",
  coverRequired: "Cover art is required",
  idRequired: "Song ID is required",
  notFound: "Song not found",
  invalidLink: INVALID_LINK,
  loadFailed: "Failed to load songs",
} as const;
