import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { synthWav } from "#scripts/media/synth.ts";
import { createTestSite, type TestSite } from "#tests/support/databases.ts";
import { createHost } from "./host.server.ts";
import { createMediaHandler } from "./media.server.ts";

// The real host (security headers, compression, media) on a real disk store.
describe("media delivery through the host", () => {
  let site: TestSite;
  let server: Server;
  let base = "";
  let key = "";
  let wav: Buffer;

  beforeAll(async () => {
    site = await createTestSite("sqlite");
    wav = synthWav({ seconds: 2, chords: [[60, 64, 67]], bpm: 100 });
    key = (await site.services.storage.put("music", "song.wav", Readable.from(wav))).key;
    const pages = express.Router();
    pages.use((_req, res) => res.type("html").send(`<p>${"page ".repeat(500)}</p>`));
    const host = createHost({
      env: site.services.env,
      development: false,
      assets: [],
      loadApp: async () => ({ app: pages, media: createMediaHandler(site.services.storage), checkHealth: async () => {} }),
    });
    await new Promise<void>((resolve) => {
      server = host.listen(0, "127.0.0.1", () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await site.cleanup();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers: { "accept-encoding": "gzip, br", ...headers } });

  it("serves the whole file with type, length, ranges, a strong ETag and a year of immutable caching, uncompressed", async () => {
    const response = await get(`/media/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/wav");
    expect(response.headers.get("content-length")).toBe(String(wav.length));
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(wav)).toBe(true);
  });

  it("still compresses pages, so the media exclusion is what keeps audio raw", async () => {
    const page = await get("/bio");
    expect(page.headers.get("content-encoding")).toMatch(/gzip|br/);
  });

  it("answers a range with 206 and Content-Range, including Safari's bytes=0-1 probe", async () => {
    const probe = await get(`/media/${key}`, { range: "bytes=0-1" });
    expect(probe.status).toBe(206);
    expect(probe.headers.get("content-range")).toBe(`bytes 0-1/${wav.length}`);
    expect(Buffer.from(await probe.arrayBuffer())).toEqual(wav.subarray(0, 2));

    const middle = await get(`/media/${key}`, { range: "bytes=1000-1999" });
    expect(middle.status).toBe(206);
    expect(middle.headers.get("content-range")).toBe(`bytes 1000-1999/${wav.length}`);
    expect(middle.headers.get("content-length")).toBe("1000");
    expect(middle.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await middle.arrayBuffer())).toEqual(wav.subarray(1000, 2000));

    const tail = await get(`/media/${key}`, { range: "bytes=-100" });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe(`bytes ${wav.length - 100}-${wav.length - 1}/${wav.length}`);
  });

  it("answers an unsatisfiable range with 416", async () => {
    const response = await get(`/media/${key}`, { range: `bytes=${wav.length + 10}-` });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe(`bytes */${wav.length}`);
  });

  it("honours If-Range: a matching strong ETag gets the range, a stale or weak one the whole file", async () => {
    const etag = (await get(`/media/${key}`)).headers.get("etag") ?? "";
    const fresh = await get(`/media/${key}`, { range: "bytes=0-9", "if-range": etag });
    expect(fresh.status).toBe(206);
    const stale = await get(`/media/${key}`, { range: "bytes=0-9", "if-range": '"0-0"' });
    expect(stale.status).toBe(200);
    expect(stale.headers.get("content-length")).toBe(String(wav.length));
    const weak = await get(`/media/${key}`, { range: "bytes=0-9", "if-range": `W/${etag}` });
    expect(weak.status).toBe(200);
  });

  it("answers a conditional request with 304", async () => {
    const etag = (await get(`/media/${key}`)).headers.get("etag") ?? "";
    // An explicit Cache-Control stops fetch from adding "no-cache", as a browser revalidating would.
    expect((await get(`/media/${key}`, { "if-none-match": etag, "cache-control": "max-age=0" })).status).toBe(304);
  });

  it("finds nothing outside the store or under a bad key", async () => {
    for (const path of [
      "/media/music/1700000000000_missing.wav",
      "/media/music%2F..%2F..%2Fsite.db",
      "/media/music/..%2F..%2Fsite.db",
      "/media/auth-secret",
      "/media/covers/.partial-0000",
    ]) {
      expect((await get(path)).status).toBe(404);
    }
  });
});
