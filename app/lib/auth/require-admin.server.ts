import { redirect } from "react-router";
import { isAdmin, type Profile } from "./profile.ts";
import { safeReturnPath } from "#app/lib/http/return-path.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { getProfile } from "./session.server.ts";
import { flashToast } from "#app/lib/http/toast.server.ts";
import { statusOf, toWire } from "#app/lib/http/wire.ts";
import { refused, type Refusal, type Result } from "#app/lib/result.ts";

export const NOT_SIGNED_IN = "Please sign in as an admin.";
const NOT_ADMIN = "Only admins can do this.";
/** Said on the home page to a signed-out visitor the dashboard sent there, beside a sign-in link. */
const SIGN_IN_TO_CONTINUE = "That page is for the site's admins. Please sign in to open it.";
/** Said to a signed-in visitor without the admin role. */
const ADMINS_ONLY = "Only the site's admins can open the dashboard.";

/** A JSON answer of the admin API: private data, never kept by a browser or a shared cache. */
export function privateJson(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** A Result as the admin API answers it: in SPEC's words (toWire), with its status (`okStatus` for a success). */
export const wireJson = (result: Result, okStatus = 200): Response => privateJson(toWire(result), statusOf(result, okStatus));

/**
 * For dashboard pages: anyone but an admin is sent home (SPEC), and told why
 * there: a signed-out visitor gets a notice with a link to sign in that comes
 * back to this page, a signed-in one without the role a toast.
 */
export async function requireAdminPage(services: Services, request: Request): Promise<Profile> {
  const profile = await getProfile(services, request);
  if (profile && isAdmin(profile)) return profile;
  const notice = profile
    ? { message: ADMINS_ONLY, type: "warning" as const }
    : { message: SIGN_IN_TO_CONTINUE, type: "info" as const, signInTo: pagePathOf(request) ?? undefined };
  throw redirect("/", { headers: { "Set-Cookie": await flashToast(services.env, notice) } });
}

/** The page a request is for, as a person would type it: no `.data` suffix, no router parameters. */
function pagePathOf(request: Request): string | null {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  return safeReturnPath(`${pathname}${url.search}`);
}

/** Why a request is not an admin's: 401 without a session, 403 for a signed-in non-admin; null for an admin. */
export async function adminRefusal(services: Services, request: Request): Promise<Refusal | null> {
  const profile = await getProfile(services, request);
  if (profile && isAdmin(profile)) return null;
  return profile ? refused(403, NOT_ADMIN) : refused(401, NOT_SIGNED_IN);
}

/**
 * For admin API endpoints: adminRefusal as JSON (`{ success: false, error }`),
 * or null for an admin. Returned rather than thrown, so a dashboard fetcher
 * receives it as data (and shows a toast) instead of the whole dashboard
 * turning into the error page.
 */
export async function denyUnlessAdmin(services: Services, request: Request): Promise<Response | null> {
  const refusal = await adminRefusal(services, request);
  return refusal && wireJson(refusal);
}
