import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import path from "node:path";
import type { Env } from "./env.server.ts";
import { clientIpHeader, sameOriginOnly, securityHeaders, trustedOrigins } from "./http-security.server.ts";
import { MEDIA_PREFIX } from "./song.ts";

/** What the host needs from the app bundle (server/app.ts, built or via Vite). */
export type AppModule = {
  app: RequestHandler;
  media: RequestHandler;
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
export function createHost({ env, development, loadApp, assets }: HostOptions): Express {
  const host = express();
  host.disable("x-powered-by");
  if (env.trustProxy) host.set("trust proxy", true);

  host.use(securityHeaders({ publicUrl: env.publicUrl, trustProxy: env.trustProxy, development, mediaUrl: env.s3?.publicUrl }));
  host.use(clientIpHeader({ trustProxy: env.trustProxy }));
  host.use(sameOriginOnly(trustedOrigins(env.publicUrl, env.port)));
  host.use(
    compression({
      // Audio and images are already compressed, and compressing them would break range requests.
      filter: (req, res) =>
        !req.path.startsWith(MEDIA_PREFIX) &&
        !/^(audio|video|image)\//.test(String(res.getHeader("Content-Type") ?? "")) &&
        compression.filter(req, res),
    }),
  );
  for (const handler of assets) host.use(handler);

  host.use(MEDIA_PREFIX, (async (req, res, next) => {
    try {
      await (await loadApp()).media(req, res, next);
    } catch (error) {
      next(error);
    }
  }) satisfies RequestHandler);

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

/** The production build's client files: hashed assets cached for a year. */
export function builtAssets(clientDir = "build/client"): RequestHandler {
  const router = express.Router();
  router.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  router.use(express.static(clientDir, { maxAge: "1h", index: false }));
  return router;
}
