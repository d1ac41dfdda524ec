import type { Readable } from "node:stream";
import type { Photo } from "#app/domain/photo.ts";
import type { Storage } from "#app/lib/storage/storage.server.ts";
import { zipStream } from "#app/lib/zip/zip-stream.server.ts";
import { fullSizeJpeg } from "./full-size.server.ts";

/**
 * `photos` at their full size, without the originals' metadata, as one zip, in
 * their order, each named by `nameOf` (its place, from 1). Each full-size copy
 * is made when missing, as the archive reaches it.
 */
export function photosZip(storage: Storage, photos: readonly Pick<Photo, "key">[], nameOf: (number: number) => string): Readable {
  return zipStream(
    photos.map((photo, i) => ({
      name: nameOf(i + 1),
      open: async () => {
        const { key } = await fullSizeJpeg(storage, photo);
        const body = await storage.read(key);
        if (!body) throw new Error(`${key} is missing`);
        return body;
      },
    })),
  );
}
