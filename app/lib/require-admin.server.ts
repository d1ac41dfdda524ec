import { redirect } from "react-router";
import { isAdmin, type Profile } from "./profile.ts";
import type { Services } from "./services.server.ts";
import { getProfile } from "./session.server.ts";

export const NOT_SIGNED_IN = "Please sign in as an admin.";
const NOT_ADMIN = "Only admins can do this.";

/** A JSON answer of the admin API: private data, never kept by a browser or a shared cache. */
export function privateJson(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** For dashboard pages: anyone but an admin is sent home. */
export async function requireAdminPage(services: Services, request: Request): Promise<Profile> {
  const profile = await getProfile(services, request);
  if (!profile || !isAdmin(profile)) throw redirect("/");
  return profile;
}

/**
 * For admin API endpoints: a 401 JSON `{ error }` without a session, 403 for a
 * signed-in non-admin, null for an admin. Returned rather than thrown, so a
 * dashboard fetcher receives it as data (and shows a toast) instead of the
 * whole dashboard turning into the error page.
 */
export async function denyUnlessAdmin(services: Services, request: Request): Promise<Response | null> {
  const profile = await getProfile(services, request);
  if (profile && isAdmin(profile)) return null;
  const [error, status] = profile ? [NOT_ADMIN, 403] : [NOT_SIGNED_IN, 401];
  return privateJson({ error, success: false }, status);
}
