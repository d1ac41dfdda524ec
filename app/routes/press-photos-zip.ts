import { data } from "react-router";
import type { Route } from "./+types/press-photos-zip";
import { listPhotos } from "#app/features/photos/photos.server.ts";
import { photosZip } from "#app/features/photos/photos-zip.server.ts";
import { downloadResponse } from "#app/features/press/press-downloads.server.ts";
import { pressKitIsPublic } from "#app/features/press/press-kit.server.ts";
import { pressPhotoFileName, pressZipFileName } from "#app/features/press/press-paths.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";

/**
 * GET /press/photos.zip: every press photo at its full size, without the
 * originals' metadata, in the kit's order, named as each alone is. Streamed
 * as it is written, one photo at a time; stored, not deflated (JPEGs do not
 * shrink). Only while the press kit is out and has photos.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const { artist, press } = await siteSettingsOf(context);
  if (!(await pressKitIsPublic(services.db, press))) throw data(null, { status: 404 });
  const photos = (await listPhotos(services)).press;
  if (photos.length === 0) throw data(null, { status: 404 });
  const archive = photosZip(services.storage, photos, (n) => pressPhotoFileName(artist.name, n));
  // Past the headers nobody can be told; the connection ends and the log says why.
  archive.on("error", (error) => console.error("The press photos' zip failed", error));
  return downloadResponse(archive, { fileName: pressZipFileName(artist.name), type: "application/zip" });
}
