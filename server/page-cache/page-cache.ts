import { createHash, randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, crc32, deflateRaw, deflateRawSync } from "node:zlib";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { canonicalPath } from "../canonical-path.ts";
import type { PagePolicy } from "../http-security.ts";

/**
 * Rendered pages for anonymous visitors, kept in this process's memory and
 * dropped as soon as the site's content version moves on
 * (content-version.server.ts), so a new song shows on the very next request
 * from any process. A page is rendered once per version and then served from
 * memory, precompressed, with a CSP that allows its inline scripts by hash.
 * Why and how: docs/decisions/011-page-cache.md.
 */
export type PageCacheOptions = {
  /** The site's content version; read on every cacheable request. */
  version(): Promise<number>;
  /** The site's public origin (PUBLIC_URL): the only origin a cached page is ever rendered for. */
  origin: string;
  /**
   * Renders a page for an anonymous visitor (React Router's fetch handler).
   * `request` is made by the cache from the page's canonical path alone: no
   * cookie and no header of the visitor's can reach a render that is kept.
   * Every inline script the server itself writes must carry `scriptNonce`
   * (never sent to anyone): only those are allowed by the page's CSP.
   */
  render(request: globalThis.Request, scriptNonce: string): Promise<globalThis.Response>;
  /**
   * A value each response must have fresh (the forms' signed start time): the
   * render writes `placeholder`, and every response gets its own `value()`.
   */
  perResponse?: { placeholder: string; value(): string };
  /** The CSP for a page's inline scripts (http-security.server.ts), and the headers every response carries. */
  policy: PagePolicy;
  baseHeaders: [string, string][];
  /** Most pages kept at once, most bytes kept, and how long a page may be kept at all. */
  maxEntries?: number;
  maxBytes?: number;
  maxAgeMs?: number;
};

/** A page body as the pieces between its placeholders, each also deflated on its own. */
type Template = {
  pieces: Buffer[];
  /** Raw deflate of each piece, ending on a byte boundary (sync flush), the last one final. */
  deflated: Buffer[];
  /** With no placeholder, the whole response precompressed once. */
  gzip: Buffer | null;
  br: Buffer | null;
  /** Hashes of inline scripts without a placeholder, and the pieces of those with one. */
  scriptHashes: string[];
  scriptTemplates: string[][];
};

/** What a templated page's responses share for a moment: one token, its bodies and CSP. */
type Rendition = { at: number; value: string; hashes: string[]; identity?: Buffer; gzip?: Buffer; policy?: string | null };

type Entry = {
  rendition?: Rendition;
  status: number;
  headers: [string, string][];
  etag: string;
  template: Template;
  bytes: number;
  storedAt: number;
};

/** Headers of a rendered page worth keeping; the rest are per response (security headers) or recomputed. */
const KEPT_HEADERS = new Set(["content-type", "cache-control", "link", "x-robots-tag", "content-language"]);
/**
 * Our own cookies; a visitor carrying one may see a personal page (signed in, a
 * one-time notice). Matched anywhere in the header, whatever the spacing, case
 * or prefix around the name: a false "personal" only costs a render, and the
 * render a page is kept from never sees cookies anyway.
 */
const PERSONAL_COOKIE = /better-auth|toast/i;
const CACHEABLE_TYPES = /^text\/(html|x-script)\b/;
/**
 * How long responses may share one signed start time. The check it feeds counts
 * whole seconds (2 s), so a token up to 100 ms old changes nothing a person or
 * a bot could notice, and saves signing, hashing and compressing per response.
 */
const RENDITION_MS = 100;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
const deflateRawAsync = promisify(deflateRaw);
const brotliAsync = promisify(brotliCompress);

