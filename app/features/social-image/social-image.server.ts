import sharp from "sharp";
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from "#app/lib/meta.ts";

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
