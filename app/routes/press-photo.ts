import { data } from "react-router";
import type { Route } from "./+types/press-photo";
import { fullSizeJpeg } from "#app/features/photos/full-size.server.ts";
import { listPhotos } from "#app/features/photos/photos.server.ts";
import { storedDownload } from "#app/features/press/press-downloads.server.ts";
import { pressKitIsPublic } from "#app/features/press/press-kit.server.ts";
import { pressPhotoFileName } from "#app/features/press/press-paths.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";

/**
 * GET /press/photos/{id}.jpg: one press photo at its full size, without the
 * original's metadata, saved as "{artist}-press-photo-{n}.jpg" (n its place in
 * the kit). Only while the press kit is out, like the page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const { artist, press } = await siteSettingsOf(context);
  const id = /^(.+)\.jpg$/.exec(params.photoFile)?.[1];
  if (!id || !(await pressKitIsPublic(services.db, press))) throw data(null, { status: 404 });
  const photos = (await listPhotos(services)).press;
  const index = photos.findIndex((photo) => photo.id === id);
  const photo = photos[index];
  if (!photo) throw data(null, { status: 404 });
  const full = await fullSizeJpeg(services.storage, photo);
  const response = await storedDownload(services.storage, full.key, pressPhotoFileName(artist.name, index + 1), "image/jpeg");
  if (!response) throw data(null, { status: 404 });
  return response;
}
