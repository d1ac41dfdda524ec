// The files made from an upload, named after its key, so whatever removes an
// upload (a song deleted, a photo replaced, the sweep of abandoned uploads)
// removes them too, whichever feature made them.
import { PHOTO_FORMATS, PHOTO_WIDTHS, photoFullSizeKey, photoVariantKey } from "./photo.ts";
import { COVER_FORMATS, COVER_WIDTHS, RENDITION_FORMATS, coverSocialKey, coverVariantKey, renditionKey } from "./song.ts";

export function coverDerivedKeys(coverKey: string): string[] {
  return [...COVER_WIDTHS.flatMap((w) => COVER_FORMATS.map((f) => coverVariantKey(coverKey, w, f))), coverSocialKey(coverKey)];
}

/** Every name a photo's variant may have (a narrow photo has fewer; removing a missing file is harmless). */
export function photoDerivedKeys(photoKey: string): string[] {
  return [...PHOTO_WIDTHS.flatMap((w) => PHOTO_FORMATS.map((f) => photoVariantKey(photoKey, w, f))), photoFullSizeKey(photoKey)];
}

/** Every name a master's streaming rendition may have (the fallback is one of MP3 and M4A). */
export function audioDerivedKeys(audioKey: string): string[] {
  return RENDITION_FORMATS.map((format) => renditionKey(audioKey, format));
}

export function derivedKeysOf(key: string): string[] {
  if (key.startsWith("music/")) return audioDerivedKeys(key);
  if (key.startsWith("covers/")) return coverDerivedKeys(key);
  if (key.startsWith("photos/")) return photoDerivedKeys(key);
  return [];
}
