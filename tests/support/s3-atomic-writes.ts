// S3 replaces an object atomically: a reader sees the old bytes or the new,
// never nothing. s3rver's file store does not: an overwriting copy unlinks the
// destination before copying (fs-extra), and a put truncates it in place, so a
// HEAD or GET in that moment answers 404 or a short body. Several processes
// publishing the same audio at once (storage.contract.test.ts) met that window
// and failed where real S3 cannot. These two replacements write beside the
// object and rename over it, as S3's own guarantee reads.
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { copyFile, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3rverStore } from "s3rver";

type S3ErrorClass = new (code: string, message: string, detail?: Record<string, string>) => Error;
const S3Error = createRequire(import.meta.url)("s3rver/lib/models/error.js") as S3ErrorClass;

/** A name beside the object that s3rver's listing ignores (it lists only names ending in `._S3rver_object`). */
const besides = (file: string) => `${file}.partial-${randomUUID()}`;

async function replaceWith(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = besides(file);
  try {
    await write(partial);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === "ENOENT";

export function makeWritesAtomic(store: S3rverStore): void {
  const putMetadata = store.putMetadata.bind(store);

  store.putObject = async (object) => {
    const file = store.getResourcePath(object.bucket, object.key, "object");
    await mkdir(path.dirname(file), { recursive: true });
    const md5 = createHash("md5");
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const partial = besides(file);
    try {
      if (Buffer.isBuffer(object.content)) {
        md5.update(object.content);
        size = object.content.length;
        await writeFile(partial, object.content);
      } else {
        await pipeline(object.content, counted, createWriteStream(partial));
      }
      const digest = md5.digest("hex");
      await putMetadata(object.bucket, object.key, object.metadata, digest);
      await rename(partial, file);
      return { size, md5: digest };
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  };

  store.copyObject = async (srcBucket, srcKey, destBucket, destKey, replacementMetadata) => {
    const source = (resource: string) => store.getResourcePath(srcBucket, srcKey, resource);
    const destination = (resource: string) => store.getResourcePath(destBucket, destKey, resource);
    if (source("object") !== destination("object")) {
      await mkdir(path.dirname(destination("object")), { recursive: true });
      const partial = besides(destination("object"));
      try {
        // The bytes first, then what describes them: a source deleted meanwhile is "no such key", as on S3.
        let described: [Buffer, Buffer];
        try {
          await copyFile(source("object"), partial);
          described = await Promise.all([readFile(source("metadata.json")), readFile(source("object.md5"))]);
        } catch (error) {
          if (isMissing(error)) throw new S3Error("NoSuchKey", "The specified key does not exist.", { Key: srcKey });
          throw error;
        }
        const [metadata, md5] = described;
        await replaceWith(destination("object.md5"), (to) => writeFile(to, md5));
        if (!replacementMetadata) await replaceWith(destination("metadata.json"), (to) => writeFile(to, metadata));
        await rename(partial, destination("object"));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    }
    if (replacementMetadata) await putMetadata(destBucket, destKey, replacementMetadata);
    return store.getMetadata(destBucket, destKey);
  };
}
