import path from "node:path";
import { loadEnv } from "#app/lib/env.server.ts";
import { createLocalStorage } from "#app/lib/storage-local.server.ts";
import { createS3Storage } from "#app/lib/storage-s3.server.ts";
import { storageFolders } from "#app/lib/storage.server.ts";
import { e2eAppEnv } from "./server-env.ts";

/** Every object key the e2e site has stored (on disk or in its bucket), sorted. */
export async function storedKeys(): Promise<string[]> {
  const env = loadEnv(e2eAppEnv());
  const storage = env.s3 ? createS3Storage(env.s3) : createLocalStorage(path.join(env.dataDir, "uploads"));
  try {
    const keys: string[] = [];
    for (const folder of storageFolders) for await (const key of storage.keys(folder)) keys.push(key);
    return keys.sort();
  } finally {
    storage.close?.();
  }
}
