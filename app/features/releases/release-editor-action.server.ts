import { readForm, textFields } from "#app/lib/http/read-form.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { refused, type Result } from "#app/lib/result.ts";
import {
  createRelease,
  deleteEmptyRelease,
  moveTrack,
  moveTrackToRelease,
  reorderTracks,
  updateReleaseDetails,
  updateTrackDetails,
} from "./release-edit.server.ts";
import { RELEASE_EDIT_TEXT } from "./ui-text.ts";

const RELEASE_EDITOR_INTENTS = [
  "create",
  "details",
  "track",
  "move",
  "reorder",
  "move-to",
  "delete",
  "delete-track",
  "day",
  "release-now",
  "link-create",
  "link-revoke",
  "link-restore",
  "link-extend",
  "downloads",
  "downloads-retry",
] as const;
export type ReleaseEditorIntent = (typeof RELEASE_EDITOR_INTENTS)[number];

/** Which step of a link each link form asks for. */
const LINK_STEPS = { "link-create": "create", "link-revoke": "revoke", "link-restore": "restore", "link-extend": "extend" } as const;

/**
 * What a release-editor form asked and what came of it. A refusal carries what
 * was typed (`values`) and a message per field, so the form shows it again with
 * each message beside its field, with JavaScript or without.
 */
export type ReleaseEditorResult = Result<
  { intent: ReleaseEditorIntent | ""; target: string; message: string; id?: string },
  { intent: ReleaseEditorIntent | ""; target: string; fields: Record<string, string>; values: Record<string, string> }
>;

const isIntent = (value: string | undefined): value is ReleaseEditorIntent =>
  (RELEASE_EDITOR_INTENTS as readonly string[]).includes(value ?? "");

/** What the songs feature does for the editor, handed in by the route that composes the two. */
export type ReleaseEditorSteps = {
  /** Deletes a track: the songs' own deletion (its files go with it). */
  deleteTrack?: (songId: string) => Promise<Result>;
  /** Moves the day the release's coming tracks come out (the release-day form's fields). */
  moveDay?: (form: Record<string, string>) => Promise<Result<{ message: string }, { fields?: Record<string, string> }>>;
  /** Brings the release's coming tracks out now. */
  releaseNow?: (releaseId: string) => Promise<Result<{ message: string }>>;
  /** A private listening link's forms: make one, end it, restore it, give it a new end (the listening-links feature). */
  link?: (
    step: (typeof LINK_STEPS)[keyof typeof LINK_STEPS],
    form: Record<string, string>,
  ) => Promise<Result<{ message: string; id?: string }, { fields?: Record<string, string> }>>;
  /** The Downloads form: how fans take the release home (the downloads feature). */
  downloads?: (form: Record<string, string>) => Promise<Result<{ message: string }, { fields?: Record<string, string> }>>;
  /** Try again beside a download file that could not be made (the downloads feature). */
  retryDownload?: (form: Record<string, string>) => Promise<Result<{ message: string }>>;
};

/** The editor's forms. */
export async function handleReleaseEditorAction(
  services: Services,
  request: Request,
  steps: ReleaseEditorSteps = {},
): Promise<ReleaseEditorResult> {
  const { deleteTrack, moveDay, releaseNow, link, downloads, retryDownload } = steps;
  const read = await readForm(request);
  if (!read.ok) return { ...read, intent: "", target: "", fields: {}, values: {} };
  const form = textFields(read.form);
  const intent = isIntent(form.intent) ? form.intent : "";
  // Which form on the page this answers: the release's, or one track's.
  const target = form.songId ?? form.id ?? "";
  const values = { ...form };
  const answer = (result: Result<{ message: string; id?: string }, { fields?: Record<string, string> }>): ReleaseEditorResult =>
    result.ok
      ? { ok: true, intent, target, message: result.message, ...(result.id ? { id: result.id } : {}) }
      : { ok: false, status: result.status, error: result.error, intent, target, fields: result.fields ?? {}, values };
  try {
    switch (intent) {
      case "create":
        return answer(await createRelease(services, form));
      case "details":
        return answer(await updateReleaseDetails(services, form));
      case "track":
        return answer(await updateTrackDetails(services, form));
      case "move":
        return answer(await moveTrack(services, form));
      case "reorder":
        return answer(await reorderTracks(services, form));
      case "move-to":
        return answer(await moveTrackToRelease(services, form));
      case "delete":
        return answer(await deleteEmptyRelease(services, form));
      case "delete-track": {
        if (!deleteTrack || !form.songId) return answer(refused(400, RELEASE_EDIT_TEXT.badRequest));
        const done = await deleteTrack(form.songId);
        return answer(done.ok ? { ok: true, message: RELEASE_EDIT_TEXT.trackDeleted(form.title ?? "") } : done);
      }
      case "day":
        return answer(moveDay ? await moveDay(form) : refused(400, RELEASE_EDIT_TEXT.badRequest));
      case "release-now":
        return answer(releaseNow && form.id ? await releaseNow(form.id) : refused(400, RELEASE_EDIT_TEXT.badRequest));
      case "link-create":
      case "link-revoke":
      case "link-restore":
      case "link-extend":
        return answer(link ? await link(LINK_STEPS[intent], form) : refused(400, RELEASE_EDIT_TEXT.badRequest));
      case "downloads":
        return answer(downloads ? await downloads(form) : refused(400, RELEASE_EDIT_TEXT.badRequest));
      case "downloads-retry":
        return answer(retryDownload ? await retryDownload(form) : refused(400, RELEASE_EDIT_TEXT.badRequest));
      default:
        return answer(refused(400, RELEASE_EDIT_TEXT.badRequest));
    }
  } catch (error) {
    console.error(`Release editor: ${intent} failed`, error);
    return answer(refused(500, RELEASE_EDIT_TEXT.unexpected));
  }
}
