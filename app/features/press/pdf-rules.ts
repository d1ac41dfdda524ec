// Shared by the browser (checks a chosen file before uploading it) and the
// server (which checks again while the file streams in).
import { MAX_PRESS_FILE_BYTES, PRESS_FILES_TEXT } from "./ui-text.ts";

/** Every PDF starts with its header, `%PDF-` and the version (ISO 32000-2, 7.5.2). */
const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d] as const;
/** The bytes the browser reads of a chosen file to tell what it is. */
export const PDF_SNIFF_BYTES = PDF_HEADER.length;

/** Whether the bytes begin as a PDF does; what the name or the browser says of the file is not asked. */
export function startsLikePdf(bytes: Uint8Array): boolean {
  return bytes.length >= PDF_HEADER.length && PDF_HEADER.every((value, i) => bytes[i] === value);
}

/** The upload pipeline's sniff: a PDF, or nothing the press kit takes. */
export const sniffPdf = (head: Buffer) => (startsLikePdf(head) ? { ext: "pdf", mime: "application/pdf" } : null);

/** The browser's check of a chosen file: what is wrong with it, or null. */
export function checkPressFile(file: { size: number }, head: Uint8Array): string | null {
  if (file.size === 0) return PRESS_FILES_TEXT.noFile;
  if (!startsLikePdf(head)) return PRESS_FILES_TEXT.notPdf;
  if (file.size > MAX_PRESS_FILE_BYTES) return PRESS_FILES_TEXT.tooLarge;
  return null;
}
