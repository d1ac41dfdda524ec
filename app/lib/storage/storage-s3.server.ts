import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, paginateListObjectsV2 } from "@aws-sdk/client-s3";
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

/** Stores objects in an S3-compatible bucket (AWS, MinIO, R2, Garage…), keys as on disk. */
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

  async function write(key: string, body: Readable, options: { maxBytes?: number; contentType?: string } = {}): Promise<StoredObject> {
    assertValidKey(key);
    const counter = new ByteLimit(options.maxBytes);
    // The counter's error reaches Upload through its reader; Upload then aborts
    // the multipart upload (leavePartsOnError: false), so nothing is left stored.
    const feeding = pipeline(body, counter).catch(() => {});
    const upload = new Upload({
      client,
      params: {
        Bucket,
        Key: key,
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

  return {
    write,

    async put(folder, originalName, body, options = {}) {
      // A HEAD, because conditional PUT (If-None-Match) is not supported by every S3-compatible store.
      const key = await freeObjectKey(folder, originalName, async (candidate) => (await head(candidate)) !== null);
      return write(key, body, options);
    },

    async read(key, range) {
      assertValidKey(key);
      try {
        const output = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        if (!(output.Body instanceof Readable)) throw new Error("S3 returned a body that is not a Node stream");
        return output.Body;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async stat(key) {
      assertValidKey(key);
      const output = await head(key);
      if (!output) return null;
      return { size: output.ContentLength ?? 0, modified: output.LastModified ?? new Date(0) };
    },

    async delete(key) {
      assertValidKey(key);
      // S3 answers 204 whether or not the object existed.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *keys(folder) {
      if (!storageFolders.includes(folder)) throw new Error(`Unknown folder ${folder}`);
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: `${folder}/` })) {
        for (const object of page.Contents ?? []) {
          // Objects someone else put in the bucket are not ours to list.
          if (object.Key && isValidKey(object.Key)) yield object.Key;
        }
      }
    },

    publicUrl: config.publicUrl
      ? (key) => {
          assertValidKey(key);
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
