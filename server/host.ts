import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import { contentType } from "mime-types";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { canonicalPath, pathOf } from "./canonical-path.ts";
import type { Env } from "#app/lib/platform/env.server.ts";
import { trustedOrigins } from "#app/lib/platform/request-origin.server.ts";
import { clientIpHeader, dropMalformedForwardedHeaders, sameOriginOnly, securityHeaders } from "./http-security.ts";
import { MEDIA_PREFIX } from "#app/domain/song.ts";
import { expressTrustProxy } from "#app/lib/platform/trusted-proxy.server.ts";
import { NOT_UNDERSTOOD } from "./malformed-request.ts";

/** What the host needs from the app bundle (server/app.ts, built or via Vite). */
type AppModule = {
  app: RequestHandler;
  media: RequestHandler;
  /** Pages kept for anonymous visitors; answers before compression and the router, or passes on. */
  pages?: RequestHandler;
  checkHealth(): Promise<void>;
};

export type HostOptions = {
  env: Env;
  development: boolean;
  loadApp: () => Promise<AppModule>;
  /** Vite's middlewares in development; the built client files in production. */
  assets: RequestHandler[];
};

/** The Express host: security, compression (never of media), assets, media, health, pages. */
/** The methods some part of the site answers (DELETE: an upload given back). */
const ANSWERED_METHODS = new Set(["GET", "HEAD", "POST", "DELETE", "OPTIONS"]);
/** Methods HTTP itself defines that the site does not answer: 405. Any other name (WebDAV's PROPFIND…): 501. */
const DEFINED_METHODS = new Set(["PUT", "PATCH", "TRACE", "CONNECT"]);

/**
 * A method the site does not answer is refused here, before any route can
 * fail on it (issue #30: TRACE reached the router and answered 500 with a
 * stack trace in the log): 405 with Allow, or 501, with a sentence.
 */
const answeredMethodsOnly: RequestHandler = (req, res, next) => {
  if (ANSWERED_METHODS.has(req.method)) return next();
  res.setHeader("Allow", [...ANSWERED_METHODS].join(", "));
  res
    .status(DEFINED_METHODS.has(req.method) ? 405 : 501)
    .type("text/plain")
    .send("This site does not answer that kind of request.\n");
};

export function createHost({ env, development, loadApp, assets }: HostOptions): Express {
  const host = express();
  host.disable("x-powered-by");
  host.set("trust proxy", expressTrustProxy(env.trustProxy));

  host.use(securityHeaders({ publicUrl: env.publicUrl, development, mediaUrl: env.s3?.publicUrl }));
  host.use(answeredMethodsOnly);
  host.use(clientIpHeader(env.trustProxy));
  host.use(dropMalformedForwardedHeaders);
  // A null character in the address can be neither stored nor looked up in
  // PostgreSQL: refused here, once, for every route.
  host.use((req, res, next) => {
    if (/%00/i.test(req.url)) res.status(400).type("text/plain").send(`${NOT_UNDERSTOOD}\n`);
    else next();
  });
  host.use(sameOriginOnly(trustedOrigins(env.publicUrl, env.port)));
  // In development Vite serves modules by their files' own names (react-DpnUW31M.js): ahead of
  // the pages' one spelling, which would send them to a lowercase name Vite does not know.
  if (development) for (const handler of assets) host.use(handler);
  host.use(redirectToCanonicalPath);
  // Media first: never compressed, never a page.
  host.use(MEDIA_PREFIX, (async (req, res, next) => {
    try {
      await (await loadApp()).media(req, res, next);
    } catch (error) {
      next(error);
    }
  }) satisfies RequestHandler);
  // Cached pages come precompressed, so they skip the compression middleware's per-response work.
  host.use((async (req, res, next) => {
    try {
      const { pages } = await loadApp();
      if (pages) await pages(req, res, next);
      else next();
    } catch (error) {
      next(error);
    }
  }) satisfies RequestHandler);
  host.use(
    compression({
      // Audio and images are already compressed, and compressing them would break range requests.
      filter: (req, res) =>
        !req.path.startsWith(MEDIA_PREFIX) &&
        !/^(audio|video|image)\//.test(String(res.getHeader("Content-Type") ?? "")) &&
        compression.filter(req, res),
    }),
  );
  if (!development) for (const handler of assets) host.use(handler);

  host.get("/healthz", (async (_req, res) => {
    try {
      await (await loadApp()).checkHealth();
      res.type("text/plain").send("ok");
    } catch (error) {
      console.error("Health check failed", error);
      res.status(503).type("text/plain").send("unavailable");
    }
  }) satisfies RequestHandler);

  host.use((async (req, res, next) => {
    try {
      await (await loadApp()).app(req, res, next);
    } catch (error) {
      next(error);
    }
  }) satisfies RequestHandler);

  return host;
}

/** Files and the API keep their paths as they are (asset and media names have capitals). */
const EXACT_PATHS = /^\/(?:api|assets|media)\//;

/**
 * A page asked for by another spelling of its address (`//x/../terms`,
 * `/TERMS`, `/terms/`) is sent to the one spelling (server/canonical-path.ts),
 * so no spelling renders a page of its own and the page cache keeps one copy
 * per page. The target is always a local path: it starts with a single `/`.
 */
const redirectToCanonicalPath: RequestHandler = (req, res, next) => {
  if ((req.method !== "GET" && req.method !== "HEAD") || EXACT_PATHS.test(req.url)) return next();
  const path = pathOf(req.url);
  const canonical = canonicalPath(path);
  if (canonical === null || canonical === path) return next();
  res.setHeader("Cache-Control", "public, max-age=3600");
  res.redirect(301, `${canonical}${req.url.slice(path.length)}`);
};

/**
 * The production build's client files: hashed assets cached for a year, and
 * the few files at the top (favicon.svg…) an hour. Only those paths reach the
 * file system: a page request costs no stat and no 404 error object. Text
 * assets are sent as the brotli or gzip copy the build wrote beside them
 * (scripts/precompress.ts), when the browser takes it.
 */
export function builtAssets(clientDir = "build/client"): RequestHandler {
  const router = express.Router();
  const assetsDir = path.join(clientDir, "assets");
  const precompressed = new Set(existsSync(assetsDir) ? readdirSync(assetsDir).filter((name) => /\.(br|gz)$/.test(name)) : []);
  router.use("/assets", (req, res, next) => {
    const name = req.path.slice(1);
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const encoding = req.acceptsEncodings("br", "gzip", "identity");
    const suffix = encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : "";
    if (suffix && precompressed.has(`${name}${suffix}`)) {
      res.setHeader("Content-Type", contentType(path.extname(name)) || "application/octet-stream");
      res.setHeader("Content-Encoding", encoding as string);
      res.setHeader("Vary", "Accept-Encoding");
      req.url = `/${name}${suffix}`;
    }
    next();
  });
  router.use("/assets", express.static(assetsDir, { immutable: true, maxAge: "1y", index: false, fallthrough: false }));
  const topFiles = new Set(
    readdirSync(clientDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const serveTop = express.static(clientDir, { maxAge: "1h", index: false });
  router.use((req, res, next) => (topFiles.has(req.path) ? serveTop(req, res, next) : next()));
  return router;
}
