import { createHash } from "node:crypto";
import type { Route } from "./+types/shows-ics";
import { showsCalendar } from "#app/features/shows/ics.ts";
import { showsForFeed } from "#app/features/shows/shows.server.ts";
import { SHOWS_PAGE_TEXT } from "#app/features/shows/ui-text.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";

/**
 * GET /shows.ics: the shows as an iCalendar feed that calendar apps subscribe
 * to (and look at again every few hours: an unchanged feed is a 304).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const [shows, settings] = await Promise.all([showsForFeed(services.db), siteSettingsOf(context)]);
  const artistName = settings.artist.name;
  const body = showsCalendar({
    artistName,
    calendarName: SHOWS_PAGE_TEXT.calendarTitle(artistName),
    origin: services.env.publicUrl,
    shows,
  });
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": 'inline; filename="shows.ics"',
    "Cache-Control": "public, max-age=900",
    ETag: etag,
  };
  if (
    request.headers
      .get("if-none-match")
      ?.split(",")
      .some((tag) => tag.trim() === etag)
  )
    return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
