import { redirect } from "react-router";
import { isAdmin, type Profile } from "./profile.ts";
import type { Services } from "./services.server.ts";
import { getProfile } from "./session.server.ts";

export const NOT_SIGNED_IN = "Please sign in as an admin.";
export const NOT_ADMIN = "Only admins can do this.";

/** For dashboard pages: anyone but an admin is sent home. */
export async function requireAdminPage(services: Services, request: Request): Promise<Profile> {
  const profile = await getProfile(services, request);
  if (!profile || !isAdmin(profile)) throw redirect("/");
  return profile;
}

/**
 * For dashboard actions and admin API endpoints: 401 without a session, 403
 * for a signed-in non-admin, each with a JSON `{ error }`.
 */
export async function requireAdminApi(services: Services, request: Request): Promise<Profile> {
  const profile = await getProfile(services, request);
  if (!profile) throw Response.json({ error: NOT_SIGNED_IN }, { status: 401 });
  if (!isAdmin(profile)) throw Response.json({ error: NOT_ADMIN }, { status: 403 });
  return profile;
}
