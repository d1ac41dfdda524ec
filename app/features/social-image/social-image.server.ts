import sharp from "sharp";
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from "#app/lib/document/meta.ts";

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/** The default 1200×630 share image: the artist's name, tagline and genres. */
export async function renderDefaultSocialImage(input: { artistName: string; tagline: string; genres: string[] }): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_IMAGE_WIDTH}" height="${SOCIAL_IMAGE_HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#1c1917"/><stop offset="1" stop-color="#7f1d1d"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="1010" cy="315" r="190" fill="none" stroke="#fda4af" stroke-opacity="0.35" stroke-width="2"/>
  <circle cx="1010" cy="315" r="120" fill="none" stroke="#fda4af" stroke-opacity="0.5" stroke-width="2"/>
  <circle cx="1010" cy="315" r="24" fill="#fda4af"/>
  <text x="80" y="290" font-family="Georgia, 'DejaVu Serif', serif" font-size="84" font-weight="700" fill="#fafaf9">${escapeXml(input.artistName)}</text>
  <text x="80" y="370" font-family="'DejaVu Sans', Arial, sans-serif" font-size="38" fill="#e7e5e4">${escapeXml(input.tagline)}</text>
  <text x="80" y="520" font-family="'DejaVu Sans', Arial, sans-serif" font-size="28" letter-spacing="4" fill="#fda4af">${escapeXml(input.genres.join(" · ").toUpperCase())}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/**
 * Where a crop of `target` size, cut from an image of `source` size scaled to
 * cover it, goes so the focal point (percent) is as near its middle as the
 * image allows. Exported for its test.
 */
export function focalCrop(source: { width: number; height: number }, focal: { x: number; y: number }, target = SOCIAL_SIZE) {
  const scale = Math.max(target.width / source.width, target.height / source.height);
  const width = Math.max(target.width, Math.round(source.width * scale));
  const height = Math.max(target.height, Math.round(source.height * scale));
  const clamp = (value: number, max: number) => Math.min(Math.max(0, Math.round(value)), max);
  return {
    resize: { width, height },
    left: clamp((focal.x / 100) * width - target.width / 2, width - target.width),
    top: clamp((focal.y / 100) * height - target.height / 2, height - target.height),
  };
}
const SOCIAL_SIZE = { width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT };

/**
 * The share image made from the artist's hero photo: cropped to 1200×630
 * around its focal point, darkened towards the bottom, with the artist's name
 * and tagline over it (white on the dark end, readable whatever the photo).
 */
export async function renderPhotoSocialImage(input: {
  photo: Buffer;
  focalX: number;
  focalY: number;
  artistName: string;
  tagline: string;
}): Promise<Buffer> {
  // The photo is one of the site's own variants: upright already, and small.
  const { width = SOCIAL_IMAGE_WIDTH, height = SOCIAL_IMAGE_HEIGHT } = await sharp(input.photo).metadata();
  const crop = focalCrop({ width, height }, { x: input.focalX, y: input.focalY });
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_IMAGE_WIDTH}" height="${SOCIAL_IMAGE_HEIGHT}">
  <defs>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.35" stop-color="#0c0a09" stop-opacity="0"/>
      <stop offset="1" stop-color="#0c0a09" stop-opacity="0.88"/>
    </linearGradient>
    <linearGradient id="side" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#0c0a09" stop-opacity="0.45"/>
      <stop offset="0.6" stop-color="#0c0a09" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#shade)"/>
  <rect width="100%" height="100%" fill="url(#side)"/>
  <text x="72" y="520" font-family="Georgia, 'DejaVu Serif', serif" font-size="88" font-weight="700" fill="#fafaf9">${escapeXml(input.artistName)}</text>
  <text x="74" y="578" font-family="'DejaVu Sans', Arial, sans-serif" font-size="34" fill="#e7e5e4">${escapeXml(input.tagline)}</text>
</svg>`;
  const cropped = await sharp(input.photo, { failOn: "error" })
    .resize(crop.resize.width, crop.resize.height, { fit: "fill" })
    .extract({ left: crop.left, top: crop.top, width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT })
    .toBuffer();
  return sharp(cropped)
    .composite([{ input: Buffer.from(overlay) }])
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
}
