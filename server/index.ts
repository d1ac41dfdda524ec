// The server's entry point (`npm start`, `npm run serve`, Docker). With
// WORKERS above 1 (production only) this process supervises that many serving
// processes sharing the port (server/workers.ts); otherwise it serves itself.
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { loadEnv } from "#app/lib/platform/env.server.ts";

if (existsSync(".env")) process.loadEnvFile(".env");
// Read here first: a bad value stops start-up once, and a generated AUTH_SECRET
// is written before any worker reads it, so all of them share it.
const env = loadEnv();

if (cluster.isPrimary && env.workers > 1 && env.nodeEnv === "production") {
  const { superviseWorkers } = await import("./workers.ts");
  superviseWorkers(env.workers);
} else {
  await import("./serve.ts");
}
