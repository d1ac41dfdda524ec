import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/go";
import { METRIC } from "#app/domain/counted.ts";
import { mailingLinkTarget } from "#app/features/mailings/mailing-links.server.ts";
import { LINK_ID_PATTERN } from "#app/lib/mail/mail-links.ts";
import { mayCount } from "#app/lib/numbers/may-count.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { isAdmin } from "#app/lib/auth/profile.ts";
import { getProfile } from "#app/lib/auth/session.server.ts";

/** Never kept by a browser or a proxy: each click must reach us to be counted. */
const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const;

const linkId = z.string().regex(LINK_ID_PATTERN);

/**
 * GET /go/{id}: a link in a mailing (app/lib/mail/mail-links.ts). A click is
 * counted for the link, never for who clicked (no cookie, nothing about the
 * request kept), unless the browser asks not to be tracked or is a program
 * (mayCount); then a 302 to the address the mailing was sent with. Only a
 * stored address is ever redirected to, so this is no open redirect. HEAD is
 * what mail scanners send to look at a link: answered the same, not counted.
 * The page cache never handles /go/ (server/page-cache/page-cache.ts), so
 * every request arrives here with its own headers.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const id = linkId.safeParse(params.linkId);
  const url = id.success ? await mailingLinkTarget(services.db, id.data) : null;
  // Stored from http(s) addresses only; checked again so nothing else could ever be a Location.
  if (!id.success || !url || !/^https?:\/\//i.test(url)) throw data(null, { status: 404, headers: NO_STORE });
  if (request.method === "GET" && mayCount(request.headers) && !(await byTheArtist(services, request))) {
    services.numbers.count(METRIC.click, id.data);
  }
  return new Response(null, { status: 302, headers: { Location: url, ...NO_STORE } });
}

/** The artist following a link of their own mailing (its copy in the Mail area): not a fan's click. A request without cookies costs no look. */
async function byTheArtist(services: Services, request: Request): Promise<boolean> {
  return isAdmin(await getProfile(services, request));
}
