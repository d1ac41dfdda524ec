// The e2e scale stack's object store: s3rver on a fixed loopback port with an
// empty bucket for each worker's site, until Playwright stops it.
import { startS3Server } from "../../support/s3-server.ts";
import { E2E_S3_DIR, E2E_S3_PORT, E2E_WORKERS, e2eSite } from "./server-env.ts";

const buckets = Array.from({ length: E2E_WORKERS }, (_, worker) => e2eSite(worker).bucket);
const server = await startS3Server({ directory: E2E_S3_DIR, port: E2E_S3_PORT, buckets });
console.log(`S3-compatible server at ${server.endpoint}, buckets ${buckets.join(", ")}`);
const stop = () => void server.close().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
