// One contract, every driver: what uploads, cover variants, media delivery and
// backups rely on, checked on local disk and on a real S3 server (s3rver on
// loopback, started once per run by tests/support/vitest-global-setup.ts).
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterEach, describe, expect, inject, it } from "vitest";
import { S3_TEST_CREDENTIALS, createTestBucket } from "#tests/support/s3-server.ts";
import { createLocalStorage } from "./storage-local.server.ts";
import { S3_PART_SIZE, createS3Storage } from "./storage-s3.server.ts";
import { FileTooLargeError, type Storage, type StorageFolder } from "./storage.server.ts";

type Made = { storage: Storage; cleanup(): Promise<void> };

/** A bucket of its own on the run's S3 server, so tests never see each other's objects. */
async function makeS3Storage(
  options: { endpoint?: string; publicUrl?: string; publicBucket?: boolean } = {},
): Promise<Made & { bucket: string }> {
  const endpoint = options.endpoint ?? inject("s3Endpoint");
  const bucket = `contract-${process.pid}-${Date.now()}-${randomBytes(3).toString("hex")}`;
  await createTestBucket(inject("s3Endpoint"), bucket);
  const storage = createS3Storage({
    bucket,
    endpoint,
    region: "us-east-1",
    credentials: S3_TEST_CREDENTIALS,
    // s3rver serves every object to anyone: the bucket's own URL is a public bucket's.
    publicUrl: options.publicBucket ? `${inject("s3Endpoint")}/${bucket}` : options.publicUrl,
  });
  return { storage, bucket, cleanup: async () => storage.close?.() };
}

const drivers: { name: string; make(): Promise<Made> }[] = [
  {
    name: "local disk",
    async make() {
      const root = mkdtempSync(path.join(tmpdir(), "storage-contract-"));
      return { storage: createLocalStorage(root), cleanup: async () => rmSync(root, { recursive: true, force: true }) };
    },
  },
  { name: "S3", make: () => makeS3Storage() },
];

async function listed(storage: Storage, folder: StorageFolder): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.keys(folder)) keys.push(key);
  return keys.sort();
}

/**
 * `totalBytes` of generated data, pulled lazily in 64 KB chunks that each carry
 * their index, so a lost, doubled or reordered part changes the digest.
 */
function generated(totalBytes: number, onChunk: () => void = () => {}) {
  const chunkSize = 64 * 1024;
  const base = randomBytes(chunkSize);
  const hash = createHash("sha256");
  const state = { produced: 0 };
  const chunkAt = (index: number) => {
    const chunk = Buffer.from(base.subarray(0, Math.min(chunkSize, totalBytes - index * chunkSize)));
    if (chunk.length >= 4) chunk.writeUInt32BE(index, 0);
    return chunk;
  };
  const stream = Readable.from(
    (function* () {
      for (let index = 0; state.produced < totalBytes; index++) {
        const chunk = chunkAt(index);
        state.produced += chunk.length;
        hash.update(chunk);
        onChunk();
        yield chunk;
      }
    })(),
  );
  /** The bytes from `start` to `end` inclusive, without keeping the whole file. */
  const bytes = (start: number, end: number) => {
    const first = Math.floor(start / chunkSize);
    const chunks = Array.from({ length: Math.floor(end / chunkSize) - first + 1 }, (_, i) => chunkAt(first + i));
    return Buffer.concat(chunks).subarray(start - first * chunkSize, end - first * chunkSize + 1);
  };
  return { stream, state, bytes, digest: () => hash.digest("hex") };
}

async function digestOf(stream: Readable): Promise<{ digest: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { digest: hash.digest("hex"), size };
}

const MB = 1024 * 1024;

