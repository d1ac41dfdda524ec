// Shared by the browser (checks before uploading) and the server (which
// enforces them again while streaming). SPEC sections 5 and 9.
export type UploadKind = "audio" | "cover";

const MB = 1024 * 1024;
/**
 * The formats the site stores, named by the extension `file-type` gives them
 * (the server's check); the browser's own sniffer (sniff-file-type.ts) knows the same ones.
 */
export const ACCEPTED_TYPES = {
  audio: ["mp3", "wav", "ogg", "oga", "opus", "flac", "m4a", "aac"],
  cover: ["jpg", "png", "webp", "avif", "gif"],
} as const satisfies Record<UploadKind, readonly string[]>;
export type AcceptedType = (typeof ACCEPTED_TYPES)[UploadKind][number];

export const UPLOAD_LIMITS: Record<UploadKind, number> = { audio: 50 * MB, cover: 5 * MB };

export const UPLOAD_MESSAGES = {
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

/**
 * The browser's check of a chosen file, given the format its first bytes show
 * (sniff-file-type.ts; the type the browser guesses from the name is not
 * trusted, as on the server), then its size. The server checks both again.
 */
export function checkFile(kind: UploadKind, file: { size: number }, sniffed: AcceptedType | null): string | null {
  if (sniffed === null || !(ACCEPTED_TYPES[kind] as readonly AcceptedType[]).includes(sniffed)) {
    return kind === "audio" ? UPLOAD_MESSAGES.invalidAudio : UPLOAD_MESSAGES.invalidImage;
  }
  if (file.size > UPLOAD_LIMITS[kind]) return kind === "audio" ? UPLOAD_MESSAGES.audioTooLarge : UPLOAD_MESSAGES.imageTooLarge;
  return null;
}
