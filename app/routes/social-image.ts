import type { Route } from "./+types/social-image";
import { heroPhoto } from "#app/features/photos/photos.server.ts";
import { renderShareImage, shareImageResponse } from "#app/features/social-image/share-image.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";

/**
 * GET /social-image.png?v=<content version>: the default 1200×630 share image,
 * from the hero photo when there is one, with the artist's name and tagline.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const version = await currentContentVersion(services.db);
  return shareImageResponse(request, "site", version, async () => {
    const { name, tagline, genres } = (await siteSettingsOf(context)).artist;
    return renderShareImage(services.storage, await heroPhoto(services.db), { artistName: name, tagline, genres });
  });
}
