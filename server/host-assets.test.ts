import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtAssets } from "./host.ts";

// The build's client files as the server sends them: precompressed copies
// when the browser takes them, the file itself otherwise.
describe("built client assets", () => {
  const js = Buffer.from(`export const greeting = ${JSON.stringify("hello ".repeat(500))};\n`);
  let dir = "";
  let server: Server;
  let base = "";

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "assets-test-"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "assets", "app-abc123.js"), js);
    writeFileSync(path.join(dir, "assets", "app-abc123.js.br"), brotliCompressSync(js));
    writeFileSync(path.join(dir, "assets", "app-abc123.js.gz"), gzipSync(js));
    writeFileSync(path.join(dir, "assets", "plain-abc123.css"), "body{}");
    writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
    const app = express();
    app.use(builtAssets(dir));
    app.use((_req, res) => res.status(200).send("a page"));
    await new Promise<void>((resolve) => {
      server = app.listen(0, "127.0.0.1", () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends the brotli copy to browsers that take it, gzip to others, the file to the rest", async () => {
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
      ["identity", null],
    ] as const) {
      const response = await fetch(`${base}/assets/app-abc123.js`, { headers: { "accept-encoding": accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      // fetch decodes as it reads, so the bytes must be the file's own.
      expect(Buffer.from(await response.arrayBuffer()).equals(js)).toBe(true);
    }
  });

  it("serves files without copies as they are, a missing asset as 404, and pages are not looked up on disk", async () => {
    expect(await (await fetch(`${base}/assets/plain-abc123.css`, { headers: { "accept-encoding": "br" } })).text()).toBe("body{}");
    expect((await fetch(`${base}/assets/gone-000000.js`)).status).toBe(404);
    expect(await (await fetch(`${base}/favicon.svg`)).text()).toBe("<svg/>");
    expect(await (await fetch(`${base}/music`)).text()).toBe("a page");
  });
});
