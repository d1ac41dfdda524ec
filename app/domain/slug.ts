// Readable addresses made from titles (issue #33): /music/{release-slug} and
// /music/{release-slug}/{track-slug}. Shared by the server, the migration that
// gave existing songs theirs, and the browser (to show an address as it will be).

/** Long enough for any real title's words, short enough to paste and read. */
export const SLUG_MAX_LENGTH = 60;

/** What a title with no letters or digits at all (only emoji, say) is called instead. */
export const FALLBACK_SLUG = { release: "release", track: "track" } as const;

/**
 * "Café del Mar (Live)" → "cafe-del-mar-live": letters without their accents,
 * lowercase ASCII letters and digits, words joined by one hyphen. Letters with
 * no ASCII form (ß, æ, ø, Cyrillic, CJK…) are kept as themselves, lowercased:
 * a browser shows them readable and sends them percent-encoded.
 */
export function slugify(title: string, fallback: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replaceAll("ß", "ss")
    .replaceAll(/[æÆ]/g, "ae")
    .replaceAll(/[øØ]/g, "o")
    .toLowerCase()
    .replaceAll("&", " and ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX_LENGTH) break;
    slug = next;
  }
  // One word longer than the limit on its own is cut rather than lost.
  if (!slug && words[0]) slug = [...words[0]].slice(0, SLUG_MAX_LENGTH).join("");
  return slug || fallback;
}

/** Whether `value` is a slug this site could have made: what an address's segment is checked against before any lookup. */
export function isSlugShaped(value: string): boolean {
  return value.length > 0 && value.length <= SLUG_MAX_LENGTH * 2 && /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u.test(value);
}

/**
 * `base`, or `base-2`, `base-3`… : the first that `taken` does not hold. The
 * suffix keeps within SLUG_MAX_LENGTH by shortening the base.
 */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${[...base].slice(0, SLUG_MAX_LENGTH - suffix.length).join("")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
