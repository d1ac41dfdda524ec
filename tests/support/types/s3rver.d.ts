// s3rver ships no types; only what tests/support/s3-server.ts and s3-atomic-writes.ts use.
declare module "s3rver" {
  import type { Readable } from "node:stream";

  type S3rverOptions = {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  };
  type StoredObject = { bucket: string; key: string; content: Buffer | Readable; metadata: Record<string, string> };
  type Metadata = Record<string, string | number>;
  /** The file store's methods the atomic replacements use or replace (lib/stores/filesystem.js). */
  export type S3rverStore = {
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    getMetadata(bucket: string, key: string): Promise<Metadata>;
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
    putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
    copyObject(
      srcBucket: string,
      srcKey: string,
      destBucket: string,
      destKey: string,
      replacementMetadata: Record<string, string> | null,
    ): Promise<Metadata>;
  };
  export default class S3rver {
    constructor(options: S3rverOptions);
    readonly store: S3rverStore;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
