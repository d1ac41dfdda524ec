import type { Route } from "./+types/api.songs";
import { handleLibraryAction } from "#app/features/songs/library-actions.server.ts";
import { SONG_ERRORS } from "#app/features/songs/schema.ts";
import { servicesOf } from "#app/lib/app-context.ts";
import { requireAdminApi } from "#app/lib/require-admin.server.ts";

/** POST intent=create-song|mark-latest|delete-song. Admins only. Answers { success, id? } or { success: false, error }. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  await requireAdminApi(services, request);
  const result = await handleLibraryAction(services, await request.formData());
  const status = result.success ? 200 : result.error === SONG_ERRORS.notFound ? 404 : 400;
  return Response.json(result, { status });
}

export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405 });
}
