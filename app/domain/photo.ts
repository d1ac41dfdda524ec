// A photo as the pages and the dashboard see it, and the addresses of its
// responsive variants. Shared by the server and the browser.
import { mediaUrl } from "./song.ts";

/** hero, portrait and poster hold one photo each; press holds an ordered set. */
export const PHOTO_SLOTS = ["hero", "portrait", "poster", "press"] as const;
export type PhotoSlot = (typeof PHOTO_SLOTS)[number];
export const MAX_PRESS_PHOTOS = 24;
export const MAX_ALT_LENGTH = 300;
export const MAX_CAPTION_LENGTH = 200;
export const MAX_CREDIT_LENGTH = 120;

export type Photo = {
  id: string;
  slot: PhotoSlot;
  /** The original's storage key; the variants' keys derive from it. */
  key: string;
  width: number;
  height: number;
  alt: string;
  /** Where the subject is, in percent from the left and from the top: crops keep it in view. */
  focalX: number;
  focalY: number;
  /** A data URI of a tiny blurred copy, shown until the image paints. */
  placeholder: string;
  position: number;
  /** A press photo's caption and who took it (the press kit prints them); empty until written. */
  caption: string;
  credit: string;
};

/** Every photo by slot: each single slot or null, and the press photos in the artist's order. */
export type PagePhotos = { hero: Photo | null; portrait: Photo | null; poster: Photo | null; press: Photo[] };

/**
 * What a public page needs of a photo to draw it, and nothing more: every byte
 * is in the page twice (the HTML and its hydration data), and the first
 * screenful of HTML is what a phone waits for.
 */
export type PublicPhoto = Pick<Photo, "key" | "width" | "height" | "alt" | "focalX" | "focalY" | "placeholder">;
export type PublicPagePhotos = {
  hero: PublicPhoto | null;
  portrait: PublicPhoto | null;
  poster: PublicPhoto | null;
  press: PublicPhoto[];
};
export const NO_PHOTOS: PublicPagePhotos = { hero: null, portrait: null, poster: null, press: [] };

export function publicPhoto({ key, width, height, alt, focalX, focalY, placeholder }: Photo): PublicPhoto {
  return { key, width, height, alt, focalX, focalY, placeholder };
}

/** Widths made of every photo (those not wider than the original). */
export const PHOTO_WIDTHS = [480, 960, 1600, 2400] as const;
export const PHOTO_FORMATS = ["avif", "webp", "jpg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
/** Narrower photos are refused: every photo has at least its smallest variant. */
export const MIN_PHOTO_WIDTH = PHOTO_WIDTHS[0];

export const photoVariantKey = (key: string, width: number, format: PhotoFormat) => `${key}.w${width}.${format}`;
/**
 * A photo at its own full size as a JPEG without the original's metadata: what
 * the press kit hands out (made when first asked for: photos-full-size.server.ts).
 */
export const photoFullSizeKey = (key: string) => `${key}.full.jpg`;

/**
 * Whether a key is a photo's original upload: never served, because a phone's
 * photo carries EXIF (where it was taken, the camera) that the variants do
 * not. Pages use only the variants.
 */
export function isPhotoOriginal(key: string): boolean {
  return key.startsWith("photos/") && !/\.(?:w\d+\.(?:avif|webp|jpg)|full\.jpg)$/.test(key);
}

/** The variant widths a photo of this intrinsic width has. */
export function photoWidths(width: number): number[] {
  const widths = PHOTO_WIDTHS.filter((w) => w <= width);
  return widths.length > 0 ? widths : [PHOTO_WIDTHS[0]];
}

export function photoSrcSet(photo: Pick<Photo, "key" | "width">, format: PhotoFormat): string {
  return photoWidths(photo.width)
    .map((w) => `${mediaUrl(photoVariantKey(photo.key, w, format))} ${w}w`)
    .join(", ");
}

/** The JPEG an old browser shows: the variant nearest `preferred` px wide. */
export function photoFallbackSrc(photo: Pick<Photo, "key" | "width">, preferred = 960): string {
  const widths = photoWidths(photo.width);
  const width = widths.find((w) => w >= preferred) ?? widths.at(-1) ?? PHOTO_WIDTHS[0];
  return mediaUrl(photoVariantKey(photo.key, width, "jpg"));
}
