import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import express from "express";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { synthWav } from "#scripts/media/synth.ts";
import { S3_TEST_CREDENTIALS, createTestBucket } from "#tests/support/s3-server.ts";
import { createTestSite } from "#tests/support/test-site.ts";
import { loadEnv, type Env } from "./env.server.ts";
import { createHost } from "./host.server.ts";
import { MEDIA_REDIRECT_CACHE_CONTROL, createMediaHandler, createRawMediaHandler, parseByteRange } from "./media.server.ts";
import { createLocalStorage } from "./storage-local.server.ts";
import { createS3Storage } from "./storage-s3.server.ts";
import type { Storage } from "./storage.server.ts";

type Backend = { env: Env; storage: Storage; cleanup(): Promise<void> };

/** An S3-backed site without a database: media delivery needs only the env and the bucket. */
async function s3Backend(options: { publicUrl?: (endpoint: string, bucket: string) => string } = {}): Promise<Backend & { bucket: string }> {
  const endpoint = inject("s3Endpoint");
  const bucket = `media-${process.pid}-${Date.now()}-${randomBytes(3).toString("hex")}`;
  await createTestBucket(endpoint, bucket);
  const dataDir = mkdtempSync(path.join(tmpdir(), "media-s3-"));
  const env = loadEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3999",
    AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    ...(options.publicUrl ? { S3_PUBLIC_URL: options.publicUrl(endpoint, bucket) } : {}),
  });
  const storage = createS3Storage(env.s3!);
  return {
    env,
    storage,
    bucket,
    async cleanup() {
      storage.close?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The real host (security headers, compression, media) in front of `storage`. */
async function serve(env: Env, storage: Storage): Promise<{ base: string; close(): void }> {
  const pages = express.Router();
  pages.use((_req, res) => res.type("html").send(`<p>${"page ".repeat(500)}</p>`));
  const host = createHost({
    env,
    development: false,
    assets: [],
    loadApp: async () => ({ app: pages, media: createMediaHandler(storage), checkHealth: async () => {} }),
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = host.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

const backends: { name: string; make(): Promise<Backend> }[] = [
  {
    // Served by `send` from the file.
    name: "local disk",
    async make() {
      const site = await createTestSite("embedded");
      return { env: site.services.env, storage: site.services.storage, cleanup: site.cleanup };
    },
  },
  // No public URL: streamed through from the bucket with Range passed on.
  { name: "S3", make: () => s3Backend() },
];

// The same behaviour whichever driver holds the files: what a browser, a
// player or a CDN in front of the site sees.
describe.each(backends)("media delivery through the host, $name", (backend) => {
  let made: Backend;
  let server: { base: string; close(): void };
  let key = "";
  let coverKey = "";
  let wav: Buffer;

  beforeAll(async () => {
    made = await backend.make();
    wav = synthWav({ seconds: 2, chords: [[60, 64, 67]], bpm: 100 });
    key = (await made.storage.put("music", "song.wav", Readable.from(wav))).key;
    coverKey = (await made.storage.put("covers", "cover.png", Readable.from([Buffer.from("png")]))).key;
    await made.storage.write(`${coverKey}.w96.webp`, Readable.from([Buffer.from("webp")]));
    server = await serve(made.env, made.storage);
  });
  afterAll(async () => {
    server.close();
    await made.cleanup();
  });

  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(`${server.base}${path}`, { method, headers: { "accept-encoding": "gzip, br", ...headers } });

  it("serves the whole file with type, length, ranges, a strong ETag and a year of immutable caching, uncompressed", async () => {
    const response = await get(`/media/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/wav");
    expect(response.headers.get("content-length")).toBe(String(wav.length));
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Date.parse(response.headers.get("last-modified") ?? "")).not.toBeNaN();
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(wav)).toBe(true);
  });

  it("names cover variants' types from their last extension", async () => {
    const variant = await get(`/media/${coverKey}.w96.webp`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("content-type")).toBe("image/webp");
    expect(await variant.text()).toBe("webp");
    expect((await get(`/media/${coverKey}`)).headers.get("content-type")).toBe("image/png");
  });

  it("still compresses pages, so the media exclusion is what keeps audio raw", async () => {
    const page = await get("/bio");
    expect(page.headers.get("content-encoding")).toMatch(/gzip|br/);
  });

  it("answers a range with 206 and Content-Range: Safari's bytes=0-1 probe, a middle, an open end and a suffix", async () => {
    const probe = await get(`/media/${key}`, { range: "bytes=0-1" });
    expect(probe.status).toBe(206);
    expect(probe.headers.get("content-range")).toBe(`bytes 0-1/${wav.length}`);
    expect(Buffer.from(await probe.arrayBuffer())).toEqual(wav.subarray(0, 2));

    const middle = await get(`/media/${key}`, { range: "bytes=1000-1999" });
    expect(middle.status).toBe(206);
    expect(middle.headers.get("content-range")).toBe(`bytes 1000-1999/${wav.length}`);
    expect(middle.headers.get("content-length")).toBe("1000");
    expect(middle.headers.get("content-type")).toBe("audio/wav");
    expect(middle.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await middle.arrayBuffer())).toEqual(wav.subarray(1000, 2000));

    const open = await get(`/media/${key}`, { range: "bytes=100-" });
    expect(open.status).toBe(206);
    expect(open.headers.get("content-range")).toBe(`bytes 100-${wav.length - 1}/${wav.length}`);
    expect(Buffer.from(await open.arrayBuffer())).toEqual(wav.subarray(100));

    const tail = await get(`/media/${key}`, { range: "bytes=-100" });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe(`bytes ${wav.length - 100}-${wav.length - 1}/${wav.length}`);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(wav.subarray(wav.length - 100));

    const pastTheEnd = await get(`/media/${key}`, { range: `bytes=${wav.length - 10}-${wav.length + 1000}` });
    expect(pastTheEnd.status).toBe(206);
    expect(pastTheEnd.headers.get("content-range")).toBe(`bytes ${wav.length - 10}-${wav.length - 1}/${wav.length}`);
  });

  it("merges adjacent ranges into one, and answers disjoint ranges with the whole file", async () => {
    const adjacent = await get(`/media/${key}`, { range: "bytes=0-1,2-3" });
    expect(adjacent.status).toBe(206);
    expect(adjacent.headers.get("content-range")).toBe(`bytes 0-3/${wav.length}`);
    const disjoint = await get(`/media/${key}`, { range: "bytes=0-1,1000-1999" });
    expect(disjoint.status).toBe(200);
    expect(disjoint.headers.get("content-length")).toBe(String(wav.length));
    expect(Buffer.from(await disjoint.arrayBuffer()).equals(wav)).toBe(true);
  });

  it("answers an unsatisfiable range with 416, and ignores a malformed one", async () => {
    const response = await get(`/media/${key}`, { range: `bytes=${wav.length + 10}-` });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe(`bytes */${wav.length}`);
    const malformed = await get(`/media/${key}`, { range: "bytes=abc" });
    expect(malformed.status).toBe(200);
    expect(malformed.headers.get("content-length")).toBe(String(wav.length));
  });

  it("honours If-Range: a matching strong ETag or date gets the range, a stale or weak one the whole file", async () => {
    const first = await get(`/media/${key}`);
    const etag = first.headers.get("etag") ?? "";
    const lastModified = first.headers.get("last-modified") ?? "";
    const fresh = await get(`/media/${key}`, { range: "bytes=0-9", "if-range": etag });
    expect(fresh.status).toBe(206);
    const byDate = await get(`/media/${key}`, { range: "bytes=0-9", "if-range": lastModified });
    expect(byDate.status).toBe(206);
    const stale = await get(`/media/${key}`, { range: "bytes=0-9", "if-range": '"0-0"' });
    expect(stale.status).toBe(200);
    expect(stale.headers.get("content-length")).toBe(String(wav.length));
    const weak = await get(`/media/${key}`, { range: "bytes=0-9", "if-range": `W/${etag}` });
    expect(weak.status).toBe(200);
    const olderDate = await get(`/media/${key}`, { range: "bytes=0-9", "if-range": new Date(Date.parse(lastModified) - 60_000).toUTCString() });
    expect(olderDate.status).toBe(200);
  });

  it("answers a conditional request with 304, by ETag or by date", async () => {
    const first = await get(`/media/${key}`);
    const etag = first.headers.get("etag") ?? "";
    // An explicit Cache-Control stops fetch from adding "no-cache", as a browser revalidating would.
    const byTag = await get(`/media/${key}`, { "if-none-match": etag, "cache-control": "max-age=0" });
    expect(byTag.status).toBe(304);
    expect(byTag.headers.get("etag")).toBe(etag);
    const byDate = await get(`/media/${key}`, { "if-modified-since": first.headers.get("last-modified") ?? "", "cache-control": "max-age=0" });
    expect(byDate.status).toBe(304);
    const changed = await get(`/media/${key}`, { "if-none-match": '"0-0"', "cache-control": "max-age=0" });
    expect(changed.status).toBe(200);
    expect((await get(`/media/${key}`, { "if-match": '"0-0"' })).status).toBe(412);
    expect((await get(`/media/${key}`, { "if-match": etag })).status).toBe(200);
  });

  it("answers HEAD with the headers only", async () => {
    const whole = await get(`/media/${key}`, {}, "HEAD");
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe(String(wav.length));
    expect(whole.headers.get("content-type")).toBe("audio/wav");
    expect((await whole.arrayBuffer()).byteLength).toBe(0);
    const ranged = await get(`/media/${key}`, { range: "bytes=0-1" }, "HEAD");
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 0-1/${wav.length}`);
  });

  it("finds nothing outside the store or under a bad key", async () => {
    for (const path of [
      "/media/music/1700000000000_missing.wav",
      "/media/music%2F..%2F..%2Fsite.db",
      "/media/music/..%2F..%2Fsite.db",
      "/media/auth-secret",
      "/media/covers/.partial-0000",
      "/media/music/%E0%A4%A",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });
});

describe("media delivery from S3", () => {
  it("stops reading from the bucket when the listener goes away", async () => {
    const backend = await s3Backend();
    const opened: Readable[] = [];
    // The real driver, watched: every stream media delivery opens is recorded.
    const watched: Storage = {
      ...backend.storage,
      async read(key, range) {
        const stream = await backend.storage.read(key, range);
        if (stream) opened.push(stream);
        return stream;
      },
    };
    const { key } = await backend.storage.put("music", "long.wav", Readable.from([Buffer.alloc(16 * 1024 * 1024, 7)]));
    const server = await serve(backend.env, watched);
    try {
      const controller = new AbortController();
      const response = await fetch(`${server.base}/media/${key}`, { signal: controller.signal });
      expect(response.status).toBe(200);
      await response.body!.getReader().read();
      controller.abort();
      await expect.poll(() => opened[0]?.destroyed, { timeout: 5_000 }).toBe(true);
    } finally {
      server.close();
      await backend.cleanup();
    }
  });

  it("redirects to the public URL when one is set, without a round trip to the bucket", async () => {
    // s3rver serves objects to anyone, so the bucket's own URL stands in for a CDN.
    const backend = await s3Backend({ publicUrl: (endpoint, bucket) => `${endpoint}/${bucket}` });
    const wav = synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 100 });
    const { key } = await backend.storage.put("music", "song.wav", Readable.from(wav));
    const server = await serve(backend.env, backend.storage);
    try {
      const response = await fetch(`${server.base}/media/${key}`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`${backend.env.s3!.publicUrl}/${key}`);
      expect(response.headers.get("cache-control")).toBe(MEDIA_REDIRECT_CACHE_CONTROL);
      // Pages may load images and audio from where the redirect points.
      const csp = (await fetch(`${server.base}/`)).headers.get("content-security-policy") ?? "";
      const origin = new URL(backend.env.s3!.publicUrl!).origin;
      for (const directive of ["img-src", "media-src"]) {
        expect(csp.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${directive} `))?.split(" ")).toContain(origin);
      }

      // A player following the redirect gets the bytes, and its ranges, from the bucket.
      const followed = await fetch(`${server.base}/media/${key}`, { headers: { range: "bytes=0-1" } });
      expect(followed.status).toBe(206);
      expect(Buffer.from(await followed.arrayBuffer())).toEqual(wav.subarray(0, 2));

      // Bad keys never leave the site.
      for (const path of ["/media/music%2F..%2F..%2Fsite.db", "/media/auth-secret"]) {
        const refused = await fetch(`${server.base}${path}`, { redirect: "manual" });
        expect(refused.status).toBe(404);
        expect(refused.headers.get("location")).toBeNull();
      }
    } finally {
      server.close();
      await backend.cleanup();
    }
  });
});

describe("parseByteRange", () => {
  it.each([
    ["bytes=0-1", 100, { start: 0, end: 1 }],
    ["bytes=90-", 100, { start: 90, end: 99 }],
    ["bytes=-10", 100, { start: 90, end: 99 }],
    ["bytes=-500", 100, { start: 0, end: 99 }],
    ["bytes=95-500", 100, { start: 95, end: 99 }],
    ["bytes=0-9,5-19", 100, { start: 0, end: 19 }],
    ["bytes=0-1, 200-300", 100, { start: 0, end: 1 }],
    ["bytes=100-", 100, "unsatisfiable"],
    ["bytes=-0", 100, "unsatisfiable"],
    ["bytes=0-", 0, "unsatisfiable"],
    ["bytes=0-1,50-60", 100, null],
    ["bytes=5-2", 100, null],
    ["bytes=-", 100, null],
    ["bytes=a-b", 100, null],
    ["items=0-1", 100, null],
  ] as const)("%s of %i bytes", (header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });
});

// The same local files before any framework, as server/index.ts serves them.
describe("local media from the raw request listener", () => {
  let root = "";
  let server: Server;
  let base = "";
  let key = "";
  const wav = synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 100 });

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "raw-media-"));
    const storage = createLocalStorage(root);
    key = (await storage.put("music", "raw.wav", Readable.from(wav))).key;
    const serveMedia = createRawMediaHandler(storage, [["X-Content-Type-Options", "nosniff"]]);
    server = http.createServer((req, res) => {
      if (!serveMedia(req, res)) res.end("left to the host");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("answers ranges with a strong ETag and the security headers", async () => {
    const response = await fetch(`${base}/media/${key}`, { headers: { range: "bytes=0-1" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 0-1/${wav.length}`);
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(wav.subarray(0, 2))).toBe(true);
  });

  it("says 404 for a missing file and leaves anything else to the host", async () => {
    const missing = await fetch(`${base}/media/music/1700000000000_missing.wav`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    expect(await (await fetch(`${base}/media/../site.db`)).text()).toBe("left to the host");
    expect(await (await fetch(`${base}/music`)).text()).toBe("left to the host");
    expect(await (await fetch(`${base}/media/${key}`, { method: "POST" })).text()).toBe("left to the host");
  });
});