export function createPageCache(options: PageCacheOptions) {
  const { version, origin, render, perResponse, policy, baseHeaders, maxEntries = 500, maxBytes = 64 * 1024 * 1024, maxAgeMs = 10 * 60 * 1000 } = options;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | null>>();
  let cachedVersion = -1;
  let totalBytes = 0;

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  function remember(key: string, entry: Entry) {
    forget(key);
    entries.set(key, entry);
    totalBytes += entry.bytes;
    // Oldest first: a Map iterates in insertion order, and a hit re-inserts.
    for (const oldKey of entries.keys()) {
      if (entries.size <= maxEntries && totalBytes <= maxBytes) break;
      forget(oldKey);
    }
  }

  function renditionOf(entry: Entry): Rendition {
    const templated = !!perResponse && entry.template.pieces.length > 1;
    const now = Date.now();
    if (entry.rendition && (!templated || now - entry.rendition.at < RENDITION_MS)) return entry.rendition;
    const value = templated ? perResponse.value() : "";
    entry.rendition = { at: now, value, hashes: scriptHashes(entry.template, value) };
    return entry.rendition;
  }

  /** Written with Node's own response API, so the raw fast path (serveHit) and Express share it. */
  function send(entry: Entry, req: IncomingMessage, res: ServerResponse, outcome: "HIT" | "MISS") {
    res.statusCode = entry.status;
    for (const [name, value] of baseHeaders) res.setHeader(name, value);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("ETag", entry.etag);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Page-Cache", outcome);
    // A revalidating browser keeps its copy (whose start time is older still:
    // fine for a minimum) and merges this response's headers into it, so a 304
    // must not carry a CSP: the one stored with that copy matches its scripts.
    if (isFresh(req.headers, entry.etag)) {
      res.removeHeader("Content-Security-Policy");
      res.statusCode = 304;
      res.end();
      return;
    }
    const rendition = renditionOf(entry);
    if (rendition.policy === undefined) rendition.policy = policy({ hashes: rendition.hashes });
    if (rendition.policy) res.setHeader("Content-Security-Policy", rendition.policy);
    else res.removeHeader("Content-Security-Policy");
    const body = encode(entry.template, rendition, preferredEncoding(req.headers["accept-encoding"]), res);
    res.setHeader("Content-Length", String(body.length));
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** The current entry for a cacheable request, after checking the content version. */
  async function lookup(req: IncomingMessage): Promise<{ key: string; hit: Entry | undefined; current: number } | null> {
    if (!isCacheableRequest(req)) return null;
    const current = await version();
    if (current !== cachedVersion) {
      entries.clear();
      totalBytes = 0;
      cachedVersion = current;
    }
    const key = req.url ?? "/";
    const hit = entries.get(key);
    return { key, current, hit: hit && Date.now() - hit.storedAt < maxAgeMs ? hit : undefined };
  }

  /** A page that is not kept (a redirect, an error page), rendered the same anonymous way for this visitor alone. */
  async function renderFresh(key: string, res: Response) {
    const scriptNonce = randomUUID();
    return sendFresh(await render(renderRequest(origin, key), scriptNonce), scriptNonce, res, perResponse, policy);
  }

  return {
    /** How many pages are held; for tests and diagnostics. */
    get size() {
      return entries.size;
    },

    /**
     * Answers a request from memory if it can, before any framework: for the
     * host's raw request listener (server/index.ts). False means "not here".
     */
    async serveHit(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      const found = await lookup(req);
      if (!found?.hit) return false;
      remember(found.key, found.hit);
      send(found.hit, req, res, "HIT");
      return true;
    },

    /** Serves from memory, or renders, keeps and serves; anything not cacheable goes on. */
    middleware: async (req: Request, res: Response, next: NextFunction) => {
      try {
        const found = await lookup(req);
        if (!found) return next();
        const { key, hit, current } = found;
        if (hit) {
          remember(key, hit);
          return send(hit, req, res, "HIT");
        }
        // Only a page's one spelling is ever kept (the host redirects the others
        // first), so the keys are bounded by the pages that exist and every hit
        // above is canonical without checking.
        if (canonicalPath(key) !== key) return next();

        // Many visitors arriving at once for a page that just went stale share one render.
        const inFlight = rendering.get(key);
        if (inFlight) {
          const shared = await inFlight;
          // Not cacheable after all (a redirect, an error page): render for this visitor alone.
          if (!shared) return await renderFresh(key, res);
          return send(shared, req, res, "MISS");
        }
        let share!: (entry: Entry | null) => void;
        rendering.set(key, new Promise((resolve) => (share = resolve)));
        try {
          const scriptNonce = randomUUID();
          const response = await render(renderRequest(origin, key), scriptNonce);
          if (!isCacheableResponse(response)) {
            share(null);
            return await sendFresh(response, scriptNonce, res, perResponse, policy);
          }
          const entry = await toEntry(response, scriptNonce, perResponse?.placeholder);
          // Kept only if no change landed while it rendered.
          if (current === cachedVersion && entry.bytes <= maxBytes) remember(key, entry);
          share(entry);
          return send(entry, req, res, "MISS");
        } catch (error) {
          share(null);
          throw error;
        } finally {
          rendering.delete(key);
        }
      } catch (error) {
        next(error);
      }
    },
  };
}

/** If-None-Match against our ETag (weak comparison), unless the request asks to bypass caches (as `fresh` does). */
function isFresh(headers: IncomingHttpHeaders, etag: string): boolean {
  const ifNoneMatch = headers["if-none-match"];
  if (!ifNoneMatch) return false;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(headers["cache-control"] ?? "")) return false;
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** br, else gzip, else identity, as Accept-Encoding allows (q=0 refuses). */
function preferredEncoding(header: string | undefined): "br" | "gzip" | "identity" {
  const accepted = new Set<string>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

/** Paths that are never pages: files (assets, media, images) and the API. React Router's data requests end in .data. */
const NOT_A_PAGE = /^\/(?:api|assets|media)\/|^\/healthz$|\.(?!data$)[^/]*$/;

/** Only what is the same for every anonymous visitor: GET/HEAD of a page, no query, none of our cookies. */
function isCacheableRequest(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "/";
  if (url.includes("?") || NOT_A_PAGE.test(url)) return false;
  if (PERSONAL_COOKIE.test(req.headers.cookie ?? "")) return false;
  return !req.headers.authorization;
}

function isCacheableResponse(response: globalThis.Response): boolean {
  if (response.status !== 200) return false;
  if (response.headers.has("set-cookie")) return false;
  if (/\b(private|no-store)\b/i.test(response.headers.get("cache-control") ?? "")) return false;
  return CACHEABLE_TYPES.test(response.headers.get("content-type") ?? "");
}

async function toEntry(response: globalThis.Response, scriptNonce: string, placeholder: string | undefined): Promise<Entry> {
  const own = ownScripts(await response.text(), scriptNonce);
  const body = Buffer.from(own.text);
  const template = await toTemplate(body, own.scripts, placeholder);
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (KEPT_HEADERS.has(name)) headers.push([name, value]);
  });
  const compressed = template.deflated.reduce((sum, piece) => sum + piece.length, 0) + (template.br?.length ?? 0);
  return {
    status: response.status,
    headers,
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    template,
    bytes: 2 * body.length + compressed,
    storedAt: Date.now(),
  };
}

