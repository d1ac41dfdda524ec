import jsQR from "jsqr";
import sharp from "sharp";

/**
 * What a QR code drawn as SVG markup (an element's outerHTML) says, read as a
 * phone's camera reads a print of it: drawn at 400 px, the size a camera sees
 * a card's code at, whatever the screen the test ran on. Null when unreadable.
 */
export async function readQrSvg(markup: string): Promise<string | null> {
  const svg = markup.replace(/^<svg\b/, '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"');
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: "#808080" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}
