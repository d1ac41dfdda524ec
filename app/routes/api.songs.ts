import type { Route } from "./+types/api.songs";
import { handleLibraryAction } from "#app/features/songs/library-actions.server.ts";
import { releaseAnnouncement } from "#app/features/mailings/release-announcement.server.ts";
import { SONG_TEXT } from "#app/features/songs/ui-text.ts";
import { listSongsPage } from "#app/features/songs/songs.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { adminListLoader } from "#app/lib/db/paged-list.server.ts";
import { readForm } from "#app/lib/http/read-form.server.ts";
import { denyUnlessAdmin, wireJson } from "#app/lib/auth/require-admin.server.ts";

/**
 * POST intent=create-song|update-song|mark-latest|release-now|delete-song. Admins only.
 * Answers { success, id? | song? | updatedAt? | message? } or { success: false, error }; a
 * refused edit adds `fields` (a message per field, 400) or `current` (the song
 * as changed elsewhere meanwhile, 409); a song that is gone is a 404.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;
  const read = await readForm(request);
  if (!read.ok) return wireJson(read);
  // "Release now" sends the announcement a scheduled release would (the Mail area's feature).
  return wireJson(await handleLibraryAction(services, read.form, releaseAnnouncement(services)));
}

/** GET ?before=<cursor>: the next page of the Music Library (a fixed size: only the cursor is read). Admins only. */
export const loader = (args: Route.LoaderArgs) =>
  adminListLoader(args, (services, { before }) => listSongsPage(services, { before }), SONG_TEXT.loadFailed);
