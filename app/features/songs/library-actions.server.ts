import { z } from "zod";
import { textFields } from "#app/lib/read-form.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { SONG_TEXT } from "./ui-text.ts";
import { createSong, deleteSong, setLatestSong, type Outcome } from "./songs.server.ts";

const optionalLink = z.string().optional().default("");
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
});

/** The Music Library's mutations, from a form: create, mark latest, delete. */
export async function handleLibraryAction(services: Services, form: FormData): Promise<Outcome<{ id?: string }>> {
  const fields = textFields(form);
  switch (fields.intent) {
    case "create-song": {
      const input = createForm.parse(fields);
      return createSong(services, {
        title: input.title,
        audioKey: input.audioKey,
        coverKey: input.coverKey,
        durationMs: input.durationMs ?? null,
        streamingLinks: { spotify: input.spotify, apple: input.apple, amazon: input.amazon, youtube: input.youtube },
      });
    }
    case "mark-latest":
      return setLatestSong(services, fields.id);
    case "delete-song":
      return deleteSong(services, fields.id);
    default:
      return { success: false, error: fields.intent ? "Unknown action" : SONG_TEXT.idRequired };
  }
}
