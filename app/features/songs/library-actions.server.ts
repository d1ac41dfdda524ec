import { z } from "zod";
import { textFields } from "#app/lib/http/read-form.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { RELEASE_TEXT, SONG_TEXT } from "./ui-text.ts";
import { releaseNow, type ReleaseStep } from "./release-schedule.server.ts";
import { songIdSchema } from "./schema.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { createSong, deleteSong, setLatestSong } from "./songs.server.ts";
import { updateSong } from "./song-edit.server.ts";
import { copyCover, releaseCoverKey } from "./cover-copy.server.ts";
import { replaceReleaseCover } from "./release-cover.server.ts";
import { discardIfPending } from "#app/domain/stored-files.server.ts";

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
  releaseId: z.string().optional(),
  /** A new track of a release with no cover of its own chosen: it wears the release's (a copy of its first track's). */
  releaseCover: checkbox,
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

/**
 * The Music Library's mutations, from a form: create, edit, mark latest,
 * release now, delete. Each answers its service's Result (an id, the edited
 * song, the new version, the words to show), its status included.
 */
export async function handleLibraryAction(services: Services, form: FormData, releaseStep?: ReleaseStep): Promise<Result> {
  const fields = textFields(form);
  switch (fields.intent) {
    case "create-song": {
      const input = createForm.parse(fields);
      let coverKey = input.coverKey;
      if (!coverKey && input.releaseCover && input.releaseId?.trim()) {
        const releaseCover = await releaseCoverKey(services, input.releaseId.trim());
        if (releaseCover) coverKey = (await copyCover(services, releaseCover)) ?? "";
      }
      const created = await createSong(services, {
        title: input.title,
        audioKey: input.audioKey,
        coverKey,
        durationMs: input.durationMs ?? null,
        streamingLinks: { spotify: input.spotify, apple: input.apple, amazon: input.amazon, youtube: input.youtube },
        isLatest: input.isLatest,
        release: input.releaseAt?.trim() ? { at: input.releaseAt, timeZone: input.releaseTimeZone ?? "", announce: input.announce } : null,
        ...(input.releaseId?.trim() ? { releaseId: input.releaseId } : {}),
      });
      // A copy no song took (the song was refused) goes at once rather than at the sweep.
      if (!created.ok && coverKey && coverKey !== input.coverKey) await discardIfPending(services, "covers", coverKey);
      return created;
    }
    case "update-song": {
      const input = updateForm.parse(fields);
      return updateSong(services, {
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
    }
    case "mark-latest":
      return setLatestSong(services, fields.id);
    case "release-now": {
      const id = songIdSchema.safeParse(fields.id);
      if (!id.success) return refused(400, SONG_TEXT.idRequired);
      const released = await releaseNow(services.db, { songId: id.data }, releaseStep, Date.now(), services.media !== undefined);
      if (!released.ok) return released;
      if (released.queuedMail) services.mail?.wake();
      return ok({ message: (released.preparing ? RELEASE_TEXT.releasedWhenPrepared : RELEASE_TEXT.releasedNow)(released.title) });
    }
    case "release-cover":
      return replaceReleaseCover(services, { releaseId: fields.releaseId, coverKey: fields.coverKey });
    case "delete-song":
      return deleteSong(services, fields.id);
    default:
      return refused(400, fields.intent ? "Unknown action" : SONG_TEXT.idRequired);
  }
}
