import { pipeline, Transform, type Readable } from "node:stream";
import { safeFileName } from "./safe-file-name.ts";

/**
 * press/ holds the press kit's PDFs, served only through /press/files while the kit names them;
 * downloads/ the releases' zips, served only to a download grant's holder (decision 028). Neither through /media/.
 */
export const storageFolders = ["music", "covers", "photos", "press", "downloads"] as const;
export type StorageFolder = (typeof storageFolders)[number];

export type StoredObject = { key: string; size: number };

export class FileTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`File exceeds ${maxBytes} bytes`);
    this.name = "FileTooLargeError";
    this.maxBytes = maxBytes;
  }
}

/** Where uploaded files live. Every method streams; no file is held in memory whole. */
export interface Storage {
  /** Streams `body` to a new object named after `originalName`; resolves once it is durably stored. */
  put(
    folder: StorageFolder,
    originalName: string,
    body: Readable,
    options?: { maxBytes?: number; contentType?: string },
  ): Promise<StoredObject>;
  /** Streams `body` to the exact `key` (derived files such as cover variants). */
  write(key: string, body: Readable, options?: { maxBytes?: number; contentType?: string }): Promise<StoredObject>;
  /** A readable stream of the object, or null when there is none. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  stat(key: string): Promise<{ size: number; modified: Date } | null>;
  delete(key: string): Promise<void>;
  /** Every key stored in `folder`, in no particular order (tests, backups, sweeps). */
  keys(folder: StorageFolder): AsyncIterable<string>;
  /** The file behind a key, for drivers that keep objects on local disk. */
  localPath?(key: string): string;
  /** Where the public can fetch the object directly (a bucket's public or CDN URL), when there is such a place. */
  publicUrl?(key: string): string | undefined;
  /**
   * For drivers whose store may be public by itself (a bucket): audio (music/)
   * is stored withheld, under a name no one can guess, until it is published
   * to its key's own name (a release's zip, downloads/, is withheld too, and never published). Both are idempotent and safe to run from several
   * processes at once; `read` and `stat` find the object either way.
   */
  publish?(key: string): Promise<void>;
  withhold?(key: string): Promise<void>;
  /** Releases connections; the storage is not used afterwards. */
  close?(): void;
}

const KEY_PATTERN = /^(music|covers|photos|press|downloads)\/\d{13,}_[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** '{folder}/{Date.now()}_{sanitised original name}', as the spec names uploads. */
function objectKey(folder: StorageFolder, originalName: string, now = Date.now()): string {
  return `${folder}/${now}_${safeFileName(originalName)}`;
}

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes("..");
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** A pass-through that counts the bytes streamed and fails with FileTooLargeError past `maxBytes`. */
export class ByteLimit extends Transform {
  bytes = 0;
  readonly maxBytes: number;
  constructor(maxBytes = Number.POSITIVE_INFINITY) {
    super();
    this.maxBytes = maxBytes;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) callback(new FileTooLargeError(this.maxBytes));
    else callback(null, chunk);
  }
}

/**
 * A new key for an upload named `originalName`: two uploads of one name in the
 * same millisecond must not overwrite each other, so a taken key moves on a
 * millisecond (a few times at most).
 */
export async function freeObjectKey(
  folder: StorageFolder,
  originalName: string,
  taken: (key: string) => Promise<boolean>,
): Promise<string> {
  if (!storageFolders.includes(folder)) throw new Error(`Unknown folder ${folder}`);
  let key = objectKey(folder, originalName);
  for (let tries = 0; (await taken(key)) && tries < 5; tries++) key = objectKey(folder, originalName, Date.now() + tries + 1);
  return key;
}

/** `source` as it is read, telling `onRead` how many bytes have passed (a job's progress through a file); its errors pass on too. */
export function countedRead(source: Readable, onRead: (bytes: number) => void): Readable {
  let read = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      onRead(read);
      done(null, chunk);
    },
  });
  pipeline(source, counter, () => {});
  return counter;
}
