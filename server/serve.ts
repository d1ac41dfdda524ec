// One serving process: reads the environment, builds the Express host around
// the app bundle (Vite in development, the build in production) and listens.
// Started by server/index.ts, alone or as one of several workers.
import type { RequestHandler } from "express";
import { createServer, type Server } from "node:http";
import { loadEnv } from "#app/lib/platform/env.server.ts";
import { builtAssets, createHost } from "./host.ts";
import { answerMalformedRequest } from "./malformed-request.ts";
import { isFirstWorker } from "./workers.ts";

const env = loadEnv();
const development = env.nodeEnv !== "production";

type AppModule = typeof import("./app.ts");

let loadApp: () => Promise<AppModule>;
let assets: RequestHandler;
if (development) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  assets = viteServer.middlewares as unknown as RequestHandler;
  loadApp = () => viteServer.ssrLoadModule("./server/app.ts") as Promise<AppModule>;
} else {
  assets = builtAssets();
  // @ts-ignore -- exists only after `npm run build`
  const built = (await import("../build/server/index.js")) as AppModule;
  loadApp = async () => built;
}

const initial = await loadApp();
const host = createHost({ env, development, loadApp, assets: [assets] });

// The pages' beacons for the artist's Numbers, media on local disk and the pages the cache holds for anonymous visitors are
// answered before Express, which costs more than serving them
// (docs/decisions/011-page-cache.md).
const { serveBeacon, serveCachedPage, serveLocalMedia } = initial;
const server: Server = createServer((req, res) => {
  if (serveBeacon(req, res)) return;
  if (serveLocalMedia(req, res)) return;
  if (!serveCachedPage) return void host(req, res);
  serveCachedPage(req, res).then(
    (served) => served || host(req, res),
    () => host(req, res),
  );
});
server.on("clientError", answerMalformedRequest);
// An idle keep-alive connection is closed after a minute, not Node's five seconds: a client (a
// proxy, a test's request context) sending on it just as the server closes it gets a reset for a
// request it may not send again (a POST). Longer than the usual proxy's idle time (60 s), so the
// proxy, not the server, closes first.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(env.port, env.host, async () => {
  console.log(`Artist site listening on ${env.publicUrl} (bound to ${env.host}:${env.port})`);
  // Once per site, not once per worker (each call would issue another setup link).
  if (isFirstWorker()) for (const line of await initial.startupMessages()) console.log(line);
});

// Finish in-flight requests, then close the database.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close(() => {
      void initial
        .stopBackgroundWork()
        .then(() => initial.services.close())
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  });
}
