// Starts one S3-compatible server for the whole Vitest run; each test site
// makes a bucket of its own in it (tests/support/test-site.ts).
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startS3Server } from "./s3-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    s3Endpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startS3Server({ directory: path.join(tmpdir(), `artist-site-s3-${process.pid}`) });
  project.provide("s3Endpoint", server.endpoint);
  return () => server.close();
}
