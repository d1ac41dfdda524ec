import type { Route } from "./+types/api.site";
import { handleSiteEdit } from "#app/features/site/site-editor.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { denyUnlessAdmin, privateJson } from "#app/lib/auth/require-admin.server.ts";
import { getProfile } from "#app/lib/auth/session.server.ts";

/**
 * POST /api/site: the Site area saves one part of the site (intent=save,
 * section, revision, the part's fields) or restores one of its versions
 * (intent=restore, section, revision, versionId). Admins only. Answers
 * { ok, section, revision } or { ok: false, error, fieldErrors?, conflict? }.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  if (request.method !== "POST") return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;
  const profile = await getProfile(services, request);
  const { status, answer } = await handleSiteEdit(services, request, profile?.displayName || profile?.email || "an admin");
  return privateJson(answer, status);
}

export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
}
