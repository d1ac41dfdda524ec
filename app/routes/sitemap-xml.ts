import type { Route } from "./+types/sitemap-xml";
import { pressKitIsPublic } from "#app/features/press/press-kit.server.ts";
import { PRESS_PATH } from "#app/features/press/press-paths.ts";
import { publicText } from "#app/features/syndication/respond.server.ts";
import { buildSitemap } from "#app/features/syndication/sitemap.server.ts";
import { listSongs } from "#app/features/songs/songs.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";

/** GET /sitemap.xml: every public page (the press kit once it is out), and the pages of every release and song that is out. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const [songs, settings] = await Promise.all([listSongs(services), siteSettingsOf(context)]);
  const press = (await pressKitIsPublic(services.db, settings.press)) ? [PRESS_PATH] : [];
  const body = buildSitemap(services.env.publicUrl, songs, press);
  return publicText(request, body, "application/xml; charset=utf-8", 3600);
}
