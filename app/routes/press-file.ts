import { data } from "react-router";
import type { Route } from "./+types/press-file";
import { storedDownload } from "#app/features/press/press-downloads.server.ts";
import { pressFileToServe } from "#app/features/press/press-files.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { isIdShaped } from "#app/domain/public-paths.ts";
import { slugify } from "#app/domain/slug.ts";

/**
 * GET /press/files/{id}/{name}.pdf: a PDF the press kit names, as a download.
 * Only a file the kit names is served, and only here (press/ is no folder
 * /media/ opens): one the artist removed is a 404 at once.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const file = isIdShaped(params.fileId) ? await pressFileToServe(services.db, params.fileId) : null;
  const response = file ? await storedDownload(services.storage, file.key, `${slugify(file.title, "file")}.pdf`, "application/pdf") : null;
  if (!response) throw data(null, { status: 404 });
  return response;
}
