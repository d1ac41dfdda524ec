import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  paginateListObjectsV2,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { lookup } from "mime-types";
import type { S3Config } from "#app/lib/platform/env.server.ts";
import {
  ByteLimit,
  FileTooLargeError,
  assertValidKey,
  freeObjectKey,
  isValidKey,
  storageFolders,
  type Storage,
  type StoredObject,
} from "./storage.server.ts";

/** Multipart part size: S3's minimum is 5 MB; 8 MB keeps the part count low for long masters. */
export const S3_PART_SIZE = 8 * 1024 * 1024;
/** Parts uploaded at once. Memory per upload stays near (queue + 1) × part size, whatever the file's size. */
const QUEUE_SIZE = 2;
/** Objects never change content under a key (server/media.ts relies on it too). */
const OBJECT_CACHE_CONTROL = "public, max-age=31536000, immutable";
/**
 * Each media stream holds one connection to the store for as long as a listener
 * downloads, so the SDK's default pool (50) would queue the 51st listener.
 */
const MAX_SOCKETS = 512;

/*
 * Audio is stored withheld, as `{key}.withheld-{32 random hex}`, until it is
 * published to its key's own name (issue #30): a public bucket, or a CDN in
 * front of it, serves every object by its name, and `music/{ms}_{name}` can be
 * guessed. The random part is found again by listing the key's prefix, so no
 * secret and no database row is needed to read it (decision 024).
 */
const WITHHELD = ".withheld-";
const WITHHELD_NAME = /^((?:music|downloads)\/.+)\.withheld-[0-9a-f]{32}$/;
const isAudio = (key: string) => key.startsWith("music/");
/**
 * A release's zip (downloads/) is withheld as audio is, and never published:
 * its key is not guessable, but a bucket that lists its objects would name it,
 * and only a download grant's holder may have it (decision 028).
 */
const isWithheld = (key: string) => isAudio(key) || key.startsWith("downloads/");
const withheldName = (key: string) => `${key}${WITHHELD}${randomBytes(16).toString("hex")}`;

