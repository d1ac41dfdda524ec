import { randomBytes } from "node:crypto";

// The names inside a release's zip and of the zip itself. A fan unzips on
// Windows, macOS, Linux or a phone: a name must be one every one of them keeps.

/** Characters Windows refuses in a name (macOS and Linux refuse "/" and, in Finder, ":"). */
const REFUSED = new Set('<>:"/\\|?*');
/**
 * Those, control characters, and the invisible ones that turn text around
 * (U+202E shows "01 Song\u202Eflac.exe" as "01 Songexe.calf"): a name shows what it
 * is. The joiners emoji and scripts are written with stay.
 */
function refused(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (
    REFUSED.has(character) ||
    code < 0x20 ||
    code === 0x7f ||
    code === 0x200b ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
}
/** Long enough for any title people read; short enough that a zip's folder and a track's name stay under Windows' 260. */
const MAX_TITLE_CHARACTERS = 100;

/** A title as part of a file name: refused characters become "_", and it never ends in a dot or a space (Windows drops them). */
function safeTitle(title: string): string {
  // By characters, not UTF-16 units, so no emoji is cut in half.
  const spaced = title.normalize("NFC").replace(/\s+/g, " ").trim();
  const cleaned = Array.from(spaced, (character) => (refused(character) ? "_" : character)).join("");
  return Array.from(cleaned)
    .slice(0, MAX_TITLE_CHARACTERS)
    .join("")
    .replace(/[. ]+$/, "");
}

/** "01 Title.flac": the track's place, with as many digits as the last track needs (two at least), so names sort in order. */
export function trackEntryName(position: number, count: number, title: string, extension: string): string {
  const number = String(position).padStart(Math.max(2, String(count).length), "0");
  return `${number} ${safeTitle(title) || "Track"}.${extension}`;
}

/**
 * The zip's name in storage (downloads/{ms}_{this}): the release it is, in
 * ASCII, and a random part no one can guess, kept within the 100 characters a
 * storage name may have (safeFileName).
 */
export function zipObjectName(releaseTitle: string, format: string): string {
  const ascii = releaseTitle
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .slice(0, 40)
    .replace(/^-+|-+$/g, "");
  return `${ascii || "release"}-${format}-${randomBytes(16).toString("hex")}.zip`;
}
