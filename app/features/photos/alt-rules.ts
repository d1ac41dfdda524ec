import { PHOTO_TEXT } from "./ui-text.ts";

/** The browser's check of a description before sending: the server's words, or null when it will do. */
export function checkAlt(alt: string): string | null {
  return alt.trim() === "" ? PHOTO_TEXT.altRequired : null;
}

/**
 * Whether the server's refusal is about the description, so it is shown at
 * that field (and the keyboard goes there) rather than under the whole photo.
 */
export function isAltProblem(message: string): boolean {
  return message === PHOTO_TEXT.altRequired || message === PHOTO_TEXT.altTooLong;
}
