import type { Route } from "./+types/api.site";
import { handleSiteEdit } from "#app/features/site/site-editor.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { denyUnlessAdmin, privateJson } from "#app/lib/auth/require-admin.server.ts";
import { getProfile } from "#app/lib/auth/session.server.ts";
import { statusOf, withoutStatus } from "#app/lib/http/wire.ts";

/**
 * POST /api/site: the Site area saves one part of the site (intent=save,
 * section, revision, the part's fields) or restores one of its versions
 * (intent=restore, section, revision, versionId). Admins only. Answers the
 * Site area's own form (so `ok`, not SPEC's `success`): { ok, section,
 * revision, restored } or { ok: false, section, error, fieldErrors?, conflict? },
 * the status on the response only.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  if (request.method !== "POST") return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;
  const profile = await getProfile(services, request);
  const result = await handleSiteEdit(services, request, profile?.displayName || profile?.email || "an admin");
  return privateJson(withoutStatus(result), statusOf(result));
}

export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
}
