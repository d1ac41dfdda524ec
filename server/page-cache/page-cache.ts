import { createHash, randomUUID } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { canonicalPath } from "../canonical-path.ts";
import type { PagePolicy } from "../http-security.ts";
import { encode, type Encoding, type Filled, ownScripts, scriptHashes, sha256, type Template, toTemplate } from "./gzip-template.ts";
import { createPageStore } from "./store.ts";

/**
 * Rendered pages for anonymous visitors, kept in this process's memory
 * (store.ts) and dropped as soon as the site's content version moves on
 * (app/lib/db/content-version.server.ts, read by version.ts), so a new song shows
 * on the very next request from any process. A page is rendered once per
 * version and then served from memory, precompressed (gzip-template.ts), with
 * a CSP that allows its inline scripts by hash.
 * Why and how: docs/decisions/011-page-cache.md.
 */
export type PageCacheOptions = {
  /** The site's content version; read once per cacheable request. */
  version(): Promise<number>;
  /** The site's public origin (PUBLIC_URL): the only origin a cached page is ever rendered for. */
  origin: string;
  /**
   * Renders a page for an anonymous visitor (React Router's fetch handler).
   * `request` is made by the cache from the page's canonical path alone: no
   * cookie and no header of the visitor's can reach a render that is kept.
   * Every inline script the server itself writes must carry `scriptNonce`
   * (never sent to anyone): only those are allowed by the page's CSP.
   * `version` is the content version the page is kept under, so the render
   * need not read it again.
   */
  render(request: globalThis.Request, scriptNonce: string, version: number): Promise<globalThis.Response>;
  /**
   * A value each response must have fresh (the forms' signed start time): the
   * render writes `placeholder`, and every response gets its own `value()`.
   */
  perResponse?: { placeholder: string; value(): string };
  /**
   * The CSP for a page's inline scripts (server/http-security.ts), and the
   * headers every response carries; both by the page's path, since the
   * embeddable player's pages may be framed and no other page may.
   */
  policy: PagePolicy;
  baseHeaders(path: string): [string, string][];
  /** Most pages kept at once, most bytes kept, and how long a page may be kept at all. */
  maxEntries?: number;
  maxBytes?: number;
  maxAgeMs?: number;
};

/** What a templated page's responses share for a moment: one token, its bodies and CSP. */
type Rendition = Filled & { at: number; hashes: string[]; policy?: string | null };

type Entry = {
  rendition?: Rendition;
  status: number;
  /** The page's path, which its security headers and CSP depend on. */
  path: string;
  /** The security headers for that path (baseHeaders), looked up once. */
  base: [string, string][];
  headers: [string, string][];
  etag: string;
  template: Template;
  bytes: number;
  storedAt: number;
  staleAt: number;
};

/**
 * Set by a render whose page changes on its own at a known instant (epoch ms;
 * RequestContext.changesAt): the page is kept until then at most. Read here and
 * never sent on.
 */
export const STALE_AT_HEADER = "x-page-stale-at";

/** Headers of a rendered page worth keeping; the rest are per response (security headers) or recomputed. */
const KEPT_HEADERS = new Set(["content-type", "cache-control", "link", "x-robots-tag", "content-language"]);
/**
 * Our own cookies; a visitor carrying one may see a personal page (signed in, a
 * one-time notice). Matched anywhere in the header, whatever the spacing, case
 * or prefix around the name: a false "personal" only costs a render, and the
 * render a page is kept from never sees cookies anyway.
 */
const PERSONAL_COOKIE = /better-auth|toast/i;

/** Whether a request carries one of our own cookies: its page may be personal. */
export const carriesPersonalCookie = (cookie: string | undefined) => PERSONAL_COOKIE.test(cookie ?? "");
const CACHEABLE_TYPES = /^text\/(html|x-script)\b/;
/**
 * How long responses may share one signed start time. The check it feeds counts
 * whole seconds (2 s), so a token up to 100 ms old changes nothing a person or
 * a bot could notice, and saves signing, hashing and compressing per response.
 */
const RENDITION_MS = 100;

type Lookup = { key: string; hit: Entry | undefined; current: number };

