import type { Route } from "./+types/oembed";
import { OEMBED_CACHE_SECONDS, oembedAnswer, readOembedQuery, songAddressFromUrl } from "#app/features/syndication/oembed.server.ts";
import { OEMBED_TEXT } from "#app/features/syndication/ui-text.ts";
import { getRelease, getSongAt } from "#app/features/songs/songs.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";

/** Public, the same for everyone, and read by other sites' scripts too. */
const SHARED = { "Access-Control-Allow-Origin": "*" };

const refuse = (status: number, message: string) =>
  new Response(`${message}\n`, {
    status,
    headers: { ...SHARED, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * GET /oembed?url=…&format=json[&maxwidth=…&maxheight=…]: the embeddable
 * player for one of this site's song pages (oembed.com). A song that is not
 * there and one not out yet get the same 404 as an address that is not ours.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const read = readOembedQuery(new URL(request.url).searchParams);
  if (!read.ok) return refuse(read.refusal.status, read.refusal.message);
  const services = servicesOf(context);
  const address = songAddressFromUrl(read.query.url, services.env.publicUrl);
  const song = address === null ? null : await getSongAt(services, address);
  if (!song?.released) return refuse(404, OEMBED_TEXT.notOurs);
  // A release's page with more than one track out is answered with the release's player.
  const release = address && "releaseSlugOrId" in address ? await getRelease(services, address.releaseSlugOrId) : null;
  const whole = release && release.tracks.filter((track) => track.released).length > 1 ? release : null;
  const { artist } = await siteSettingsOf(context);
  const answer = oembedAnswer(song, { origin: services.env.publicUrl, artistName: artist.name }, read.query, whole);
  if (!answer) return refuse(404, OEMBED_TEXT.tooSmall);
  return Response.json(answer, {
    headers: { ...SHARED, "Cache-Control": `public, max-age=${OEMBED_CACHE_SECONDS}` },
  });
}