/** A valid key, and not one that reads as another key's withheld name. */
function assertS3Key(key: string): void {
  assertValidKey(key);
  if (WITHHELD_NAME.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

function assertAudioKey(key: string): void {
  assertS3Key(key);
  if (!isAudio(key)) throw new Error(`Only audio is published and withheld: ${JSON.stringify(key)}`);
}

/**
 * Stores objects in an S3-compatible bucket (AWS, MinIO, R2, Garage…), keys as on disk but
 * audio's, withheld until published, and releases' zips, withheld always.
 */
export function createS3Storage(config: S3Config): Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // Custom endpoints rarely have per-bucket DNS names.
    forcePathStyle: config.endpoint !== undefined,
    credentials: config.credentials,
    // Many S3-compatible stores reject the SDK's default aws-chunked CRC trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: {
      connectionTimeout: 10_000,
      httpAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
      httpsAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
    },
  });
  const Bucket = config.bucket;

  async function head(key: string) {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** The withheld copies of a key, whatever their random part. */
  async function withheldCopies(key: string): Promise<string[]> {
    const names: string[] = [];
    for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: `${key}${WITHHELD}` })) {
      for (const object of page.Contents ?? []) if (object.Key && WITHHELD_NAME.exec(object.Key)?.[1] === key) names.push(object.Key);
    }
    return names;
  }

  /** One withheld copy of a key: a single request, as a read needs. */
  async function firstWithheld(key: string): Promise<string | undefined> {
    const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${key}${WITHHELD}`, MaxKeys: 1 }));
    const name = page.Contents?.[0]?.Key;
    return name && WITHHELD_NAME.exec(name)?.[1] === key ? name : undefined;
  }

  /**
   * `attempt` on the key's own name, then, for audio, on its withheld copy,
   * then on its own name again: a publish on another process copies before it
   * deletes, so an object it moved between the first two looks is at the third.
   * A zip, never published, is looked for withheld first (its own name only
   * holds what someone else put there).
   */
  async function located<T>(key: string, attempt: (name: string) => Promise<T | null>): Promise<T | null> {
    if (!isWithheld(key)) return attempt(key);
    const atKey = isAudio(key) ? await attempt(key) : null;
    if (atKey !== null) return atKey;
    const withheld = await firstWithheld(key);
    return (withheld === undefined ? null : await attempt(withheld)) ?? attempt(key);
  }

  const copy = (from: string, to: string) =>
    client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from}`, MetadataDirective: "COPY" }));
  const remove = (name: string) => client.send(new DeleteObjectCommand({ Bucket, Key: name }));

  /** Streams `body` to the object `name`, typed after `key`, the logical key it holds. */
  async function upload(
    key: string,
    name: string,
    body: Readable,
    options: { maxBytes?: number; contentType?: string },
  ): Promise<StoredObject> {
    const counter = new ByteLimit(options.maxBytes);
    // The counter's error reaches Upload through its reader; Upload then aborts
    // the multipart upload (leavePartsOnError: false), so nothing is left stored.
    const feeding = pipeline(body, counter).catch(() => {});
    const upload = new Upload({
      client,
      params: {
        Bucket,
        Key: name,
        Body: counter,
        ContentType: options.contentType ?? (lookup(key) || "application/octet-stream"),
        CacheControl: OBJECT_CACHE_CONTROL,
      },
      partSize: S3_PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // A store error leaves the request body unread; end it so the client is not left hanging.
      body.destroy();
      counter.destroy();
      await feeding;
      if (counter.bytes <= counter.maxBytes) throw error;
      // Upload replaces our error with the abort's when aborting the multipart upload failed.
      if (!(error instanceof FileTooLargeError)) {
        console.warn(
          `Could not abort the multipart upload of ${key}; its parts may stay in the bucket until a lifecycle rule removes them:`,
          error instanceof Error ? error.message : error,
        );
      }
      throw new FileTooLargeError(counter.maxBytes);
    }
    await feeding;
    return { key, size: counter.bytes };
  }

  async function write(key: string, body: Readable, options: { maxBytes?: number; contentType?: string } = {}): Promise<StoredObject> {
    assertS3Key(key);
    if (!isWithheld(key)) return upload(key, key, body, options);
    // Audio published already stays so (a restore over a running site, whose
    // gate knows it published); any other is written withheld.
    const name = isAudio(key) && (await head(key)) ? key : withheldName(key);
    const stored = await upload(key, name, body, options);
    for (const other of await withheldCopies(key)) if (other !== name) await remove(other);
    return stored;
  }

  return {
    write,

    async put(folder, originalName, body, options = {}) {
      // A HEAD, because conditional PUT (If-None-Match) is not supported by every S3-compatible store.
      const taken = async (candidate: string) =>
        (await head(candidate)) !== null || (isWithheld(candidate) && (await firstWithheld(candidate)) !== undefined);
      const key = await freeObjectKey(folder, originalName, taken);
      // A new upload is never out yet.
      return upload(key, isWithheld(key) ? withheldName(key) : key, body, options);
    },

    async read(key, range) {
      assertS3Key(key);
      return located(key, async (name) => {
        try {
          const output = await client.send(
            new GetObjectCommand({ Bucket, Key: name, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
          );
          if (!(output.Body instanceof Readable)) throw new Error("S3 returned a body that is not a Node stream");
          return output.Body;
        } catch (error) {
          if (isNotFound(error)) return null;
          throw error;
        }
      });
    },

    async stat(key) {
      assertS3Key(key);
      const output = await located(key, head);
      if (!output) return null;
      return { size: output.ContentLength ?? 0, modified: output.LastModified ?? new Date(0) };
    },

    async delete(key) {
      assertS3Key(key);
      // S3 answers 204 whether or not the object existed.
      await remove(key);
      if (isWithheld(key)) for (const name of await withheldCopies(key)) await remove(name);
    },

    async *keys(folder) {
      if (!storageFolders.includes(folder)) throw new Error(`Unknown folder ${folder}`);
      // Audio both published and withheld for a moment (a publish under way) is listed once, as is
      // an object written again (its new withheld copy is stored before the old one is removed).
      const seen = new Set<string>();
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: `${folder}/` })) {
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          const key = WITHHELD_NAME.exec(object.Key)?.[1] ?? object.Key;
          // Objects someone else put in the bucket are not ours to list.
          if (!isValidKey(key) || seen.has(key)) continue;
          if (isWithheld(key)) seen.add(key);
          yield key;
        }
      }
    },

    /**
     * Copies the withheld audio to its key's own name, then removes the copies
     * it listed before copying (a withhold on another process meanwhile made a
     * copy of its own, which stays). Nothing to do when the name holds it already.
     */
    async publish(key) {
      assertAudioKey(key);
      for (let tries = 0; tries < 3; tries++) {
        if (await head(key)) return;
        const withheld = await withheldCopies(key);
        const [source] = withheld;
        if (source === undefined) continue; // published by another process between the two looks
        try {
          await copy(source, key);
        } catch (error) {
          if (isNotFound(error)) continue; // moved by another process meanwhile: look again
          throw error;
        }
        for (const name of withheld) await remove(name);
        return;
      }
      throw new Error(`No stored object to publish at ${key}`);
    },

    /** Copies published audio to a new withheld name, then removes the published object. */
    async withhold(key) {
      assertAudioKey(key);
      if (!(await head(key))) return;
      try {
        await copy(key, withheldName(key));
      } catch (error) {
        if (isNotFound(error)) return; // withheld by another process meanwhile
        throw error;
      }
      await remove(key);
    },

    publicUrl: config.publicUrl
      ? (key) => {
          assertS3Key(key);
          return `${config.publicUrl}/${key}`;
        }
      : undefined,

    close() {
      client.destroy();
    },
  };
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === "NoSuchKey" || error.name === "NotFound" || status === 404;
}
