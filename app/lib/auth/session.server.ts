import { parseRoles, type Profile } from "./profile.ts";
import type { Services } from "#app/lib/platform/services.server.ts";

/** The profile behind the request's session cookie; null when signed out or unreadable. */
export async function getProfile(services: Services, request: Request): Promise<Profile | null> {
  if (!request.headers.get("cookie")) return null;
  try {
    const session = await services.auth.api.getSession({ headers: request.headers });
    if (!session) return null;
    const { user } = session;
    return {
      id: user.id,
      email: user.email.toLowerCase(),
      displayName: user.name ?? "",
      createdAt: new Date(user.createdAt).toISOString(),
      roles: parseRoles((user as { role?: string | null }).role),
    };
  } catch (error) {
    console.error("Reading the session failed", error);
    return null;
  }
}
