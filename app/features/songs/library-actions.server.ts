import { z } from "zod";
import { textFields } from "#app/lib/http/read-form.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { RELEASE_TEXT, SONG_TEXT } from "./ui-text.ts";
import { releaseNow, type ReleaseStep } from "./release-schedule.server.ts";
import { songIdSchema } from "./schema.ts";
import type { Outcome } from "#app/lib/http/outcome.ts";
import { createSong, deleteSong, setLatestSong } from "./songs.server.ts";
import { updateSong } from "./song-edit.server.ts";

const optionalLink = z.string().optional().default("");
/** A checkbox: present (any of the values a browser or script sends for "on") or absent. */
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true" || value === "1");
const createForm = z.object({
  title: z.string().default(""),
  audioKey: z.string().default(""),
  coverKey: z.string().default(""),
  durationMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60 * 60 * 1000)
    .optional()
    .catch(undefined),
  spotify: optionalLink,
  apple: optionalLink,
  amazon: optionalLink,
  youtube: optionalLink,
  isLatest: checkbox,
  releaseAt: z.string().optional(),
  releaseTimeZone: z.string().optional(),
  announce: checkbox,
});
const updateForm = z.object({
  id: z.string().optional(),
  title: z.string().default(""),
  // Parsed by songEditSchema: a missing or garbled version is refused there with its message.
  expectedUpdatedAt: z.string().optional(),
  coverKey: z.string().optional(),
  audioKey: z.string().optional(),
  durationMs: createForm.shape.durationMs,
  spotify: optionalLink,
  apple: optionalLink,
  amazon: optionalLink,
  youtube: optionalLink,
  releaseAt: z.string().optional(),
  releaseTimeZone: z.string().optional(),
  announce: checkbox,
});

const versionOf = (value: string | undefined): number | undefined =>
  value !== undefined && /^\d{1,16}$/.test(value.trim()) ? Number(value.trim()) : undefined;

/** What an action answers: an outcome, and the HTTP status that goes with it. */
export type LibraryActionResult = { status: number; body: unknown };

/** The Music Library's mutations, from a form: create, edit, mark latest, release now, delete. */
export async function handleLibraryAction(services: Services, form: FormData, releaseStep?: ReleaseStep): Promise<LibraryActionResult> {
  const fields = textFields(form);
  const answer = (outcome: Outcome<object>): LibraryActionResult => ({
    status: outcome.success ? 200 : outcome.error === SONG_TEXT.notFound ? 404 : 400,
    body: outcome,
  });
  switch (fields.intent) {
    case "create-song": {
      const input = createForm.parse(fields);
      return answer(
        await createSong(services, {
          title: input.title,
          audioKey: input.audioKey,
          coverKey: input.coverKey,
          durationMs: input.durationMs ?? null,
          streamingLinks: { spotify: input.spotify, apple: input.apple, amazon: input.amazon, youtube: input.youtube },
          isLatest: input.isLatest,
          release: input.releaseAt?.trim()
            ? { at: input.releaseAt, timeZone: input.releaseTimeZone ?? "", announce: input.announce }
            : null,
        }),
      );
    }
    case "update-song": {
      const input = updateForm.parse(fields);
      const outcome = await updateSong(services, {
        id: input.id,
        expectedUpdatedAt: versionOf(input.expectedUpdatedAt),
        title: input.title,
        coverKey: input.coverKey,
        audioKey: input.audioKey,
        durationMs: input.durationMs ?? null,
        streamingLinks: { spotify: input.spotify, apple: input.apple, amazon: input.amazon, youtube: input.youtube },
        release: input.releaseAt?.trim()
          ? { at: input.releaseAt, timeZone: input.releaseTimeZone ?? "", announce: input.announce }
          : undefined,
      });
      if (outcome.success) return { status: 200, body: outcome };
      const { status, ...body } = outcome;
      return { status, body };
    }
    case "mark-latest":
      return answer(await setLatestSong(services, fields.id));
    case "release-now": {
      const id = songIdSchema.safeParse(fields.id);
      if (!id.success) return answer({ success: false, error: SONG_TEXT.idRequired });
      const released = await releaseNow(services.db, id.data, releaseStep);
      if (!released.ok)
        return answer({ success: false, error: released.reason === "not-found" ? SONG_TEXT.notFound : RELEASE_TEXT.alreadyOut });
      if (released.queuedMail) services.mail?.wake();
      const outcome: Outcome<{ message: string }> = { success: true, message: RELEASE_TEXT.releasedNow(released.title) };
      return answer(outcome);
    }
    case "delete-song":
      return answer(await deleteSong(services, fields.id));
    default:
      return answer({ success: false, error: fields.intent ? "Unknown action" : SONG_TEXT.idRequired });
  }
}
