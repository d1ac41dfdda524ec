import { photoVariantKey, photoWidths, type Photo } from "#app/domain/photo.ts";
import type { Storage } from "#app/lib/storage/storage.server.ts";
import { readStoredFile } from "#app/lib/uploads/decode-limits.server.ts";
import { renderDefaultSocialImage, renderPhotoSocialImage } from "./social-image.server.ts";

export type RenderedImage = { body: Buffer; type: "image/png" | "image/jpeg" };

/**
 * A share image: `photo` cropped to 1200×630 with the words over it, or the
 * drawn one when there is no photo (or its file is missing or broken, which is
 * logged: an image of today rather than no image at all).
 */
export async function renderShareImage(
  storage: Storage,
  photo: Pick<Photo, "key" | "width" | "focalX" | "focalY"> | null,
  words: { artistName: string; tagline: string; genres: string[] },
): Promise<RenderedImage> {
  if (photo) {
    try {
      // The 1600 variant, or the largest there is: enough for 1200 wide, not a full decode of the original.
      const width =
        photoWidths(photo.width)
          .filter((w) => w <= 1600)
          .at(-1) ??
        photoWidths(photo.width)[0] ??
        480;
      const bytes = await readStoredFile(storage, photoVariantKey(photo.key, width, "jpg"));
      const body = await renderPhotoSocialImage({ photo: bytes, focalX: photo.focalX, focalY: photo.focalY, ...words });
      return { body, type: "image/jpeg" };
    } catch (error) {
      console.error(`The share image from photo ${photo.key} failed`, error);
    }
  }
  return { body: await renderDefaultSocialImage(words), type: "image/png" };
}

// Rendered once per content version per process and image: each depends only on
// what fans see, and every change to that moves the version on.
const rendered = new Map<string, { version: number; image: Promise<RenderedImage> }>();

/**
 * The share image `name` for `version` (rendered by `render` the first time it
 * is asked for). Pages link it with the version (`?v=`), so that address stands
 * for the same bytes for good; any other address gets the current image,
 * briefly cached.
 */
export async function shareImageResponse(
  request: Request,
  name: string,
  version: number,
  render: () => Promise<RenderedImage>,
): Promise<Response> {
  let cached = rendered.get(name);
  if (cached?.version !== version) {
    const image = render();
    cached = { version, image };
    rendered.set(name, cached);
    // A failure is not kept: the next request tries again.
    image.catch(() => {
      if (rendered.get(name)?.image === image) rendered.delete(name);
    });
  }
  const { body, type } = await cached.image;
  const current = new URL(request.url).searchParams.get("v") === String(version);
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": type,
      "Content-Length": String(body.length),
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
