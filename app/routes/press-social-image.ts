import type { Route } from "./+types/press-social-image";
import { heroPhoto, listPhotos } from "#app/features/photos/photos.server.ts";
import { PRESS_PAGE_TEXT } from "#app/features/press/ui-text.ts";
import { renderShareImage, shareImageResponse } from "#app/features/social-image/share-image.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";

/**
 * GET /press/social-image.png?v=<content version>: the press kit's 1200×630
 * share card, from the first press photo (else the hero photo), saying
 * "Press kit" under the artist's name.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const version = await currentContentVersion(services.db);
  return shareImageResponse(request, "press", version, async () => {
    const { name, genres } = (await siteSettingsOf(context)).artist;
    const photo = (await listPhotos(services)).press[0] ?? (await heroPhoto(services.db));
    return renderShareImage(services.storage, photo, { artistName: name, tagline: PRESS_PAGE_TEXT.eyebrow, genres });
  });
}
