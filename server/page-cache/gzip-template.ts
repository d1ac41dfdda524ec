import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants as zlib, crc32, deflateRaw, deflateRawSync, gzipSync } from "node:zlib";

/**
 * A rendered page made ready to be sent many times, each time with its own
 * per-response value (the forms' signed start time) where the render wrote a
 * placeholder, without compressing the whole page per response.
 */
export type Template = {
  /** The body as the pieces between its placeholders (one piece when there is none). */
  pieces: Buffer[];
  /**
   * Raw deflate of each piece, ending on a byte boundary (sync flush), the last
   * one final. Each piece after the first is compressed against the pieces
   * before it, as if a value of `valueLength` bytes stood between them.
   */
  deflated: Buffer[];
  /** The byte length of the values the pieces were compressed for; a value of another length is compressed whole. */
  valueLength: number;
  /** With no placeholder, the whole response precompressed once. */
  gzip: Buffer | null;
  br: Buffer | null;
  /** Hashes of inline scripts without a placeholder, and the pieces of those with one. */
  scriptHashes: string[];
  scriptTemplates: string[][];
};

/**
 * A template's bodies for one value, each made when first asked for: the
 * caller keeps this while the value is shared, so they are made once for all
 * the responses that share it.
 */
export type Filled = { value: string; identity?: Buffer; gzip?: Buffer; br?: Buffer };

export type Encoding = "br" | "gzip" | "identity";

/** The one response header encoding sets; a ServerResponse is one. */
type EncodedResponse = { setHeader(name: string, value: string): unknown };

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
const deflateRawAsync = promisify(deflateRaw);
const brotliAsync = promisify(brotliCompress);

/**
 * `body` split at `placeholder` and compressed ahead of time, piece by piece;
 * `ownInlineScripts` (from ownScripts) hashed ahead of time too, except those
 * the per-response value goes into.
 *
 * A piece compressed on its own could not refer back to the text before it,
 * and a page repeats itself (the router's data restates the page's words and
 * addresses): each piece is compressed with everything before it as its
 * dictionary, the value's place filled with NUL bytes. Page text has no NUL,
 * so nothing refers into that place, and the distances back past it are right
 * for any value of `valueLength` bytes (the signed token has one length).
 */
export async function toTemplate(
  body: Buffer,
  ownInlineScripts: string[],
  placeholder: string | undefined,
  valueLength = 0,
): Promise<Template> {
  const text = body.toString("utf8");
  const pieces = placeholder ? text.split(placeholder).map((piece) => Buffer.from(piece)) : [body];
  const last = pieces.length - 1;
  const chained = !pieces.some((piece) => piece.includes(0));
  const filler = Buffer.alloc(valueLength);
  const deflated = await Promise.all(
    pieces.map((piece, i) => {
      const finishFlush = i === last ? zlib.Z_FINISH : zlib.Z_SYNC_FLUSH;
      if (i === 0 || !chained) return deflateRawAsync(piece, { level: 9, finishFlush });
      const before = Buffer.concat(pieces.slice(0, i).flatMap((earlier) => [earlier, filler]));
      return deflateRawAsync(piece, { level: 9, finishFlush, dictionary: before.subarray(-WINDOW) });
    }),
  );
  const whole = pieces.length === 1;
  const br = whole
    ? await brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : null;
  const scriptHashes: string[] = [];
  const scriptTemplates: string[][] = [];
  for (const script of ownInlineScripts) {
    if (placeholder && script.includes(placeholder)) scriptTemplates.push(script.split(placeholder));
    else scriptHashes.push(sha256(script));
  }
  const template: Template = {
    pieces,
    deflated,
    valueLength: chained ? valueLength : -1,
    gzip: null,
    br,
    scriptHashes,
    scriptTemplates,
  };
  if (whole) template.gzip = gzipOf(template, "");
  return template;
}

/** Deflate looks back at most 32 KiB. */
const WINDOW = 32 * 1024;

/**
 * The body in the encoding the client takes. With a per-response value, the
 * gzip stream is assembled from the pieces deflated ahead of time and the value
 * deflated now: sync-flushed deflate blocks can be concatenated, and the
 * trailer's CRC is computed over the whole body.
 */
export function encode(template: Template, filled: Filled, encoding: Encoding, res: EncodedResponse): Buffer {
  if (encoding === "br") {
    res.setHeader("Content-Encoding", "br");
    if (template.br) return template.br;
    // Brotli streams cannot be stitched around the value as deflate blocks can:
    // compressed whole, once per value (the responses of RENDITION_MS share it).
    if (!filled.br) {
      const body = identityOf(template, filled);
      filled.br = brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: PER_VALUE_BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
    }
    return filled.br;
  }
  if (encoding !== "identity") {
    res.setHeader("Content-Encoding", "gzip");
    filled.gzip ??= template.gzip ?? gzipOf(template, filled.value);
    return filled.gzip;
  }
  return identityOf(template, filled);
}

/**
 * Quality 6: a 44 kB page in under a millisecond, within 1% of quality 8's
 * size and 10% smaller than the stitched gzip; 11 takes 30 ms.
 */
const PER_VALUE_BROTLI_QUALITY = 6;

function identityOf(template: Template, filled: Filled): Buffer {
  if (template.pieces.length === 1) return template.pieces[0] ?? Buffer.alloc(0);
  if (!filled.identity) {
    const valueBytes = Buffer.from(filled.value);
    filled.identity = Buffer.concat(template.pieces.flatMap((piece, i) => (i === 0 ? [piece] : [valueBytes, piece])));
  }
  return filled.identity;
}

function gzipOf(template: Template, value: string): Buffer {
  const valueBytes = Buffer.from(value);
  const stitchable = template.pieces.length === 1 || template.valueLength < 0 || valueBytes.length === template.valueLength;
  if (!stitchable) return gzipSync(Buffer.concat(template.pieces.flatMap((piece, i) => (i === 0 ? [piece] : [valueBytes, piece]))));
  const valueDeflated = template.pieces.length > 1 ? deflateRawSync(valueBytes, { finishFlush: zlib.Z_SYNC_FLUSH }) : null;
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  template.pieces.forEach((piece, i) => {
    if (i > 0 && valueDeflated) {
      parts.push(valueDeflated);
      crc = crc32(valueBytes, crc);
      length += valueBytes.length;
    }
    parts.push(template.deflated[i] ?? Buffer.alloc(0));
    crc = crc32(piece, crc);
    length += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** The hashes the page's CSP must allow once `value` is in it, each once. */
export function scriptHashes(template: Template, value: string): string[] {
  return [...new Set([...template.scriptHashes, ...template.scriptTemplates.map((pieces) => sha256(pieces.join(value)))])];
}

/** A script's hash as a CSP source names it (base64 SHA-256 of its UTF-8 text). */
export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

/**
 * The inline scripts the server itself wrote, told from anything else that
 * looks like a script (text from the database that escaped escaping) by the
 * secret nonce the render put on them; and the page with that nonce removed.
 * Only these are allowed by the page's CSP, by hash: a script found in
 * content is never trusted. A script's content is raw text in HTML (no
 * entities), so the characters between the tags are exactly what the browser
 * hashes; removing the attribute does not change them.
 */
export function ownScripts(html: string, scriptNonce: string): { text: string; scripts: string[] } {
  const scripts: string[] = [];
  const marker = ` nonce="${scriptNonce}"`;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = "", text = ""] = match;
    if (attributes.includes(marker) && !/\bsrc\s*=/i.test(attributes)) scripts.push(text);
  }
  return { text: html.split(marker).join(""), scripts };
}
