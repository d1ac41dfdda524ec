import { data } from "react-router";
import type { Route } from "./+types/download-file";
import { fileAddressHolds, openGrant, recordDownload } from "#app/features/downloads/grants.server.ts";
import { releaseZipToServe } from "#app/features/downloads/grant-page.server.ts";
import { DOWNLOAD_FORMATS } from "#app/features/downloads/offer.ts";
import { isTokenShaped } from "#app/lib/auth/bearer-secrets.server.ts";
import { rangedDownload } from "#app/lib/http/ranged-download.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" } as const;

/**
 * GET /download/{token}/{format}.zip?until&sig: a grant's zip, streamed by the
 * site with ranges (a broken download resumes), never sent to a bucket's
 * address. The address must be signed for this grant and format and not
 * lapsed (403), and the grant must still work (410) for a release that offers
 * the format (404). Each download begun from the first byte is counted.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const format = DOWNLOAD_FORMATS.find((known) => `${known}.zip` === params.file);
  if (!format || !isTokenShaped(params.token)) throw data(null, { status: 404, headers: PRIVATE });
  const opened = await openGrant(services.db, params.token);
  if (opened.state === "missing") throw data(null, { status: 404, headers: PRIVATE });
  if (!fileAddressHolds(services.env.authSecret, opened.grant.id, format, new URL(request.url).searchParams))
    throw data("This download address has lapsed. Open your download page again for a fresh one.", { status: 403, headers: PRIVATE });
  if (opened.state !== "live") throw data("This download has ended.", { status: 410, headers: PRIVATE });
  const zip = await releaseZipToServe(services.db, services.storage, opened.grant, format);
  if (!zip) throw data(null, { status: 404, headers: PRIVATE });
  const response = await rangedDownload(
    services.storage,
    zip.key,
    request,
    { fileName: zip.fileName, type: "application/zip", cacheControl: PRIVATE["Cache-Control"] },
    () => recordDownload(services.db, opened.grant, format),
  );
  if (!response) throw data(null, { status: 404, headers: PRIVATE });
  return response;
}
