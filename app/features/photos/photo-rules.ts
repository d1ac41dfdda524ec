// Shared by the browser (checks before uploading) and the server (which
// enforces them again while streaming and decoding).
import type { SniffedType } from "#app/lib/uploads/sniff-file-type.ts";
import { PHOTO_TEXT } from "./ui-text.ts";

/** Formats a photo may arrive in, by file-type's extension for its bytes. */
export const ACCEPTED_PHOTO_TYPES = ["jpg", "png", "webp", "avif"] as const satisfies readonly SniffedType[];
/** Straight from a phone or camera, a photo is often 5–15 MB. */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
export const PHOTO_ACCEPT_ATTRIBUTE = "image/jpeg,image/png,image/webp,image/avif";

/** The browser's check of a chosen file, by what its first bytes are and its size. */
export function checkPhotoFile(file: { size: number }, sniffed: SniffedType | null): string | null {
  if (sniffed === null || !(ACCEPTED_PHOTO_TYPES as readonly SniffedType[]).includes(sniffed)) return PHOTO_TEXT.invalidImage;
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_TEXT.tooLarge;
  return null;
}