export function createPageCache(options: PageCacheOptions) {
  const {
    version,
    origin,
    render,
    perResponse,
    policy,
    baseHeaders,
    maxEntries = 500,
    maxBytes = 64 * 1024 * 1024,
    maxAgeMs = 10 * 60 * 1000,
  } = options;
  const store = createPageStore<Entry>({ maxEntries, maxBytes, maxAgeMs });
  const rendering = new Map<string, Promise<Entry | null>>();

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
    for (const [name, value] of entry.base) res.setHeader(name, value);
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
    if (rendition.policy === undefined) rendition.policy = policy({ hashes: rendition.hashes }, entry.path);
    if (rendition.policy) res.setHeader("Content-Security-Policy", rendition.policy);
    else res.removeHeader("Content-Security-Policy");
    const body = encode(entry.template, rendition, preferredEncoding(req.headers["accept-encoding"]), res);
    res.setHeader("Content-Length", String(body.length));
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /**
   * What the raw listener's look found for a request it left to Express (a
   * miss), so the middleware goes on from there instead of looking again.
   */
  const looked = new WeakMap<IncomingMessage, Lookup | null>();

  /** The current entry for a cacheable request, after checking the content version: the one place the cache is consulted. */
  async function lookup(req: IncomingMessage): Promise<Lookup | null> {
    if (looked.has(req)) return looked.get(req) ?? null;
    if (!isCacheableRequest(req)) return null;
    const current = await version();
    store.useVersion(current);
    const key = req.url ?? "/";
    return { key, current, hit: store.get(key) };
  }

  /** A page that is not kept (a redirect, an error page), rendered the same anonymous way for this visitor alone. */
  async function renderFresh(key: string, current: number, res: Response) {
    const scriptNonce = randomUUID();
    return sendFresh(await render(renderRequest(origin, key), scriptNonce, current), scriptNonce, res, perResponse, (scripts) =>
      policy(scripts, key),
    );
  }

  return {
    /** How many pages are held; for tests and diagnostics. */
    get size() {
      return store.size;
    },

    /**
     * Answers a request from memory if it can, before any framework: for the
     * host's raw request listener (server/index.ts). False means "not here".
     */
    async serveHit(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      const found = await lookup(req);
      if (!found?.hit) {
        looked.set(req, found);
        return false;
      }
      send(found.hit, req, res, "HIT");
      return true;
    },

    /** Serves from memory, or renders, keeps and serves; anything not cacheable goes on. */
    middleware: async (req: Request, res: Response, next: NextFunction) => {
      try {
        const found = await lookup(req);
        if (!found) return next();
        const { key, hit, current } = found;
        if (hit) return send(hit, req, res, "HIT");
        // Only a page's one spelling is ever kept (the host redirects the others
        // first), so the keys are bounded by the pages that exist and every hit
        // above is canonical without checking.
        if (canonicalPath(key) !== key) return next();

        // Many visitors arriving at once for a page that just went stale share one render.
        const inFlight = rendering.get(key);
        if (inFlight) {
          const shared = await inFlight;
          // Not cacheable after all (a redirect, an error page): render for this visitor alone.
          if (!shared) return await renderFresh(key, current, res);
          return send(shared, req, res, "MISS");
        }
        let share!: (entry: Entry | null) => void;
        rendering.set(key, new Promise((resolve) => (share = resolve)));
        try {
          const scriptNonce = randomUUID();
          const response = await render(renderRequest(origin, key), scriptNonce, current);
          if (!isCacheableResponse(response)) {
            share(null);
            return await sendFresh(response, scriptNonce, res, perResponse, (scripts) => policy(scripts, key));
          }
          const entry = await toEntry(response, scriptNonce, perResponse, key, baseHeaders(key));
          store.keep(key, entry, current);
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
function preferredEncoding(header: string | undefined): Encoding {
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

/**
 * Paths that are never pages: files (assets, media, images), the API, and a
 * mailing's /go/ links, whose route counts each click from the visitor's own
 * headers (a render for the cache has none of them). React Router's data
 * requests end in .data.
 */
const NOT_A_PAGE = /^\/(?:api|assets|media|go)\/|^\/healthz$|\.(?!data$)[^/]*$/;

/** Only what is the same for every anonymous visitor: GET/HEAD of a page, no query, none of our cookies. */
function isCacheableRequest(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "/";
  if (url.includes("?") || NOT_A_PAGE.test(url)) return false;
  if (carriesPersonalCookie(req.headers.cookie)) return false;
  return !req.headers.authorization;
}

function isCacheableResponse(response: globalThis.Response): boolean {
  if (response.status !== 200) return false;
  if (response.headers.has("set-cookie")) return false;
  if (/\b(private|no-store)\b/i.test(response.headers.get("cache-control") ?? "")) return false;
  // Already out of date (the render ran across the instant its page changes).
  if (Number(response.headers.get(STALE_AT_HEADER) ?? Infinity) <= Date.now()) return false;
  return CACHEABLE_TYPES.test(response.headers.get("content-type") ?? "");
}

async function toEntry(
  response: globalThis.Response,
  scriptNonce: string,
  perResponse: PageCacheOptions["perResponse"],
  path: string,
  base: [string, string][],
): Promise<Entry> {
  const own = ownScripts(await response.text(), scriptNonce);
  const body = Buffer.from(own.text);
  // The pieces are compressed for values as long as one made now.
  const valueLength = perResponse ? Buffer.byteLength(perResponse.value()) : 0;
  const template = await toTemplate(body, own.scripts, perResponse?.placeholder, valueLength);
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (KEPT_HEADERS.has(name)) headers.push([name, value]);
  });
  const compressed = template.deflated.reduce((sum, piece) => sum + piece.length, 0) + (template.br?.length ?? 0);
  return {
    status: response.status,
    path,
    base,
    headers,
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    template,
    bytes: 2 * body.length + compressed,
    storedAt: Date.now(),
    staleAt: Number(response.headers.get(STALE_AT_HEADER) ?? Infinity),
  };
}

/** A response that is not kept (an error page, a redirect, an image): its own body, its own values, its own CSP. */
async function sendFresh(
  response: globalThis.Response,
  scriptNonce: string,
  res: Response,
  perResponse: PageCacheOptions["perResponse"],
  policy: PagePolicy,
) {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length" && name !== STALE_AT_HEADER) res.setHeader(name, value);
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
