// Shared by the browser (checks before uploading) and the server (which
// enforces them again while streaming). SPEC sections 5 and 9.
import { UPLOAD_TEXT } from "./ui-text.ts";
export type UploadKind = "audio" | "cover";

const MB = 1024 * 1024;
/**
 * The formats the site stores, named by the extension `file-type` gives them
 * (the server's check); the browser's own sniffer (sniff-file-type.ts) knows the same ones.
 */
export const ACCEPTED_TYPES = {
  audio: ["mp3", "wav", "aif", "ogg", "oga", "opus", "flac", "m4a", "aac"],
  cover: ["jpg", "png", "webp", "avif", "gif"],
} as const satisfies Record<UploadKind, readonly string[]>;
export type AcceptedType = (typeof ACCEPTED_TYPES)[UploadKind][number];

/** SPEC's limits; an operator may raise the audio one (AUDIO_UPLOAD_MAX_MB). */
export const UPLOAD_LIMITS: Record<UploadKind, number> = { audio: 50 * MB, cover: 5 * MB };

/** The refusal of an audio file over `maxBytes`: SPEC's words at its limit, the same words at a raised one. */
export function audioTooLargeText(maxBytes: number): string {
  return maxBytes === UPLOAD_LIMITS.audio ? UPLOAD_TEXT.audioTooLarge : `Audio file is too large. Maximum size is ${sizeText(maxBytes)}.`;
}

/** The audio step's hint: the formats, and the limit. */
export function audioHintText(maxBytes: number): string {
  return `MP3, WAV, AIFF, FLAC, OGG or M4A, up to ${sizeText(maxBytes)}`;
}

/** Whether `message` refuses an audio file for its size (the step then says how to fit). */
export const isAudioTooLarge = (message: string | null | undefined) => !!message?.startsWith("Audio file is too large.");

const sizeText = (bytes: number) => (bytes % (1024 * MB) === 0 ? `${bytes / (1024 * MB)}GB` : `${Math.round(bytes / MB)}MB`);

/**
 * The browser's check of a chosen file, given the format its first bytes show
 * (sniff-file-type.ts; the type the browser guesses from the name is not
 * trusted, as on the server), then its size. The server checks both again.
 */
export function checkFile(
  kind: UploadKind,
  file: { size: number },
  sniffed: AcceptedType | null,
  maxBytes: number = UPLOAD_LIMITS[kind],
): string | null {
  if (sniffed === null || !(ACCEPTED_TYPES[kind] as readonly AcceptedType[]).includes(sniffed)) {
    return kind === "audio" ? UPLOAD_TEXT.invalidAudio : UPLOAD_TEXT.invalidImage;
  }
  if (file.size > maxBytes) return kind === "audio" ? audioTooLargeText(maxBytes) : UPLOAD_TEXT.imageTooLarge;
  return null;
}
