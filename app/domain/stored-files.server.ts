// A stored upload as the site knows it: with the files made from it (a cover's
// and a photo's variants, derived-keys.ts), and as pending until a song or a
// photo claims it. Whatever removes one (a song deleted, a photo replaced, the
// wizard's Cancel, the sweep of abandoned uploads) removes them all.
import type { Services } from "#app/lib/platform/services.server.ts";
import { isValidKey, type StorageFolder } from "#app/lib/storage/storage.server.ts";
import { derivedKeysOf } from "./derived-keys.ts";

/** Uploads nothing has claimed after this long are removed. */
const ABANDONED_UPLOAD_MS = 6 * 60 * 60 * 1000;

/** Removes a file and every file made from it. */
export async function deleteStoredFiles(services: Services, key: string): Promise<void> {
  await Promise.all([key, ...derivedKeysOf(key)].map((k) => services.storage.delete(k)));
}

/** Removes an upload and its pending record, claimed or not (it failed a later check). */
export async function discardUpload(services: Services, key: string): Promise<void> {
  await deleteStoredFiles(services, key);
  await services.db.deleteFrom("pendingUploads").where("key", "=", key).execute();
}

/**
 * Removes an upload only while it is still pending in `folder`: taking its
 * pending row is the same claim whatever uses it makes, so whichever comes
 * first wins, and a file in use is never deleted. Returns whether it was removed.
 */
export async function discardIfPending(services: Services, folder: StorageFolder, key: string): Promise<boolean> {
  if (!isValidKey(key) || !key.startsWith(`${folder}/`)) return false;
  const claimed = await services.db.deleteFrom("pendingUploads").where("key", "=", key).returning("key").execute();
  if (claimed.length === 0) return false;
  await deleteStoredFiles(services, key);
  return true;
}

/** Removes uploads nothing claimed within the grace period; returns how many. */
export async function sweepAbandonedUploads(services: Services, olderThanMs = ABANDONED_UPLOAD_MS): Promise<number> {
  const stale = await services.db
    .selectFrom("pendingUploads")
    .select("key")
    .where("createdAt", "<", Date.now() - olderThanMs)
    .execute();
  for (const { key } of stale) await discardUpload(services, key);
  return stale.length;
}
