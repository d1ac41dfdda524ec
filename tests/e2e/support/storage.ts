import path from "node:path";
import { loadEnv } from "#app/lib/platform/env.server.ts";
import { createLocalStorage } from "#app/lib/storage/storage-local.server.ts";
import { createS3Storage } from "#app/lib/storage/storage-s3.server.ts";
import { storageFolders, type Storage } from "#app/lib/storage/storage.server.ts";
import { e2eAppEnv } from "./server-env.ts";

async function withE2eStorage<T>(work: (storage: Storage) => Promise<T>): Promise<T> {
  const env = loadEnv(e2eAppEnv());
  const storage = env.s3 ? createS3Storage(env.s3) : createLocalStorage(path.join(env.dataDir, "uploads"));
  try {
    return await work(storage);
  } finally {
    storage.close?.();
  }
}

/** Every object key the e2e site has stored (on disk or in its bucket), sorted. */
export function storedKeys(): Promise<string[]> {
  return withE2eStorage(async (storage) => {
    const keys: string[] = [];
    for (const folder of storageFolders) for await (const key of storage.keys(folder)) keys.push(key);
    return keys.sort();
  });
}

/** Removes objects a test left behind. */
export function deleteStoredKeys(keys: string[]): Promise<void> {
  return withE2eStorage(async (storage) => {
    for (const key of keys) await storage.delete(key);
  });
}

/** An object's bytes as stored, or null when there is none. */
export function readStoredKey(key: string): Promise<Buffer | null> {
  return withE2eStorage(async (storage) => {
    const stream = await storage.read(key);
    return stream ? Buffer.concat(await stream.toArray()) : null;
  });
}
