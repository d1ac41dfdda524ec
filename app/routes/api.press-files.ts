import type { Route } from "./+types/api.press-files";
import { applyPressFileAction, listPressFiles } from "#app/features/press/press-files.server.ts";
import { pressFileActionSchema } from "#app/features/press/schema.ts";
import { PRESS_FILES_TEXT } from "#app/features/press/ui-text.ts";
import { adminAction } from "#app/lib/http/admin-action.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { denyUnlessAdmin, privateJson } from "#app/lib/auth/require-admin.server.ts";

/**
 * POST intent=remove (id): a PDF leaves the press kit, and its file goes.
 * Admins only. Answers { success } or { success: false, error }. Uploads go
 * to /api/uploads/press.
 */
export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    schema: pressFileActionSchema,
    words: { badRequest: PRESS_FILES_TEXT.badRequest, unexpected: PRESS_FILES_TEXT.unexpected },
    run: applyPressFileAction,
    subject: "Press file",
  });

/** GET: the press kit's files. Admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;
  return privateJson({ files: await listPressFiles(services.db) });
}
