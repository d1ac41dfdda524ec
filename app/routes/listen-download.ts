import { data } from "react-router";
import type { Route } from "./+types/listen-download";
import { openLink } from "#app/features/listening-links/listening-links.server.ts";
import { linkDownload, linkReleaseId } from "#app/features/listening-links/listen-page.server.ts";
import { getRelease } from "#app/features/songs/songs.server.ts";
import { isTokenShaped } from "#app/lib/auth/bearer-secrets.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";

const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

/**
 * GET /listen/{token}/download/{song id}: one of the link's tracks as an MP3
 * file, when the artist allowed downloads on the link. 404 for anything else
 * (no such track on the link, downloads not allowed), 410 once the link ended.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const opened = isTokenShaped(params.token) ? await openLink(services.db, params.token) : ({ state: "missing" } as const);
  if (opened.state !== "live") throw data(null, { status: opened.state === "gone" ? 410 : 404, headers: NO_STORE });
  const releaseId = await linkReleaseId(services, opened.link);
  const release = releaseId ? await getRelease(services, { id: releaseId }) : null;
  const file = await linkDownload(services, opened.link, release, params.songId);
  if (!file) throw data(null, { status: 404, headers: NO_STORE });
  return file;
}
