// The host: security headers, compression (never of media), static files,
// health, then the React Router handler from server/app.ts.
import compression from "compression";
import express, { type RequestHandler } from "express";
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { loadEnv } from "#app/lib/env.server.ts";
import {
  clientIpHeader,
  sameOriginOnly,
  securityHeaders,
  trustedOrigins,
} from "#app/lib/http-security.server.ts";

if (existsSync(".env")) process.loadEnvFile(".env");
const env = loadEnv();
const development = env.nodeEnv !== "production";

type AppModule = typeof import("./app.ts");

const host = express();
host.disable("x-powered-by");
if (env.trustProxy) host.set("trust proxy", true);

host.use(securityHeaders({ publicUrl: env.publicUrl, trustProxy: env.trustProxy, development }));
host.use(clientIpHeader({ trustProxy: env.trustProxy }));
host.use(sameOriginOnly(trustedOrigins(env.publicUrl, env.port)));
host.use(
  compression({
    // Audio and images are already compressed, and compressing them would break range requests.
    filter: (req, res) =>
      !req.path.startsWith("/media/") &&
      !/^(audio|video|image)\//.test(String(res.getHeader("Content-Type") ?? "")) &&
      compression.filter(req, res),
  }),
);

let loadApp: () => Promise<AppModule>;
if (development) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  host.use(viteServer.middlewares);
  loadApp = () => viteServer.ssrLoadModule("./server/app.ts") as Promise<AppModule>;
} else {
  host.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
  host.use(express.static("build/client", { maxAge: "1h", index: false }));
  // @ts-ignore -- exists only after `npm run build`
  const built = (await import("../build/server/index.js")) as AppModule;
  loadApp = async () => built;
}

const initial = await loadApp();

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

const server: Server = host.listen(env.port, env.host, async () => {
  console.log(`Artist site listening on ${env.publicUrl} (bound to ${env.host}:${env.port})`);
  for (const line of await initial.startupMessages()) console.log(line);
});

// Finish in-flight requests, then close the database.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close(() => {
      void initial.services.close().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  });
}
