import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import express, { type Express } from "express";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi, type MockInstance } from "vitest";
import { synthWav } from "#scripts/media/synth.ts";
import { S3_TEST_CREDENTIALS, createTestBucket } from "#tests/support/s3-server.ts";
import { createTestSite } from "#tests/support/test-site.ts";
import { loadEnv, type Env } from "#app/lib/platform/env.server.ts";
import { createHost } from "../host.ts";
import { baseSecurityHeaders } from "../http-security.ts";
import { createRawMediaHandler } from "./local-files.ts";
import { MEDIA_REDIRECT_CACHE_CONTROL, createMediaHandler } from "./media-handler.ts";
import { createOpenFiles, type OpenFiles } from "./open-files.ts";
import { createLocalStorage } from "#app/lib/storage/storage-local.server.ts";
import { createS3Storage } from "#app/lib/storage/storage-s3.server.ts";
import type { Storage } from "#app/lib/storage/storage.server.ts";

type Backend = { env: Env; storage: Storage; cleanup(): Promise<void> };

/** Written out, not imported: the tests say what every media answer must carry. */
const MEDIA_CSP = "default-src 'none'; sandbox";
const IMMUTABLE = "public, max-age=31536000, immutable";

/** An S3-backed site without a database: media delivery needs only the env and the bucket. */
async function s3Backend(
  options: { publicUrl?: (endpoint: string, bucket: string) => string } = {},
): Promise<Backend & { bucket: string }> {
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
function hostFor(env: Env, storage: Storage, files: OpenFiles): Express {
  const pages = express.Router();
  pages.use((_req, res) => res.type("html").send(`<p>${"page ".repeat(500)}</p>`));
  return createHost({
    env,
    development: false,
    assets: [],
    loadApp: async () => ({ app: pages, media: createMediaHandler(storage, files), checkHealth: async () => {} }),
  });
}

async function listen(listener: http.RequestListener): Promise<{ base: string; close(): void }> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** The host alone, with open files of its own that close with it. */
async function serve(env: Env, storage: Storage) {
  const files = createOpenFiles();
  const served = await listen(hostFor(env, storage, files));
  return {
    ...served,
    close() {
      served.close();
      files.closeAll();
    },
  };
}

/**
 * As server/serve.ts composes them: the raw media listener first, the real
 * host for whatever it leaves, both reading the same open files.
 * `rawAnswers` counts the requests the raw listener took.
 */
async function serveRawFirst(env: Env, storage: Storage, files = createOpenFiles()) {
  const host = hostFor(env, storage, files);
  const serveMedia = createRawMediaHandler(storage, baseSecurityHeaders({ publicUrl: env.publicUrl, development: false }), files);
  let rawAnswers = 0;
  const served = await listen((req, res) => {
    if (serveMedia(req, res)) rawAnswers++;
    else host(req, res);
  });
  return {
    ...served,
    rawAnswers: () => rawAnswers,
    close() {
      served.close();
      files.closeAll();
    },
  };
}

const backends: { name: string; make(): Promise<Backend> }[] = [
  {
    // Served from the files kept open (local-files.ts), by the raw listener or the host.
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
  let photoKey = "";
  let wav: Buffer;

  beforeAll(async () => {
    made = await backend.make();
    wav = synthWav({ seconds: 2, chords: [[60, 64, 67]], bpm: 100 });
    key = (await made.storage.put("music", "song.wav", Readable.from(wav))).key;
    coverKey = (await made.storage.put("covers", "cover.png", Readable.from([Buffer.from("png")]))).key;
    await made.storage.write(`${coverKey}.w96.webp`, Readable.from([Buffer.from("webp")]));
    photoKey = (await made.storage.put("photos", "stage.jpg", Readable.from([Buffer.from("original")]))).key;
    for (const format of ["avif", "webp", "jpg"])
      await made.storage.write(`${photoKey}.w480.${format}`, Readable.from([Buffer.from(format)]));
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

  it("serves photo variants with their types and immutable caching, but never a photo's original (its EXIF)", async () => {
    for (const [format, type] of [
      ["avif", "image/avif"],
      ["webp", "image/webp"],
      ["jpg", "image/jpeg"],
    ] as const) {
      const variant = await get(`/media/${photoKey}.w480.${format}`);
      expect(variant.status).toBe(200);
      expect(variant.headers.get("content-type")).toBe(type);
      expect(variant.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await variant.text()).toBe(format);
    }
    const original = await get(`/media/${photoKey}`);
    expect(original.status).toBe(404);
    expect(original.headers.get("cache-control")).toBe("no-store");
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
    const olderDate = await get(`/media/${key}`, {
      range: "bytes=0-9",
      "if-range": new Date(Date.parse(lastModified) - 60_000).toUTCString(),
    });
    expect(olderDate.status).toBe(200);
  });

  it("answers a conditional request with 304, by ETag or by date", async () => {
    const first = await get(`/media/${key}`);
    const etag = first.headers.get("etag") ?? "";
    // An explicit Cache-Control stops fetch from adding "no-cache", as a browser revalidating would.
    const byTag = await get(`/media/${key}`, { "if-none-match": etag, "cache-control": "max-age=0" });
    expect(byTag.status).toBe(304);
    expect(byTag.headers.get("etag")).toBe(etag);
    const byDate = await get(`/media/${key}`, {
      "if-modified-since": first.headers.get("last-modified") ?? "",
      "cache-control": "max-age=0",
    });
    expect(byDate.status).toBe(304);
    const changed = await get(`/media/${key}`, { "if-none-match": '"0-0"', "cache-control": "max-age=0" });
    expect(changed.status).toBe(200);
    expect((await get(`/media/${key}`, { "if-match": '"0-0"' })).status).toBe(412);
    expect((await get(`/media/${key}`, { "if-match": etag })).status).toBe(200);
  });

  it("answers HEAD with the headers only, of the whole file even when a range is asked (RFC 9110 §14.2)", async () => {
    const whole = await get(`/media/${key}`, {}, "HEAD");
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe(String(wav.length));
    expect(whole.headers.get("content-type")).toBe("audio/wav");
    expect((await whole.arrayBuffer()).byteLength).toBe(0);
    const ranged = await get(`/media/${key}`, { range: "bytes=0-1" }, "HEAD");
    expect(ranged.status).toBe(200);
    expect(ranged.headers.get("content-length")).toBe(String(wav.length));
    expect(ranged.headers.get("content-range")).toBeNull();
  });

  it("sends every media answer with a CSP under which nothing runs, in place of the page's", async () => {
    const etag = (await get(`/media/${key}`)).headers.get("etag") ?? "";
    const answers = [
      await get(`/media/${key}`),
      await get(`/media/${key}`, { range: "bytes=0-1" }),
      await get(`/media/${key}`, { "if-none-match": etag, "cache-control": "max-age=0" }),
      await get(`/media/${key}`, { "if-match": '"nope"' }),
      await get(`/media/${key}`, { range: `bytes=${wav.length}-` }),
      await get(`/media/${key}`, {}, "HEAD"),
      await get("/media/music/1700000000000_missing.wav"),
      await get("/media/auth-secret"),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 206, 304, 412, 416, 200, 404, 404]);
    for (const answer of answers) expect(answer.headers.get("content-security-policy"), String(answer.status)).toBe(MEDIA_CSP);
    expect((await get("/bio")).headers.get("content-security-policy")).toMatch(/^default-src 'self'/);
  });

  it("answers 412 and 416 in plain text, uncached, without the object's headers and without logging", async () => {
    const errors = vi.spyOn(console, "error");
    try {
      const refused: Record<string, string>[] = [
        { "if-match": '"nope"' },
        { range: `bytes=${wav.length}-` },
        { range: "bytes=-0" },
        { range: "bytes=99999999999999999999-" },
      ];
      for (const headers of refused) {
        const answer = await get(`/media/${key}`, headers);
        expect(answer.status, JSON.stringify(headers)).toBe("if-match" in headers ? 412 : 416);
        expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
        expect(answer.headers.get("cache-control")).toBe("no-store");
        expect(answer.headers.get("content-range")).toBe("if-match" in headers ? null : `bytes */${wav.length}`);
        for (const name of ["etag", "last-modified", "accept-ranges"]) expect(answer.headers.get(name), name).toBeNull();
        expect(await answer.text()).toBe("if-match" in headers ? "Precondition failed" : "Range not satisfiable");
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
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
    const png = Buffer.from("a cover's bytes");
    const { key } = await backend.storage.put("covers", "cover.png", Readable.from([png]));
    const server = await serve(backend.env, backend.storage);
    try {
      const response = await fetch(`${server.base}/media/${key}`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`${backend.env.s3!.publicUrl}/${key}`);
      expect(response.headers.get("cache-control")).toBe(MEDIA_REDIRECT_CACHE_CONTROL);
      expect(response.headers.get("content-security-policy")).toBe(MEDIA_CSP);
      // Pages may load images and audio from where the redirect points.
      const csp = (await fetch(`${server.base}/`)).headers.get("content-security-policy") ?? "";
      const origin = new URL(backend.env.s3!.publicUrl!).origin;
      for (const directive of ["img-src", "media-src"]) {
        expect(
          csp
            .split(";")
            .map((d) => d.trim())
            .find((d) => d.startsWith(`${directive} `))
            ?.split(" "),
        ).toContain(origin);
      }

      // A browser following the redirect gets the bytes, and its ranges, from the bucket.
      const followed = await fetch(`${server.base}/media/${key}`, { headers: { range: "bytes=0-1" } });
      expect(followed.status).toBe(206);
      expect(Buffer.from(await followed.arrayBuffer())).toEqual(png.subarray(0, 2));

      // Bad keys never leave the site.
      for (const path of ["/media/music%2F..%2F..%2Fsite.db", "/media/auth-secret"]) {
        const refused = await fetch(`${server.base}${path}`, { redirect: "manual" });
        expect(refused.status).toBe(404);
        expect(refused.headers.get("location")).toBeNull();
        expect(refused.headers.get("content-security-policy")).toBe(MEDIA_CSP);
      }
    } finally {
      server.close();
      await backend.cleanup();
    }
  });

  it("streams audio the bucket withholds instead of sending anyone to its public name, which gives nothing", async () => {
    const backend = await s3Backend({ publicUrl: (endpoint, bucket) => `${endpoint}/${bucket}` });
    const wav = synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 100 });
    const { key } = await backend.storage.put("music", "song.wav", Readable.from(wav));
    const server = await serve(backend.env, backend.storage);
    try {
      // No gate has seen it published (media-gate.test.ts has the gate): never a redirect.
      const response = await fetch(`${server.base}/media/${key}`, { redirect: "manual", headers: { range: "bytes=0-1" } });
      expect(response.status).toBe(206);
      expect(response.headers.get("location")).toBeNull();
      expect(Buffer.from(await response.arrayBuffer())).toEqual(wav.subarray(0, 2));
      expect((await fetch(`${backend.env.s3!.publicUrl}/${key}`)).status).not.toBe(200);
    } finally {
      server.close();
      await backend.cleanup();
    }
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

  it("sends its answers, a 404 included, with the media CSP", async () => {
    for (const path of [`/media/${key}`, "/media/music/1700000000000_missing.wav"]) {
      const response = await fetch(`${base}${path}`);
      expect(response.headers.get("content-security-policy"), path).toBe(MEDIA_CSP);
    }
  });

  it("keeps files open between requests, answers 404 as soon as a file is deleted, and closes handles past its limit", async () => {
    const storage = createLocalStorage(root);
    const files = createOpenFiles({ max: 2 });
    const serve = createRawMediaHandler(storage, [], files);
    const local = http.createServer((req, res) => void serve(req, res));
    await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", () => resolve()));
    const at = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
    try {
      const keys = await Promise.all(
        ["a", "b", "c"].map(async (name) => (await storage.put("music", `${name}.wav`, Readable.from(wav))).key),
      );
      const get = async (k: string, headers: Record<string, string> = {}) => {
        const response = await fetch(`${at}/media/${k}`, { headers });
        return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
      };
      expect((await get(keys[0] ?? "")).body.equals(wav)).toBe(true);
      expect((await get(keys[0] ?? "", { range: "bytes=100-199" })).body.equals(wav.subarray(100, 200))).toBe(true);
      expect(files.size).toBe(1);
      // Deleted (as a removed song's file is, perhaps by another process): gone from the next request on.
      await storage.delete(keys[0] ?? "");
      expect((await get(keys[0] ?? "")).status).toBe(404);
      // Past the limit, the least recently used handle goes; every file still answers whole.
      for (const k of keys.slice(1)) expect((await get(k)).body.equals(wav)).toBe(true);
      expect(files.size).toBeLessThanOrEqual(2);
      for (const k of keys.slice(1)) expect((await get(k, { range: "bytes=-10" })).body.equals(wav.subarray(-10))).toBe(true);
    } finally {
      files.closeAll();
      local.close();
    }
  });

  it("a listener leaving a whole song half-way leaves the shared handle open: the next requests get that song's bytes, not another file's", async () => {
    const storage = createLocalStorage(root);
    // Memory off: songs past one read are streamed from the shared handle.
    const files = createOpenFiles();
    const serve = createRawMediaHandler(storage, [], files);
    const errors = vi.spyOn(console, "error");
    const local = http.createServer((req, res) => void serve(req, res));
    await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", () => resolve()));
    const at = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
    try {
      const song = Buffer.alloc(8 * 1024 * 1024, 0x61);
      const other = Buffer.alloc(64 * 1024, 0x62);
      const { key } = await storage.put("music", "long.wav", Readable.from([song]));
      const { key: otherKey } = await storage.put("music", "other.wav", Readable.from([other]));
      for (let leave = 0; leave < 5; leave += 1) {
        const controller = new AbortController();
        const response = await fetch(`${at}/media/${key}`, { signal: controller.signal });
        expect(response.status).toBe(200);
        await response.body!.getReader().read();
        controller.abort();
        // The server sees the connection go and destroys its stream.
        await new Promise((resolve) => setTimeout(resolve, 50));
        // Another file opened now would take a descriptor number the song's stream let go.
        const otherRange = await fetch(`${at}/media/${otherKey}`, { headers: { range: "bytes=0-9" } });
        expect(Buffer.from(await otherRange.arrayBuffer()).equals(other.subarray(0, 10))).toBe(true);
        const range = await fetch(`${at}/media/${key}`, { headers: { range: "bytes=1000-1099" } });
        expect(range.status).toBe(206);
        expect(Buffer.from(await range.arrayBuffer()).equals(song.subarray(1000, 1100))).toBe(true);
      }
      const whole = await fetch(`${at}/media/${key}`);
      expect(Buffer.from(await whole.arrayBuffer()).equals(song)).toBe(true);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      files.closeAll();
      local.close();
    }
  });

  it("keeps the most asked-for files in memory within its budget, never a deleted one, and pushes out only a cold one", async () => {
    const storage = createLocalStorage(root);
    // Files' keys carry the time: the clock starts now and moves only when the test says.
    let clock = Date.now();
    // Room for two files; a file unasked for 1 s is cold.
    const files = createOpenFiles({ memoryBytes: 2 * wav.length + 10, coldMs: 1000 });
    const serve = createRawMediaHandler(storage, [], files);
    const local = http.createServer((req, res) => void serve(req, res));
    await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", () => resolve()));
    const at = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
    const now = vi.spyOn(Date, "now").mockImplementation(() => clock);
    try {
      const keys = await Promise.all(
        ["m1", "m2", "m3"].map(async (name) => (await storage.put("music", `${name}.wav`, Readable.from(wav))).key),
      );
      const get = async (k: string, headers: Record<string, string> = {}) => {
        const response = await fetch(`${at}/media/${k}`, { headers });
        return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
      };
      const [first = "", second = "", third = ""] = keys;
      expect((await get(first)).body.equals(wav)).toBe(true);
      await vi.waitFor(() => expect(files.inMemory).toBe(wav.length));
      expect((await get(second, { range: "bytes=10-99" })).body.equals(wav.subarray(10, 100))).toBe(true);
      await vi.waitFor(() => expect(files.inMemory).toBe(2 * wav.length));
      // Full, and both warm: the third is served from disk, and nothing is pushed out for it.
      expect((await get(third, { range: "bytes=-50" })).body.equals(wav.subarray(-50))).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(files.inMemory).toBe(2 * wav.length);
      // From memory, the exact bytes: whole, a range, the last byte.
      expect((await get(first)).body.equals(wav)).toBe(true);
      expect((await get(second, { range: "bytes=1000-1999" })).body.equals(wav.subarray(1000, 2000))).toBe(true);
      expect((await get(second, { range: `bytes=${wav.length - 1}-` })).body.equals(wav.subarray(-1))).toBe(true);
      // The first goes cold while the second and third are played: the third takes its place.
      clock += 1500;
      await get(second, { range: "bytes=0-1" });
      expect((await get(third)).body.equals(wav)).toBe(true);
      await vi.waitFor(() => expect(files.inMemory).toBe(2 * wav.length));
      expect((await get(first, { range: "bytes=0-9" })).body.equals(wav.subarray(0, 10))).toBe(true);
      // Deleted while in memory: 404 from the next request on, and its memory is given back.
      await storage.delete(second);
      expect((await get(second)).status).toBe(404);
      expect(files.inMemory).toBeLessThanOrEqual(2 * wav.length);
      expect((await get(second, { range: "bytes=0-1" })).status).toBe(404);
      expect((await get(third, { range: "bytes=5-6" })).body.equals(wav.subarray(5, 7))).toBe(true);
    } finally {
      now.mockRestore();
      files.closeAll();
      local.close();
    }
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

// ---------------------------------------------------------------------------
// Every Range and conditional form, on the three paths that serve bytes
// (RFC 9110 §13 and §14): the raw listener before Express (local disk), the
// Express handler (local disk, the same open files) and the stream from S3. Each path
// must give RFC 9110's answer, and so the same one as the others.

/** The file every path serves; the same bytes on disk and in the bucket. */
const FILE = synthWav({ seconds: 0.5, chords: [[57, 60, 64]], bpm: 120 });
const SIZE = FILE.length;

type Validators = { etag: string; lastModified: string };
type Expected = { status: 200 | 304 | 412 | 416 } | { status: 206; first: number; last: number };
type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
type MediaPath = { name: string; url: string; validators: Validators; rawAnswers?: () => number };

/** Headers exactly as given: fetch would add Cache-Control: no-cache to conditional requests and refuse some values. */
function request(url: string, headers: Record<string, string>, method: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    sent.on("error", reject);
    sent.end();
  });
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (n: number) => String(n).padStart(2, "0");
const clock = (date: Date) => `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;

/** The three forms of HTTP-date (RFC 9110 §5.6.7). */
const DATE_FORMS = {
  imf: (date: Date) => date.toUTCString(),
  rfc850: (date: Date) =>
    `${WEEKDAYS[date.getUTCDay()]}, ${two(date.getUTCDate())}-${MONTH_NAMES[date.getUTCMonth()]}-${two(date.getUTCFullYear() % 100)} ${clock(date)} GMT`,
  asctime: (date: Date) =>
    `${WEEKDAYS[date.getUTCDay()]?.slice(0, 3)} ${MONTH_NAMES[date.getUTCMonth()]} ${String(date.getUTCDate()).padStart(2, " ")} ${clock(date)} ${date.getUTCFullYear()}`,
};
type DateForm = keyof typeof DATE_FORMS;

/** The path's Last-Modified moved by `seconds`, written in `form`. */
const shifted = (v: Validators, seconds: number, form: DateForm = "imf") =>
  DATE_FORMS[form](new Date(Date.parse(v.lastModified) + seconds * 1000));

const DAY = 24 * 60 * 60;
const whole: Expected = { status: 200 };
const part = (first: number, last: number): Expected => ({ status: 206, first, last });

type Case = { name: string; method?: "GET" | "HEAD"; headers: (v: Validators) => Record<string, string>; expected: Expected };
const range = (value: string) => () => ({ range: value });

const CASES: Case[] = [
  { name: "bytes=0-0", headers: range("bytes=0-0"), expected: part(0, 0) },
  { name: "bytes=-1", headers: range("bytes=-1"), expected: part(SIZE - 1, SIZE - 1) },
  { name: "bytes=0-", headers: range("bytes=0-"), expected: part(0, SIZE - 1) },
  { name: "bytes=0-1 (Safari's probe)", headers: range("bytes=0-1"), expected: part(0, 1) },
  { name: "bytes=SIZE-", headers: range(`bytes=${SIZE}-`), expected: { status: 416 } },
  { name: "bytes=SIZE+10- (a start past the end)", headers: range(`bytes=${SIZE + 10}-`), expected: { status: 416 } },
  { name: "bytes=SIZE-1-SIZE+100", headers: range(`bytes=${SIZE - 1}-${SIZE + 100}`), expected: part(SIZE - 1, SIZE - 1) },
  { name: "bytes= 0-1", headers: range("bytes= 0-1"), expected: part(0, 1) },
  { name: "bytes=0-1,3-4 (disjoint: the whole file, no multipart)", headers: range("bytes=0-1,3-4"), expected: whole },
  { name: "bytes=0-1,2-3 (adjacent: merged)", headers: range("bytes=0-1,2-3"), expected: part(0, 3) },
  { name: "bytes=0-9,5-19 (overlapping: merged)", headers: range("bytes=0-9,5-19"), expected: part(0, 19) },
  { name: "bytes=SIZE-,0-1 (only the satisfiable one)", headers: range(`bytes=${SIZE}-,0-1`), expected: part(0, 1) },
  { name: "bytes=0-1,, (empty list elements)", headers: range("bytes=0-1,,"), expected: part(0, 1) },
  { name: "Bytes=0-1 (units are case-insensitive)", headers: range("Bytes=0-1"), expected: part(0, 1) },
  { name: "items=0-1", headers: range("items=0-1"), expected: whole },
  { name: "bytes=abc", headers: range("bytes=abc"), expected: whole },
  { name: "bytes=-", headers: range("bytes=-"), expected: whole },
  { name: "bytes=1-2-3", headers: range("bytes=1-2-3"), expected: whole },
  { name: "bytes=5-2 (invalid: ignored)", headers: range("bytes=5-2"), expected: whole },
  { name: "bytes=0-1,5-2 (one invalid spec: all ignored)", headers: range("bytes=0-1,5-2"), expected: whole },
  { name: "bytes=0 - 1", headers: range("bytes=0 - 1"), expected: whole },
  { name: "bytes=<NBSP>0-1 (not whitespace to HTTP)", headers: range("bytes=\u00a00-1"), expected: whole },
  { name: "bytes=-0", headers: range("bytes=-0"), expected: { status: 416 } },
  { name: "bytes=99999999999999999999-", headers: range("bytes=99999999999999999999-"), expected: { status: 416 } },
  { name: "bytes=0-99999999999999999999", headers: range("bytes=0-99999999999999999999"), expected: part(0, SIZE - 1) },
  { name: "bytes=-99999999999999999999", headers: range("bytes=-99999999999999999999"), expected: part(0, SIZE - 1) },
  {
    name: "bytes=9007199254740993-9007199254740992 (last before first, past Number's precision)",
    headers: range("bytes=9007199254740993-9007199254740992"),
    expected: whole,
  },
  { name: "a 400-digit start", headers: range(`bytes=${"9".repeat(400)}-`), expected: { status: 416 } },

  { name: "If-Match: the ETag", headers: (v) => ({ "if-match": v.etag }), expected: whole },
  { name: "If-Match: another tag", headers: () => ({ "if-match": '"nope"' }), expected: { status: 412 } },
  { name: "If-Match: *", headers: () => ({ "if-match": "*" }), expected: whole },
  { name: "If-Match: the ETag made weak (strong comparison)", headers: (v) => ({ "if-match": `W/${v.etag}` }), expected: { status: 412 } },
  { name: "If-Match: a list holding the ETag", headers: (v) => ({ "if-match": `"nope", ${v.etag}` }), expected: whole },
  { name: "If-Match: garbage", headers: () => ({ "if-match": "nope" }), expected: { status: 412 } },
  { name: "If-Match: the ETag, with a range", headers: (v) => ({ "if-match": v.etag, range: "bytes=0-1" }), expected: part(0, 1) },
  { name: "If-Match: another tag, with a range", headers: () => ({ "if-match": '"nope"', range: "bytes=0-1" }), expected: { status: 412 } },
  { name: "If-Unmodified-Since: a day before", headers: (v) => ({ "if-unmodified-since": shifted(v, -DAY) }), expected: { status: 412 } },
  { name: "If-Unmodified-Since: a day after", headers: (v) => ({ "if-unmodified-since": shifted(v, DAY) }), expected: whole },
  { name: "If-Unmodified-Since: Last-Modified", headers: (v) => ({ "if-unmodified-since": v.lastModified }), expected: whole },
  {
    name: "If-Unmodified-Since: a day before, rfc850-date",
    headers: (v) => ({ "if-unmodified-since": shifted(v, -DAY, "rfc850") }),
    expected: { status: 412 },
  },
  { name: "If-Unmodified-Since: garbage", headers: () => ({ "if-unmodified-since": "yesterday" }), expected: whole },
  { name: "If-Unmodified-Since: 1 (Date.parse reads it as 2001)", headers: () => ({ "if-unmodified-since": "1" }), expected: whole },
  {
    name: "If-Unmodified-Since is ignored beside If-Match",
    headers: (v) => ({ "if-match": v.etag, "if-unmodified-since": shifted(v, -DAY) }),
    expected: whole,
  },
  { name: "If-None-Match: the ETag", headers: (v) => ({ "if-none-match": v.etag }), expected: { status: 304 } },
  {
    name: "If-None-Match: the ETag made weak (weak comparison)",
    headers: (v) => ({ "if-none-match": `W/${v.etag}` }),
    expected: { status: 304 },
  },
  { name: "If-None-Match: *", headers: () => ({ "if-none-match": "*" }), expected: { status: 304 } },
  { name: "If-None-Match: another tag", headers: () => ({ "if-none-match": '"nope"' }), expected: whole },
  {
    name: "If-None-Match: the ETag, with Cache-Control: no-cache",
    headers: (v) => ({ "if-none-match": v.etag, "cache-control": "no-cache" }),
    expected: { status: 304 },
  },
  {
    name: "If-None-Match: the ETag, with a range",
    headers: (v) => ({ "if-none-match": v.etag, range: "bytes=0-1" }),
    expected: { status: 304 },
  },
  {
    name: "If-None-Match: the ETag, with an unsatisfiable range",
    headers: (v) => ({ "if-none-match": v.etag, range: `bytes=${SIZE}-` }),
    expected: { status: 304 },
  },
  {
    name: "If-None-Match: another tag, with a range",
    headers: () => ({ "if-none-match": '"nope"', range: "bytes=0-1" }),
    expected: part(0, 1),
  },
  { name: "If-Modified-Since: Last-Modified", headers: (v) => ({ "if-modified-since": v.lastModified }), expected: { status: 304 } },
  {
    name: "If-Modified-Since: Last-Modified, rfc850-date",
    headers: (v) => ({ "if-modified-since": shifted(v, 0, "rfc850") }),
    expected: { status: 304 },
  },
  {
    name: "If-Modified-Since: Last-Modified, asctime-date",
    headers: (v) => ({ "if-modified-since": shifted(v, 0, "asctime") }),
    expected: { status: 304 },
  },
  { name: "If-Modified-Since: a day before", headers: (v) => ({ "if-modified-since": shifted(v, -DAY) }), expected: whole },
  { name: "If-Modified-Since: 2999-01-01 (not an HTTP-date)", headers: () => ({ "if-modified-since": "2999-01-01" }), expected: whole },
  {
    name: "If-Modified-Since is ignored beside If-None-Match",
    headers: (v) => ({ "if-none-match": '"nope"', "if-modified-since": v.lastModified }),
    expected: whole,
  },
  { name: "412 comes before 304", headers: (v) => ({ "if-match": '"nope"', "if-none-match": v.etag }), expected: { status: 412 } },
  { name: "If-Range: the ETag", headers: (v) => ({ "if-range": v.etag, range: "bytes=0-9" }), expected: part(0, 9) },
  { name: "If-Range: Last-Modified", headers: (v) => ({ "if-range": v.lastModified, range: "bytes=0-9" }), expected: part(0, 9) },
  { name: "If-Range: a stale tag", headers: () => ({ "if-range": '"0-0"', range: "bytes=0-9" }), expected: whole },
  { name: "If-Range: the ETag made weak", headers: (v) => ({ "if-range": `W/${v.etag}`, range: "bytes=0-9" }), expected: whole },
  { name: "If-Range: an older date", headers: (v) => ({ "if-range": shifted(v, -60), range: "bytes=0-9" }), expected: whole },
  {
    name: "If-Range: a later date (only an exact match counts)",
    headers: (v) => ({ "if-range": shifted(v, 60), range: "bytes=0-9" }),
    expected: whole,
  },
  { name: "If-Range: garbage", headers: () => ({ "if-range": "yesterday", range: "bytes=0-9" }), expected: whole },
  {
    name: "If-Range: stale, with an unsatisfiable range",
    headers: () => ({ "if-range": '"0-0"', range: `bytes=${SIZE}-` }),
    expected: whole,
  },
  {
    name: "If-Range: the ETag, with an unsatisfiable range",
    headers: (v) => ({ "if-range": v.etag, range: `bytes=${SIZE}-` }),
    expected: { status: 416 },
  },
  { name: "If-Range without a range", headers: () => ({ "if-range": '"0-0"' }), expected: whole },
  { name: "HEAD with a range (ignored, §14.2)", method: "HEAD", headers: range("bytes=0-1"), expected: whole },
  { name: "HEAD with an unsatisfiable range", method: "HEAD", headers: range(`bytes=${SIZE}-`), expected: whole },
  { name: "HEAD with If-None-Match: the ETag", method: "HEAD", headers: (v) => ({ "if-none-match": v.etag }), expected: { status: 304 } },
  { name: "HEAD with If-Match: another tag", method: "HEAD", headers: () => ({ "if-match": '"nope"' }), expected: { status: 412 } },
];

/** What RFC 9110 says `expected` looks like, status, headers and bytes. */
function expectAnswer(answer: Answer, expected: Expected, method: string, v: Validators) {
  const { headers } = answer;
  expect(answer.status).toBe(expected.status);
  expect(headers["content-security-policy"]).toBe(MEDIA_CSP);
  const sentBody = (bytes: Buffer) => expect(answer.body.equals(method === "HEAD" ? Buffer.alloc(0) : bytes)).toBe(true);
  if (expected.status === 200 || expected.status === 206 || expected.status === 304) {
    expect(headers["etag"]).toBe(v.etag);
    expect(headers["last-modified"]).toBe(v.lastModified);
    expect(headers["cache-control"]).toBe(IMMUTABLE);
  }
  if (expected.status === 200) {
    expect(headers["content-range"]).toBeUndefined();
    expect(headers["content-length"]).toBe(String(SIZE));
    expect(headers["content-type"]).toBe("audio/wav");
    sentBody(FILE);
  } else if (expected.status === 206) {
    expect(headers["content-range"]).toBe(`bytes ${expected.first}-${expected.last}/${SIZE}`);
    expect(headers["content-length"]).toBe(String(expected.last - expected.first + 1));
    expect(headers["content-type"]).toBe("audio/wav");
    sentBody(FILE.subarray(expected.first, expected.last + 1));
  } else if (expected.status === 304) {
    expect(headers["content-range"]).toBeUndefined();
    expect(answer.body.length).toBe(0);
  } else {
    for (const name of ["etag", "last-modified", "accept-ranges"]) expect(headers[name], name).toBeUndefined();
    expect(headers["cache-control"]).toBe("no-store");
    expect(headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(headers["content-range"]).toBe(expected.status === 416 ? `bytes */${SIZE}` : undefined);
    sentBody(Buffer.from(expected.status === 416 ? "Range not satisfiable" : "Precondition failed"));
  }
}

// Generated headers, for the property below. Validators are templates
// ({etag}, {date:SECONDS:FORM}) filled in with each path's own, so a
// counterexample prints as text and means the same on every path.

/** Text as a client sends it in UTF-8 and Node reads it, byte by byte, as Latin-1. */
const onTheWire = (text: string) => Buffer.from(text, "utf8").toString("latin1");
/** Any Unicode, minus the characters HTTP forbids in a header. */
const anyHeaderText = fc.string({ unit: "binary", maxLength: 30 }).map((text) => onTheWire(text).replace(/[^\t\x20-\x7e\x80-\xff]/g, ""));
const digits = fc.oneof(
  fc.integer({ min: 0, max: SIZE + 20 }).map(String),
  fc.integer({ min: SIZE, max: 2 * SIZE }).map(String),
  fc.constantFrom(0, 1, SIZE - 1, SIZE, SIZE + 1).map(String),
  fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String),
  fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: SIZE + 1 })).map(([zeros, n]) => `${"0".repeat(zeros)}${n}`),
);
const rangeSpec = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.tuple(fc.integer({ min: 0, max: SIZE + 20 }), fc.nat({ max: SIZE })).map(([first, extra]) => `${first}-${first + extra}`),
  },
  { weight: 1, arbitrary: fc.tuple(digits, digits).map(([first, last]) => `${first}-${last}`) },
  { weight: 3, arbitrary: digits.map((first) => `${first}-`) },
  { weight: 3, arbitrary: digits.map((length) => `-${length}`) },
  fc.constantFrom("-", "", " ", "abc", "1-2-3", "0x10-20", "1e3-", "-1-", "\u00a01-2", onTheWire("１-２")),
);
const rangeHeader = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        fc.oneof(
          { weight: 6, arbitrary: fc.constant("bytes=") },
          fc.constantFrom("Bytes=", "BYTES=", "items=", "bytes =", "bytes= ", "bytes=\t", " bytes=", ""),
        ),
        fc.oneof({ weight: 3, arbitrary: fc.tuple(rangeSpec) }, fc.array(rangeSpec, { minLength: 1, maxLength: 4 })),
        fc.constantFrom(",", ",", ", ", " ,", ",,", ", ,", "\t,\t", ",,,,"),
      )
      .map(([unit, specs, separator]) => `${unit}${specs.join(separator)}`),
  },
  { weight: 1, arbitrary: anyHeaderText },
);
const tagTemplate = fc.oneof(
  fc.constantFrom(
    "{etag}",
    "W/{etag}",
    "*",
    '"nope"',
    '"0-0"',
    '"nope", {etag}',
    "{etag},,",
    ' "nope" ,{etag} ',
    "{etag}x",
    "W/",
    '""',
    "*, {etag}",
  ),
  anyHeaderText,
);
const dateTemplate = fc.oneof(
  fc
    .tuple(
      fc.oneof(fc.constant(0), fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2 * DAY, max: 2 * DAY })),
      fc.constantFrom<DateForm>("imf", "imf", "rfc850", "asctime"),
    )
    .map(([seconds, form]) => `{date:${seconds}:${form}}`),
  fc.constantFrom(
    "1",
    "0",
    "yesterday",
    "2999-01-01",
    "Sun, 31 Feb 2021 00:00:00 GMT",
    "sun, 06 nov 1994 08:49:37 gmt",
    "Thu, 01 Jan 1970 00:00:00 GMT",
  ),
  anyHeaderText,
);
/** A header that is usually absent, so requests mix a few of them. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, weight = 1) =>
  fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight, arbitrary });
const generatedRequest = fc.record({
  method: fc.constantFrom("GET", "GET", "GET", "HEAD"),
  headers: fc.record({
    range: sometimes(rangeHeader, 30),
    "if-range": sometimes(fc.oneof(tagTemplate, dateTemplate)),
    "if-match": sometimes(tagTemplate),
    "if-none-match": sometimes(tagTemplate),
    "if-modified-since": sometimes(dateTemplate),
    "if-unmodified-since": sometimes(dateTemplate),
    "cache-control": sometimes(fc.constantFrom("no-cache", "max-age=0")),
  }),
});

function fillIn(template: string, v: Validators): string {
  return template
    .replaceAll("{etag}", v.etag)
    .replace(/\{date:(-?\d+):(imf|rfc850|asctime)\}/g, (_match, seconds: string, form: DateForm) => shifted(v, Number(seconds), form));
}

function headersFor(templates: Record<string, string | undefined>, v: Validators): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, template] of Object.entries(templates)) if (template !== undefined) headers[name] = fillIn(template, v);
  return headers;
}

describe("Range and conditional requests, on every media path", () => {
  const paths = new Map<string, MediaPath>();
  const closers: (() => void | Promise<void>)[] = [];
  let errors: MockInstance<typeof console.error>;

  beforeAll(async () => {
    errors = vi.spyOn(console, "error");
    // Local disk, behind the raw listener and behind Express: one file, so one ETag.
    const root = mkdtempSync(path.join(tmpdir(), "media-forms-"));
    closers.push(() => rmSync(root, { recursive: true, force: true }));
    const local = createLocalStorage(root);
    const localKey = (await local.put("music", "forms.wav", Readable.from(FILE))).key;
    const localEnv = loadEnv({
      NODE_ENV: "test",
      DATA_DIR: root,
      PUBLIC_URL: "http://localhost:3999",
      AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
    });
    const rawFirst = await serveRawFirst(localEnv, local);
    const inMemory = createOpenFiles({ memoryBytes: 4 * SIZE });
    const rawFromMemory = await serveRawFirst(localEnv, local, inMemory);
    const expressOnly = await serve(localEnv, local);
    const s3 = await s3Backend();
    const s3Key = (await s3.storage.put("music", "forms.wav", Readable.from(FILE))).key;
    const s3Served = await serve(s3.env, s3.storage);
    closers.push(
      rawFirst.close,
      rawFromMemory.close,
      () => inMemory.closeAll(),
      expressOnly.close,
      s3Served.close,
      () => s3.cleanup(),
    );

    const add = async (name: string, url: string, rawAnswers?: () => number) => {
      const plain = await request(url, {}, "GET");
      const validators = { etag: String(plain.headers.etag), lastModified: String(plain.headers["last-modified"]) };
      paths.set(name, { name, url, validators, rawAnswers });
    };
    await add("raw listener", `${rawFirst.base}/media/${localKey}`, rawFirst.rawAnswers);
    await add("raw listener, from memory", `${rawFromMemory.base}/media/${localKey}`, rawFromMemory.rawAnswers);
    // Its first request read the file in, in the background: every answer after comes from memory.
    await vi.waitFor(() => expect(inMemory.inMemory).toBe(SIZE));
    await add("Express", `${expressOnly.base}/media/${localKey}`);
    await add("S3", `${s3Served.base}/media/${s3Key}`);
  });
  afterEach(() => {
    // 412 and 416 are the client's doing: nothing to log.
    try {
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockClear();
    }
  });
  afterAll(async () => {
    errors.mockRestore();
    for (const close of closers) await close();
  });

  describe.each(["raw listener", "raw listener, from memory", "Express", "S3"])("%s", (name) => {
    it.each(CASES)("$name", async ({ method = "GET", headers, expected }) => {
      const mediaPath = paths.get(name)!;
      const rawBefore = mediaPath.rawAnswers?.();
      const answer = await request(mediaPath.url, headers(mediaPath.validators), method);
      expect(answer.status).toBeLessThan(500);
      expectAnswer(answer, expected, method, mediaPath.validators);
      // The raw listener answered it, not the host behind it.
      if (rawBefore !== undefined) expect(mediaPath.rawAnswers?.()).toBe(rawBefore + 1);
    });
  });

  it("gives generated Range and conditional headers the same answer on every path, never a 5xx, and the exact bytes it names", async () => {
    const all = [...paths.values()];
    const rawBefore = paths.get("raw listener")?.rawAnswers?.() ?? 0;
    const memoryBefore = paths.get("raw listener, from memory")?.rawAnswers?.() ?? 0;
    let runs = 0;
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(generatedRequest, async ({ method, headers }) => {
        runs++;
        const answers = await Promise.all(
          all.map((mediaPath) => request(mediaPath.url, headersFor(headers, mediaPath.validators), method)),
        );
        const statuses = Object.fromEntries(all.map((mediaPath, index) => [mediaPath.name, answers[index]?.status]));
        for (const answer of answers) {
          expect(answer.status, JSON.stringify(statuses)).toBeLessThan(500);
          expect([200, 206, 304, 412, 416], JSON.stringify(statuses)).toContain(answer.status);
          expect(answer.headers["content-security-policy"]).toBe(MEDIA_CSP);
          expect(answer.status, JSON.stringify(statuses)).toBe(answers[0]?.status);
          if (answer.status === 206) {
            const [, first = "", last = ""] = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.headers["content-range"] ?? "") ?? [];
            expect(answer.headers["content-range"]).toMatch(new RegExp(`^bytes \\d+-\\d+/${SIZE}$`));
            expect(answer.headers["content-length"]).toBe(String(Number(last) - Number(first) + 1));
            expect(answer.body.equals(FILE.subarray(Number(first), Number(last) + 1))).toBe(true);
            expect(method).toBe("GET");
          }
          if (answer.status === 416) expect(answer.headers["content-range"]).toBe(`bytes */${SIZE}`);
          if (answer.status === 200 && method === "GET") expect(answer.body.equals(FILE)).toBe(true);
        }
        // The same ranges, too.
        expect(new Set(answers.map((answer) => answer.headers["content-range"])).size).toBe(1);
        seen.add(answers[0]?.status ?? 0);
      }),
      {
        numRuns: Number(process.env.FC_RUNS ?? 200),
        seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined,
        endOnFailure: true,
      },
    );
    expect(errors).not.toHaveBeenCalled();
    expect(paths.get("raw listener")?.rawAnswers?.()).toBe(rawBefore + runs);
    expect(paths.get("raw listener, from memory")?.rawAnswers?.()).toBe(memoryBefore + runs);
    // The generators reach every answer, so none of them goes untested.
    if (runs >= 100) expect([...seen].sort()).toEqual([200, 206, 304, 412, 416]);
  });
});
