import type { Route } from "./+types/social-image";
import { heroPhoto } from "#app/features/photos/photos.server.ts";
import { renderDefaultSocialImage, renderPhotoSocialImage } from "#app/features/social-image/social-image.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { photoVariantKey, photoWidths } from "#app/domain/photo.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import type { SiteSettings } from "#app/domain/site/site-config-schema.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";
import { readStoredFile } from "#app/lib/uploads/decode-limits.server.ts";

type Rendered = { body: Buffer; type: "image/png" | "image/jpeg" };

// Rendered once per content version per process: it depends on the hero photo
// and the artist's name, and every change to what fans see moves the version on.
let cached: { version: number; image: Promise<Rendered> } | undefined;

async function render(services: Services, artist: SiteSettings["artist"]): Promise<Rendered> {
  const { name, tagline, genres } = artist;
  const hero = await heroPhoto(services.db);
  if (hero) {
    try {
      // The 1600 variant, or the largest there is: enough for 1200 wide, not a full decode of the original.
      const width =
        photoWidths(hero.width)
          .filter((w) => w <= 1600)
          .at(-1) ??
        photoWidths(hero.width)[0] ??
        480;
      const photo = await readStoredFile(services.storage, photoVariantKey(hero.key, width, "jpg"));
      const body = await renderPhotoSocialImage({ photo, focalX: hero.focalX, focalY: hero.focalY, artistName: name, tagline });
      return { body, type: "image/jpeg" };
    } catch (error) {
      // A missing or broken file: today's image rather than no share image at all.
      console.error(`The share image from photo ${hero.key} failed`, error);
    }
  }
  return { body: await renderDefaultSocialImage({ artistName: name, tagline, genres }), type: "image/png" };
}

/**
 * GET /social-image.png?v=<content version>: the default 1200×630 share image.
 * Pages link it with the current version, so an address always stands for the
 * same bytes and may be cached for good; any other address gets the current
 * image, briefly cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const version = await currentContentVersion(services.db);
  if (cached?.version !== version) {
    const image = render(services, (await siteSettingsOf(context)).artist);
    cached = { version, image };
    // A failure is not kept: the next request tries again.
    image.catch(() => {
      if (cached?.image === image) cached = undefined;
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
