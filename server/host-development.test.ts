import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "#app/lib/platform/env.server.ts";
import { createHost } from "./host.ts";

/** Stands in for Vite's dev middlewares: its pre-bundled modules keep their files' names, capitals and all. */
const viteLike: RequestHandler = (req, res, next) => {
  if (req.path === "/node_modules/.vite/deps/react-DpnUW31M.js" || req.path === "/@fs/work/app/Root.tsx")
    res.type("text/javascript").send("export {};");
  else next();
};

describe.each([true, false])("the host with development %s", (development) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "host-development-"));
  let base = "";
  let server: http.Server;
  beforeAll(async () => {
    const env = loadEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://localhost:3999",
      AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
    });
    const pages = express.Router();
    pages.use((_req, res) => res.type("html").send("<p>page</p>"));
    const host = createHost({
      env,
      development,
      assets: [viteLike],
      loadApp: async () => ({ app: pages, media: (_req, _res, next) => next(), checkHealth: async () => {} }),
    });
    server = http.createServer(host);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${development ? "lets Vite serve its modules by their own names" : "has no Vite: those names are page addresses"}, and sends a page's other spellings to its one`, async () => {
    for (const module of ["/node_modules/.vite/deps/react-DpnUW31M.js?v=e7644da5", "/@fs/work/app/Root.tsx"]) {
      const response = await fetch(`${base}${module}`, { redirect: "manual" });
      if (development) {
        expect(response.status, module).toBe(200);
        expect(await response.text()).toBe("export {};");
      } else {
        expect(response.status, module).toBe(301);
        expect(response.headers.get("location"), module).toBe(module.toLowerCase());
      }
    }
    const page = await fetch(`${base}/TERMS`, { redirect: "manual" });
    expect(page.status).toBe(301);
    expect(page.headers.get("location")).toBe("/terms");
  });
});
