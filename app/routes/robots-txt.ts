import type { Route } from "./+types/robots-txt";
import { publicText } from "#app/features/syndication/respond.server.ts";
import { buildRobotsTxt } from "#app/features/syndication/sitemap.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";

/** GET /robots.txt: what crawlers may read, and where the sitemap is (a route, since it names PUBLIC_URL). */
export function loader({ request, context }: Route.LoaderArgs) {
  return publicText(request, buildRobotsTxt(servicesOf(context).env.publicUrl), "text/plain; charset=utf-8", 86400);
}
