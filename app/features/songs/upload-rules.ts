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
  audio: ["mp3", "wav", "ogg", "oga", "opus", "flac", "m4a", "aac"],
  cover: ["jpg", "png", "webp", "avif", "gif"],
} as const satisfies Record<UploadKind, readonly string[]>;
export type AcceptedType = (typeof ACCEPTED_TYPES)[UploadKind][number];

export const UPLOAD_LIMITS: Record<UploadKind, number> = { audio: 50 * MB, cover: 5 * MB };

/**
 * The browser's check of a chosen file, given the format its first bytes show
 * (sniff-file-type.ts; the type the browser guesses from the name is not
 * trusted, as on the server), then its size. The server checks both again.
 */
export function checkFile(kind: UploadKind, file: { size: number }, sniffed: AcceptedType | null): string | null {
  if (sniffed === null || !(ACCEPTED_TYPES[kind] as readonly AcceptedType[]).includes(sniffed)) {
    return kind === "audio" ? UPLOAD_TEXT.invalidAudio : UPLOAD_TEXT.invalidImage;
  }
  if (file.size > UPLOAD_LIMITS[kind]) return kind === "audio" ? UPLOAD_TEXT.audioTooLarge : UPLOAD_TEXT.imageTooLarge;
  return null;
}
