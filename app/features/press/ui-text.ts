// The words of the press kit: its public page (/press) and its files in the
// dashboard's Site area. The kit's own words are written in the Site area
// (app/features/site).
import type { PressContactRole } from "#app/domain/site/site-config-schema.ts";

const MB = 1024 * 1024;
const MAX_PRESS_FILE_MB = 20;
export const MAX_PRESS_FILE_BYTES = MAX_PRESS_FILE_MB * MB;
export const MAX_PRESS_FILES = 12;
export const MAX_PRESS_FILE_TITLE = 80;

/** "1.2 MB", "640 KB": a file's size as a person reads it. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export const PRESS_PAGE_TEXT = {
  eyebrow: "Press kit",
  metaTitle: "Press kit",
  metaDescription: (artist: string) =>
    `The press kit of ${artist}: bios to quote, press photos to download, quotes, music, shows, contacts and technical files.`,
  socialImageAlt: (artist: string) => `${artist}: press kit`,
  title: (artist: string) => `${artist}: press kit`,
  intro: "Everything for a review, a feature or a booking: copy the bios, download the photos, and write to the right person.",
  contents: "On this page",
  shortBio: "Short bio",
  longBio: "Long bio",
  bioHeading: "Bio",
  copy: "Copy",
  copyLabel: (what: string) => `Copy the ${what.toLowerCase()}`,
  copied: "Copied",
  copyFailed: "Could not copy: select the text and copy it by hand.",
  photosHeading: "Press photos",
  photosIntro: "Free to use for press about the artist, with the photographer's credit.",
  photoCredit: (credit: string) => `Photo: ${credit}`,
  downloadPhoto: "Download",
  downloadPhotoLabel: (n: number, width: number, height: number) => `Download photo ${n}, full size (${width} × ${height} pixels, JPEG)`,
  fullSize: (width: number, height: number) => `${width} × ${height} px`,
  downloadAll: (count: number) => (count === 1 ? "Download the photo (zip)" : `Download all ${count} photos (zip)`),
  quotesHeading: "Press",
  musicHeading: "Music",
  musicPlayer: (title: string) => `Player for ${title}`,
  listenAt: "Listen at",
  showsHeading: "Upcoming shows",
  showsAll: "All shows",
  contactsHeading: "Contacts",
  contactRoles: { booking: "Booking", press: "Press", management: "Management" } satisfies Record<PressContactRole, string>,
  filesHeading: "Files",
  fileKind: (size: string) => `PDF · ${size}`,
  downloadFile: (title: string) => `Download ${title} (PDF)`,
  emptyTitle: "The press kit is empty",
  emptyText: "Visitors get “Page Not Found” here until it has something in it: a bio, a quote, a contact or a file.",
  emptyAction: "Write the press kit",
  adminPreview: "Only you see this page while the press kit is empty.",
} as const;

export const PRESS_FILES_TEXT = {
  title: "Press kit files",
  intro: `PDFs for bookers and journalists: a technical rider, a stage plot, a one-sheet. Each is public on /press as soon as it is added, until you remove it. Up to ${MAX_PRESS_FILES}, ${MAX_PRESS_FILE_MB} MB each.`,
  empty: "No files yet.",
  titleLabel: "Title",
  titleHint: "As the press kit lists it, e.g. “Technical rider”.",
  choose: "Choose a PDF",
  add: "Add the file",
  adding: "Adding...",
  added: "File added. The press kit lists it now.",
  chosen: (name: string, size: string) => `Chosen: ${name} (${size})`,
  remove: "Remove",
  removeConfirm: "Remove this file from the press kit?",
  removeYes: "Yes, remove it",
  removeNo: "Keep it",
  removing: "Removing...",
  removed: "File removed.",
  titleRequired: "Please give the file a title.",
  titleTooLong: `Please keep the title under ${MAX_PRESS_FILE_TITLE} characters.`,
  titleOneLine: "Please write the title on one line, without tabs or other control characters.",
  notPdf: "Please choose a PDF file.",
  tooLarge: `This file is too large. Maximum size is ${MAX_PRESS_FILE_MB}MB.`,
  noFile: "Please choose a PDF file to add.",
  tooMany: `There are already ${MAX_PRESS_FILES} files. Remove one to add another.`,
  notFound: "This file is no longer there. Reload the page to see the current files.",
  badRequest: "That request was not understood.",
  unexpected: "Something went wrong. Please try again.",
  failed: "Upload failed: ",
  connectionLost: "The connection was lost",
} as const;
