import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import { clientAddressReader, type TrustProxy } from "#app/lib/platform/trusted-proxy.server.ts";

/**
 * The CSP this site sends with a page, or null where it sends none
 * (development). `path` is the page's: only the embeddable player may be
 * framed (isFrameablePath).
 */
export type PagePolicy = (scripts: InlineScripts, path?: string) => string | null;

export type SecurityOptions = {
  publicUrl: string;
  development: boolean;
  /** Where /media/ redirects to (S3_PUBLIC_URL), when not this site; pages may load images and audio from there. */
  mediaUrl?: string | undefined;
};

/**
 * What lets a page's inline scripts run: the nonce they carry (a page rendered
 * for one response), or their SHA-256 hashes (a page cached and served to many,
 * where a shared nonce would be public and so protect nothing).
 */
type InlineScripts = { nonce: string } | { hashes: string[] };

/**
 * The only pages another site may show in a frame: the embeddable player,
 * /embed and /embed/{songId} (docs/decisions/016-embeds-and-feeds.md). It has
 * no form and no signed-in state, so a frame around it can trick nobody into
 * anything; every other page refuses to be framed. Takes a request URL (query
 * and all) or a path.
 */
export function isFrameablePath(url: string): boolean {
  return /^\/embed(?:[/?#]|$)/.test(url);
}

/** The CSP for a page whose inline scripts are allowed by `scripts`. */
function contentSecurityPolicy(
  scripts: InlineScripts,
  options: { https: boolean; mediaOrigin?: string | undefined; frameable: boolean },
): string {
  const media = options.mediaOrigin ? ` ${options.mediaOrigin}` : "";
  const inline = "nonce" in scripts ? `'nonce-${scripts.nonce}'` : scripts.hashes.map((hash) => `'sha256-${hash}'`).join(" ");
  return [
    "default-src 'self'",
    `script-src 'self'${inline ? ` ${inline}` : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${media}`,
    `media-src 'self' blob:${media}`,
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://www.youtube-nocookie.com",
    `frame-ancestors ${options.frameable ? "*" : "'none'"}`,
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** The CSP builder for pages whose inline scripts are allowed another way than a fresh nonce (the page cache). */
export function createPagePolicy(options: SecurityOptions): PagePolicy {
  const https = options.publicUrl.startsWith("https://");
  // CSP also checks where a request is redirected, so /media/ answered by a 302
  // to the bucket or CDN needs that origin in img-src and media-src.
  const mediaOrigin = options.mediaUrl ? new URL(options.mediaUrl).origin : undefined;
  return (scripts, path = "/") =>
    options.development ? null : contentSecurityPolicy(scripts, { https, mediaOrigin, frameable: isFrameablePath(path) });
}

/**
 * The headers every response carries, whatever answers it (the CSP aside);
 * for `path`, when given: the embeddable player's pages leave out
 * X-Frame-Options, which knows no "anyone" (their CSP's frame-ancestors says it).
 */
export function baseSecurityHeaders(options: SecurityOptions, path?: string): [string, string][] {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ...(path !== undefined && isFrameablePath(path) ? [] : [["X-Frame-Options", "DENY"] as [string, string]]),
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
    ...(options.publicUrl.startsWith("https://")
      ? [["Strict-Transport-Security", "max-age=63072000; includeSubDomains"] as [string, string]]
      : []),
  ];
}

/**
 * Sets the security headers and a fresh CSP nonce (res.locals.cspNonce) on
 * every response, and res.locals.pagePolicy for responses whose inline scripts
 * are allowed another way (the page cache). In development Vite injects its own
 * inline scripts, so the CSP is left off there (pagePolicy gives null).
 */
export function securityHeaders(options: SecurityOptions) {
  const pagePolicy = createPagePolicy(options);
  // Built once for framed and unframed pages; each response only puts its nonce in.
  const variant = (path: string) => {
    const [beforeNonce = "", afterNonce = ""] = (pagePolicy({ nonce: "\u0000" }, path) ?? "").split("\u0000");
    return { beforeNonce, afterNonce, base: baseSecurityHeaders(options, path) };
  };
  const unframed = variant("/");
  const framed = variant("/embed");
  return (req: Request, res: Response, next: NextFunction) => {
    const { beforeNonce, afterNonce, base } = isFrameablePath(req.url) ? framed : unframed;
    // 122 random bits from the runtime's buffered generator: a fresh randomBytes call per response costs more.
    const nonce = randomUUID().replaceAll("-", "");
    res.locals.cspNonce = nonce;
    res.locals.pagePolicy = pagePolicy;
    if (!options.development) res.setHeader("Content-Security-Policy", `${beforeNonce}${nonce}${afterNonce}`);
    for (const [name, value] of base) res.setHeader(name, value);
    next();
  };
}

/**
 * Replaces whatever the client sent as CLIENT_IP_HEADER with the address we
 * trust: the socket peer, or what the trusted proxies saw (TRUST_PROXY).
 */
export function clientIpHeader(trust: TrustProxy) {
  const clientAddress = clientAddressReader(trust);
  return (req: Request, _res: Response, next: NextFunction) => {
    req.headers[CLIENT_IP_HEADER] = clientAddress(req);
    next();
  };
}

/**
 * Behind a trusted proxy Express reads the scheme and host from
 * X-Forwarded-Proto and X-Forwarded-Host, which a proxy may pass on from the
 * client as they came. A value no URL can hold (`Googlebot/2.1`, `a b`) would
 * make every request URL built from them throw (a 500), so such a value is
 * dropped and the connection's own scheme and Host header are used.
 */
export function dropMalformedForwardedHeaders(req: Request, _res: Response, next: NextFunction) {
  const proto = req.headers["x-forwarded-proto"];
  if (proto !== undefined && !/^\s*https?\s*(?:,|$)/i.test(String(proto))) delete req.headers["x-forwarded-proto"];
  const host = req.headers["x-forwarded-host"];
  if (
    host !== undefined &&
    !/^\s*(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?\s*(?:,|$)/i.test(
      String(host),
    )
  ) {
    delete req.headers["x-forwarded-host"];
  }
  next();
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent from another site. Browsers send
 * Origin on every cross-site POST; a request without it (curl, a no-JS form
 * in an old browser) falls back to Sec-Fetch-Site.
 */
export function sameOriginOnly(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    const site = req.headers["sec-fetch-site"];
    const ownOrigin = `${req.protocol}://${req.headers.host}`;
    const ok = origin ? allowed.has(origin) || origin === ownOrigin : site === undefined || site === "same-origin" || site === "none";
    if (ok) return next();
    res.status(403).type("text/plain").send("Cross-site request refused");
  };
}