async function toTemplate(body: Buffer, ownInlineScripts: string[], placeholder: string | undefined): Promise<Template> {
  const text = body.toString("utf8");
  const pieces = placeholder ? text.split(placeholder).map((piece) => Buffer.from(piece)) : [body];
  const last = pieces.length - 1;
  const deflated = await Promise.all(
    pieces.map((piece, i) => deflateRawAsync(piece, { level: 9, finishFlush: i === last ? zlib.Z_FINISH : zlib.Z_SYNC_FLUSH })),
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
  const template: Template = { pieces, deflated, gzip: null, br, scriptHashes, scriptTemplates };
  if (whole) template.gzip = gzipOf(template, "");
  return template;
}

/**
 * The body in the encoding the client takes. With a per-response value, the
 * gzip stream is assembled from the pieces deflated ahead of time and the value
 * deflated now: sync-flushed deflate blocks can be concatenated, and the
 * trailer's CRC is computed over the whole body.
 */
function encode(template: Template, rendition: Rendition, encoding: "br" | "gzip" | "identity", res: ServerResponse): Buffer {
  if (encoding === "br" && template.br) {
    res.setHeader("Content-Encoding", "br");
    return template.br;
  }
  if (encoding !== "identity") {
    res.setHeader("Content-Encoding", "gzip");
    rendition.gzip ??= template.gzip ?? gzipOf(template, rendition.value);
    return rendition.gzip;
  }
  if (template.pieces.length === 1) return template.pieces[0] ?? Buffer.alloc(0);
  if (!rendition.identity) {
    const valueBytes = Buffer.from(rendition.value);
    rendition.identity = Buffer.concat(template.pieces.flatMap((piece, i) => (i === 0 ? [piece] : [valueBytes, piece])));
  }
  return rendition.identity;
}

function gzipOf(template: Template, value: string): Buffer {
  const valueBytes = Buffer.from(value);
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

function scriptHashes(template: Template, value: string): string[] {
  return [...new Set([...template.scriptHashes, ...template.scriptTemplates.map((pieces) => sha256(pieces.join(value)))])];
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

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

/** A response that is not kept (an error page, a redirect, an image): its own body, its own values, its own CSP. */
async function sendFresh(response: globalThis.Response, scriptNonce: string, res: Response, perResponse: PageCacheOptions["perResponse"], policy: PagePolicy) {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  if (!CACHEABLE_TYPES.test(response.headers.get("content-type") ?? "")) {
    res.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  const own = ownScripts(await response.text(), scriptNonce);
  const value = perResponse?.value();
  const fill = (html: string) => (perResponse && value !== undefined ? html.split(perResponse.placeholder).join(value) : html);
  const text = fill(own.text);
  const scripts = own.scripts.map(fill);
  const csp = policy({ hashes: [...new Set(scripts.map(sha256))] });
  if (csp) res.setHeader("Content-Security-Policy", csp);
  res.end(text);
}

/**
 * The request a kept page is rendered from: the public origin, the canonical
 * path, GET (the cache answers HEAD from it), and nothing else. Whatever a
 * visitor sent (cookies in any spelling, Authorization, forwarded headers)
 * cannot reach it, so a page kept for everyone can show nobody's own data.
 */
function renderRequest(origin: string, path: string): globalThis.Request {
  return new globalThis.Request(new URL(path, origin), { method: "GET" });
}
