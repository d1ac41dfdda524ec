import { readForm, textFields } from "#app/lib/http/read-form.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { timeZoneNames } from "#app/lib/time/zoned-time.ts";
import { parseShowInput, type ShowFieldErrors, showRequestSchema } from "./schema.ts";
import { addShow, listShows, removeShow, toPublicShow, updateShow } from "./shows.server.ts";
import type { PublicShow } from "./show.ts";
import { SHOW_TEXT } from "./shows-area-text.ts";

export type ShowsAreaData = {
  /** Every show, soonest first. */
  shows: PublicShow[];
  /** The zones this server accepts, for the venue's time-zone list. */
  timeZones: string[];
  /** When the page was made: which shows are past is decided with it, the same on server and browser. */
  now: number;
};

export async function showsAreaPage(services: Services, now = Date.now()): Promise<ShowsAreaData> {
  const shows = await listShows(services.db);
  return { shows: shows.map(toPublicShow), timeZones: timeZoneNames(), now };
}

/** What a Shows-area form gets back. */
export type ShowsAreaAnswer =
  { ok: true; intent: string; id: string; message: string } | { ok: false; intent: string; error: string; fieldErrors?: ShowFieldErrors };

/**
 * The Shows area's forms: add a show, change one, remove one. Every field is
 * checked at once and each problem named beside its field; nothing is stored
 * unless all is well.
 */
export async function handleShowsAction(services: Services, request: Request): Promise<{ status: number; answer: ShowsAreaAnswer }> {
  const read = await readForm(request);
  if (!read.ok) return { status: read.status, answer: { ok: false, intent: "", error: read.error } };
  const fields = textFields(read.form);
  const intent = fields.intent ?? "";
  const asked = showRequestSchema.safeParse(fields);
  if (!asked.success) return { status: 400, answer: { ok: false, intent, error: asked.error.issues[0]?.message ?? SHOW_TEXT.badRequest } };
  const wanted = asked.data;
  try {
    if (wanted.intent === "remove") {
      return (await removeShow(services.db, wanted.id))
        ? { status: 200, answer: { ok: true, intent, id: wanted.id, message: SHOW_TEXT.removed } }
        : { status: 404, answer: { ok: false, intent, error: SHOW_TEXT.notFound } };
    }
    const parsed = parseShowInput(fields);
    if (!parsed.ok) return { status: 400, answer: { ok: false, intent, error: SHOW_TEXT.checkFields, fieldErrors: parsed.fieldErrors } };
    if (wanted.intent === "add") {
      const show = await addShow(services.db, parsed.show);
      return { status: 200, answer: { ok: true, intent, id: show.id, message: SHOW_TEXT.added } };
    }
    return (await updateShow(services.db, wanted.id, parsed.show))
      ? { status: 200, answer: { ok: true, intent, id: wanted.id, message: SHOW_TEXT.saved } }
      : { status: 404, answer: { ok: false, intent, error: SHOW_TEXT.notFound } };
  } catch (error) {
    console.error(`Show ${wanted.intent} failed`, error);
    return { status: 500, answer: { ok: false, intent, error: SHOW_TEXT.unexpected } };
  }
}
