import type { Route } from "./+types/sitemap-xml";
import { publicText } from "#app/features/syndication/respond.server.ts";
import { buildSitemap } from "#app/features/syndication/sitemap.server.ts";
import { listSongs } from "#app/features/songs/songs.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";

/** GET /sitemap.xml: every public page, and the pages of every release and song that is out. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const body = buildSitemap(services.env.publicUrl, await listSongs(services));
  return publicText(request, body, "application/xml; charset=utf-8", 3600);
}
