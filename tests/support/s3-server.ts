// A real S3-compatible server (s3rver) on loopback, for tests and the e2e
// "scale" stack. It speaks the S3 REST protocol, with signatures, multipart
// uploads and ranges, so the S3 driver is tested over the wire, not mocked.
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import S3rver from "s3rver";
import { makeWritesAtomic } from "./s3-atomic-writes.ts";

/** s3rver accepts only these credentials. */
export const S3_TEST_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export type RunningS3Server = { endpoint: string; close(): Promise<void> };

export async function startS3Server(options: { directory: string; port?: number; buckets?: string[] }): Promise<RunningS3Server> {
  rmSync(options.directory, { recursive: true, force: true });
  mkdirSync(options.directory, { recursive: true });
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port ?? 0,
    directory: path.resolve(options.directory),
    silent: true,
    configureBuckets: (options.buckets ?? []).map((name) => ({ name })),
  });
  makeWritesAtomic(server.store);
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      rmSync(options.directory, { recursive: true, force: true });
    },
  };
}

/** Makes an empty bucket, so each test site has objects of its own. */
export async function createTestBucket(endpoint: string, bucket: string): Promise<void> {
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
}