describe.each(drivers)("$name storage", (driver) => {
  let made: Made | undefined;
  const open = async () => (made = await driver.make()).storage;
  afterEach(async () => {
    await made?.cleanup();
    made = undefined;
  });

  it("stores under '{folder}/{Date.now()}_{name}', reads whole and ranged, stats, lists and deletes", async () => {
    const storage = await open();
    const before = Date.now();
    const { key, size } = await storage.put("music", "My Song.mp3", Readable.from([Buffer.from("abc"), Buffer.from("def")]));
    const [, stamp, name] = /^music\/(\d+)_(.+)$/.exec(key) ?? [];
    expect(Number(stamp)).toBeGreaterThanOrEqual(before);
    expect(Number(stamp)).toBeLessThanOrEqual(Date.now());
    expect(name).toBe("My_Song.mp3");
    expect(size).toBe(6);

    expect(await text((await storage.read(key))!)).toBe("abcdef");
    expect(await text((await storage.read(key, { start: 2, end: 3 }))!)).toBe("cd");
    expect(await text((await storage.read(key, { start: 5, end: 5 }))!)).toBe("f");
    const info = await storage.stat(key);
    expect(info?.size).toBe(6);
    // Stores keep whole seconds at best; "now-ish" is what the ETag and Last-Modified need.
    expect(Math.abs(info!.modified.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await listed(storage, "music")).toEqual([key]);
    expect(await listed(storage, "covers")).toEqual([]);

    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
    expect(await storage.stat(key)).toBeNull();
    expect(await listed(storage, "music")).toEqual([]);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("gives the same name uploaded twice two keys, and keeps both files", async () => {
    const storage = await open();
    const first = await storage.put("covers", "cover.png", Readable.from([Buffer.from("one")]));
    const second = await storage.put("covers", "cover.png", Readable.from([Buffer.from("two")]));
    expect(second.key).not.toBe(first.key);
    expect(await text((await storage.read(first.key))!)).toBe("one");
    expect(await text((await storage.read(second.key))!)).toBe("two");
    expect(await listed(storage, "covers")).toEqual([first.key, second.key].sort());
  });

  it("writes a derived file to its exact key, replacing an earlier one, and stores an empty file", async () => {
    const storage = await open();
    const { key } = await storage.put("covers", "cover.png", Readable.from([Buffer.from("cover")]));
    const variant = `${key}.w96.webp`;
    await storage.write(variant, Readable.from([Buffer.from("first")]));
    expect(await storage.write(variant, Readable.from([Buffer.from("second!")]))).toEqual({ key: variant, size: 7 });
    expect(await text((await storage.read(variant))!)).toBe("second!");
    expect(await listed(storage, "covers")).toEqual([key, variant].sort());

    const empty = await storage.put("music", "empty.wav", Readable.from([]));
    expect(empty.size).toBe(0);
    expect(await storage.stat(empty.key)).toMatchObject({ size: 0 });
    expect(await text((await storage.read(empty.key))!)).toBe("");
  });

  it("refuses a file over the limit while streaming and stores nothing, small or multipart-sized", async () => {
    const storage = await open();
    const small = Readable.from(Array.from({ length: 20 }, () => Buffer.alloc(1024, 1)));
    await expect(storage.put("music", "big.wav", small, { maxBytes: 10 * 1024 })).rejects.toBeInstanceOf(FileTooLargeError);
    // Past the first part, so an S3 multipart upload has begun and must be aborted.
    const large = generated(S3_PART_SIZE * 2 + MB);
    await expect(storage.put("music", "huge.wav", large.stream, { maxBytes: S3_PART_SIZE + MB })).rejects.toBeInstanceOf(FileTooLargeError);
    // Nothing read far past the limit: the upload stopped while streaming.
    expect(large.state.produced).toBeLessThan(S3_PART_SIZE * 2 + MB);
    expect(await listed(storage, "music")).toEqual([]);
  });

  it("round-trips a multipart-sized file byte for byte, whole and across a part boundary", async () => {
    const storage = await open();
    const source = generated(20 * MB + 12_345);
    const { key, size } = await storage.put("music", "master.wav", source.stream);
    const expected = source.digest();
    expect(size).toBe(20 * MB + 12_345);
    expect(await storage.stat(key)).toMatchObject({ size });
    expect(await digestOf((await storage.read(key))!)).toEqual({ digest: expected, size });

    const [start, end] = [S3_PART_SIZE - 10, S3_PART_SIZE + 9];
    const boundary = Buffer.concat(await (await storage.read(key, { start, end }))!.toArray());
    expect(boundary).toEqual(source.bytes(start, end));
  }, 60_000);

  it("keeps a release's zip in downloads/: listed there alone, read whole and ranged, written again, deleted", async () => {
    const storage = await open();
    const { key } = await storage.put("downloads", "Night Ferry-flac-0f3a.zip", Readable.from([Buffer.from("PK zip")]), {
      contentType: "application/zip",
    });
    expect(key).toMatch(/^downloads\/\d{13,}_Night_Ferry-flac-0f3a\.zip$/);
    expect(await listed(storage, "downloads")).toEqual([key]);
    expect(await listed(storage, "music")).toEqual([]);
    expect(await text((await storage.read(key))!)).toBe("PK zip");
    expect(await text((await storage.read(key, { start: 3, end: 5 }))!)).toBe("zip");
    expect(await storage.stat(key)).toMatchObject({ size: 6 });
    await storage.write(key, Readable.from([Buffer.from("PK again")]));
    expect(await text((await storage.read(key))!)).toBe("PK again");
    expect(await listed(storage, "downloads")).toEqual([key]);
    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
    expect(await listed(storage, "downloads")).toEqual([]);
  });

  it.each([
    ["../../x", "_x"],
    ["..\\..\\evil.png", "_evil.png"],
    ["/etc/passwd", "_passwd"],
    ["a\u0000b\u001f\u007fc.png", "_a_b_c.png"],
    ["....png", "_file.png"],
    ["", "_file"],
  ])("keeps the hostile name %j inside its folder", async (hostile, suffix) => {
    const storage = await open();
    const { key } = await storage.put("covers", hostile, Readable.from([Buffer.from("x")]));
    expect(key).toMatch(/^covers\/\d+_/);
    expect(key.endsWith(suffix)).toBe(true);
    expect(await listed(storage, "covers")).toEqual([key]);
    expect(await listed(storage, "music")).toEqual([]);
  });

  it("refuses keys that could reach outside its folders, on every method", async () => {
    const storage = await open();
    for (const key of ["../site.db", "music/../../site.db", "music/1_x/../../y", "other/1700000000000_x", "/etc/passwd", ""]) {
      await expect(storage.read(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.stat(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.write(key, Readable.from([Buffer.from("x")]))).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe("S3 storage", () => {
  it("uploads a large file with bounded memory: it never reads far ahead of what the store has received", async () => {
    // A loopback TCP relay in front of s3rver counts the bytes that actually reached the store.
    let received = 0;
    const target = new URL(inject("s3Endpoint"));
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port), target.hostname);
      client.on("data", (chunk: Buffer) => {
        received += chunk.length;
      });
      client.pipe(upstream).pipe(client);
      const end = () => (client.destroy(), upstream.destroy());
      client.on("error", end).on("close", end);
      upstream.on("error", end).on("close", end);
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
    const { storage, cleanup } = await makeS3Storage({
      endpoint: `http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`,
    });
    try {
      const total = 50 * MB;
      let maxAhead = 0;
      const source = generated(total, () => {
        maxAhead = Math.max(maxAhead, source.state.produced - received);
      });
      const { key, size } = await storage.put("music", "long-mix.wav", source.stream);
      expect(size).toBe(total);
      // Two parts in flight and one being filled; holding the whole file would be ~50 MB ahead.
      expect(maxAhead).toBeLessThan(3 * S3_PART_SIZE + MB);
      expect(await digestOf((await storage.read(key))!)).toEqual({ digest: source.digest(), size: total });
    } finally {
      await cleanup();
      relay.close();
    }
  }, 120_000);

  it("names a public URL per object only when one is configured", async () => {
    const withCdn = await makeS3Storage({ publicUrl: "https://cdn.example.com/media" });
    const without = await makeS3Storage();
    try {
      expect(withCdn.storage.publicUrl?.("music/1700000000000_a.mp3")).toBe("https://cdn.example.com/media/music/1700000000000_a.mp3");
      expect(() => withCdn.storage.publicUrl?.("music/../x")).toThrow(/Invalid storage key/);
      expect(without.storage.publicUrl?.("music/1700000000000_a.mp3")).toBeUndefined();
    } finally {
      await withCdn.cleanup();
      await without.cleanup();
    }
  });
});

/** A client of the test S3 server of its own, to look at (or put into) a bucket behind the driver's back. */
const bucketClient = () =>
  new S3Client({ endpoint: inject("s3Endpoint"), region: "us-east-1", forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });

/** The bucket's own names for what it holds, whatever the driver makes of them. */
async function objectNames(bucket: string): Promise<string[]> {
  const client = bucketClient();
  try {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (page.Contents ?? []).map((object) => object.Key ?? "").sort();
  } finally {
    client.destroy();
  }
}

function publicUrlOf(storage: Storage, key: string): string {
  const url = storage.publicUrl?.(key);
  if (!url) throw new Error("No public URL");
  return url;
}

/** What anyone gets at the object's public URL: the status, and the body when it is a 200. */
async function fetchedPublicly(storage: Storage, key: string): Promise<{ status: number; body?: string }> {
  const response = await fetch(publicUrlOf(storage, key));
  return response.status === 200 ? { status: 200, body: await response.text() } : { status: response.status };
}

// Issue #30: a public bucket (or a CDN in front of it) serves every object by
// its name, and an audio key (music/{ms}_{name}) can be guessed, so audio is
// kept under a name no one can guess until its song is out (decision 024).
describe("S3 storage in a public bucket", () => {
  let made: (Made & { bucket: string }) | undefined;
  const open = async () => (made = await makeS3Storage({ publicBucket: true }));
  afterEach(async () => {
    await made?.cleanup();
    made = undefined;
  });
  const audio = (name: string, bytes: string, storage: Storage) => storage.put("music", name, Readable.from([Buffer.from(bytes)]));

  it("gives nothing at an upload's public URL, while reads, ranges, stats, lists and deletes find it", async () => {
    const { storage, bucket } = await open();
    const { key } = await audio("Coming Soon.mp3", "abcdef", storage);
    const cover = await storage.put("covers", "cover.png", Readable.from([Buffer.from("png")]));
    expect(await fetchedPublicly(storage, cover.key)).toEqual({ status: 200, body: "png" });
    expect((await fetchedPublicly(storage, key)).status).not.toBe(200);
    const physical = (await objectNames(bucket)).filter((name) => name.startsWith("music/"));
    expect(physical).toHaveLength(1);
    expect(physical[0]).toMatch(new RegExp(`^${key.replaceAll(".", "\\.")}\\.withheld-[0-9a-f]{32}$`));

    expect(await text((await storage.read(key))!)).toBe("abcdef");
    expect(await text((await storage.read(key, { start: 2, end: 3 }))!)).toBe("cd");
    expect(await storage.stat(key)).toMatchObject({ size: 6 });
    expect(await listed(storage, "music")).toEqual([key]);
    // Replacing it (a restore) keeps it withheld, with one copy.
    await storage.write(key, Readable.from([Buffer.from("ghij")]));
    expect(await text((await storage.read(key))!)).toBe("ghij");
    expect((await fetchedPublicly(storage, key)).status).not.toBe(200);
    expect((await objectNames(bucket)).filter((name) => name.startsWith("music/"))).toHaveLength(1);

    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
    expect(await storage.stat(key)).toBeNull();
    expect(await listed(storage, "music")).toEqual([]);
    expect(await objectNames(bucket)).toEqual([cover.key]);
  });

  it("publishes audio to its public URL and withholds it again, each idempotent, and deletes every copy", async () => {
    const { storage, bucket } = await open();
    expect(storage.publish).toBeTypeOf("function");
    expect(storage.withhold).toBeTypeOf("function");
    const { key } = await audio("Out Now.mp3", "abcdef", storage);

    await storage.publish?.(key);
    expect(await fetchedPublicly(storage, key)).toEqual({ status: 200, body: "abcdef" });
    const published = await fetch(publicUrlOf(storage, key), { headers: { range: "bytes=1-2" } });
    expect(published.status).toBe(206);
    expect(published.headers.get("content-type")).toBe("audio/mpeg");
    expect(await published.text()).toBe("bc");
    await storage.publish?.(key);
    expect(await objectNames(bucket)).toEqual([key]);
    expect(await listed(storage, "music")).toEqual([key]);
    // Replacing published audio (a restore over a running site) keeps it published.
    await storage.write(key, Readable.from([Buffer.from("xyz")]));
    expect(await fetchedPublicly(storage, key)).toEqual({ status: 200, body: "xyz" });

    await storage.withhold?.(key);
    expect((await fetchedPublicly(storage, key)).status).not.toBe(200);
    await storage.withhold?.(key);
    expect(await text((await storage.read(key))!)).toBe("xyz");
    expect(await storage.stat(key)).toMatchObject({ size: 3 });
    expect(await listed(storage, "music")).toEqual([key]);
    expect(await objectNames(bucket)).toHaveLength(1);

    await storage.publish?.(key);
    await storage.delete(key);
    expect(await objectNames(bucket)).toEqual([]);
    expect((await fetchedPublicly(storage, key)).status).not.toBe(200);
    await expect(storage.publish?.(key)).rejects.toThrow(/No stored object/);
    await expect(storage.withhold?.(key)).resolves.toBeUndefined();
  });

  it("reads audio at every moment of several processes publishing it at once, and ends with one published copy", async () => {
    const { storage, bucket } = await open();
    const { key } = await audio("Release Day.mp3", "abcdef", storage);
    const reads = Array.from({ length: 12 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 2));
      return text((await storage.read(key))!);
    });
    await Promise.all([storage.publish?.(key), storage.publish?.(key), storage.publish?.(key)]);
    expect(await Promise.all(reads)).toEqual(Array.from({ length: 12 }, () => "abcdef"));
    expect(await objectNames(bucket)).toEqual([key]);
  });

  it("withholds audio stored at its public name before audio was withheld, and lists it once meanwhile", async () => {
    const { storage, bucket } = await open();
    const key = "music/1700000000000_old.mp3";
    const client = bucketClient();
    try {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: "old" }));
    } finally {
      client.destroy();
    }
    expect(await fetchedPublicly(storage, key)).toEqual({ status: 200, body: "old" });
    await storage.withhold?.(key);
    expect((await fetchedPublicly(storage, key)).status).not.toBe(200);
    expect(await text((await storage.read(key))!)).toBe("old");
    expect(await listed(storage, "music")).toEqual([key]);
  });

  it("refuses an audio key that reads as another's withheld name", async () => {
    const { storage } = await open();
    const lookalike = `music/1700000000000_a.mp3.withheld-${"0".repeat(32)}`;
    await expect(storage.read(lookalike)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.write(lookalike, Readable.from([Buffer.from("x")]))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.publish?.(lookalike)).rejects.toThrow(/Invalid storage key/);
    const zipLookalike = `downloads/1700000000000_a.zip.withheld-${"0".repeat(32)}`;
    await expect(storage.read(zipLookalike)).rejects.toThrow(/Invalid storage key/);
  });

  // Decision 028: a zip is a download grant's holder's only, so no bucket serves it by its name.
  it("never gives a release's zip at its public URL, written or written again, and never publishes it", async () => {
    const { storage, bucket } = await open();
    const { key } = await storage.put("downloads", "Album-mp3-320-9c1d.zip", Readable.from([Buffer.from("PK zip")]));
    expect((await fetchedPublicly(storage, key)).status).not.toBe(200);
    const physical = await objectNames(bucket);
    expect(physical).toHaveLength(1);
    expect(physical[0]).toMatch(new RegExp(`^${key.replaceAll(".", "\\.")}\\.withheld-[0-9a-f]{32}$`));
    expect(await text((await storage.read(key, { start: 3, end: 5 }))!)).toBe("zip");
    expect(await listed(storage, "downloads")).toEqual([key]);

    await storage.write(key, Readable.from([Buffer.from("PK again")]));
    expect((await fetchedPublicly(storage, key)).status).not.toBe(200);
    expect(await objectNames(bucket)).toHaveLength(1);
    expect(await text((await storage.read(key))!)).toBe("PK again");
    // Written to an exact key (not through put): withheld all the same.
    const exact = "downloads/1700000000000_exact-opus.zip";
    await storage.write(exact, Readable.from([Buffer.from("PK exact")]));
    expect((await fetchedPublicly(storage, exact)).status).not.toBe(200);
    expect(await listed(storage, "downloads")).toEqual([exact, key].sort());

    await expect(storage.publish?.(key)).rejects.toThrow(/Only audio/);
    await expect(storage.withhold?.(key)).rejects.toThrow(/Only audio/);
    expect((await fetchedPublicly(storage, key)).status).not.toBe(200);
    await storage.delete(key);
    await storage.delete(exact);
    expect(await objectNames(bucket)).toEqual([]);
  });
});
