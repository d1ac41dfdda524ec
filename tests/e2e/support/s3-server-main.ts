// The e2e scale stack's object store: s3rver on a fixed loopback port with an
// empty bucket, until Playwright stops it.
import { startS3Server } from "../../support/s3-server.ts";
import { E2E_BUCKET, E2E_S3_DIR, E2E_S3_PORT } from "./server-env.ts";

const server = await startS3Server({ directory: E2E_S3_DIR, port: E2E_S3_PORT, buckets: [E2E_BUCKET] });
console.log(`S3-compatible server at ${server.endpoint}, bucket ${E2E_BUCKET}`);
const stop = () => void server.close().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
