import { coverDerivedKeys } from "#app/domain/derived-keys.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { markPendingUpload } from "#app/lib/uploads/store-upload.server.ts";

/**
 * A copy of a stored cover and its variants under a new key, waiting to be
 * claimed as an upload would: for a track added to a release, which wears the
 * release's cover. Each song owns its own files, so deleting one track never
 * takes a cover another still shows. The variants are copied, not made again:
 * no image is decoded.
 */
export async function copyCover(services: Services, coverKey: string): Promise<string | null> {
  const { storage } = services;
  const original = await storage.read(coverKey);
  if (!original) return null;
  const name = coverKey.replace(/^covers\//, "").replace(/^\d+_/, "");
  const copy = await storage.put("covers", name, original);
  for (const derived of coverDerivedKeys(coverKey)) {
    const body = await storage.read(derived);
    if (body) await storage.write(`${copy.key}${derived.slice(coverKey.length)}`, body);
  }
  await markPendingUpload(services, copy.key);
  return copy.key;
}

/** The cover a new track of `releaseId` wears: its first track's. Null for a release with no track yet. */
export async function releaseCoverKey(services: Services, releaseId: string): Promise<string | null> {
  const first = await services.db
    .selectFrom("songs")
    .select("coverKey")
    .where("releaseId", "=", releaseId)
    .orderBy("trackNumber")
    .orderBy("createdAt")
    .executeTakeFirst();
  return first?.coverKey ?? null;
}
