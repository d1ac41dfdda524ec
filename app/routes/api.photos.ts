import type { Route } from "./+types/api.photos";
import { applyPhotoAction, listPhotos } from "#app/features/photos/photos.server.ts";
import { photoActionSchema } from "#app/features/photos/schema.ts";
import { PHOTO_TEXT } from "#app/features/photos/ui-text.ts";
import { adminAction } from "#app/lib/http/admin-action.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { denyUnlessAdmin, privateJson } from "#app/lib/auth/require-admin.server.ts";

/**
 * POST intent=update (id, alt, focalX, focalY) | remove (id) | move (id,
 * direction=up|down). Admins only. Answers { success } or { success: false, error }.
 * Uploads go to /api/uploads/photo.
 */
export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    schema: photoActionSchema,
    words: { badRequest: PHOTO_TEXT.badRequest, unexpected: PHOTO_TEXT.unexpected },
    acceptJson: true,
    run: applyPhotoAction,
    subject: "Photo",
  });

/** GET: every photo, by slot. Admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;
  return privateJson({ photos: await listPhotos(services) });
}
