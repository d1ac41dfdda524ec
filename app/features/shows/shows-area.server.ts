import { readForm, textFields } from "#app/lib/http/read-form.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
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

/** What a Shows-area form asked (`intent`) and what came of it: the show's id and the words to show, or why not. */
export type ShowsAreaResult = Result<{ intent: string; id: string; message: string }, { intent: string; fieldErrors?: ShowFieldErrors }>;

/**
 * The Shows area's forms: add a show, change one, remove one. Every field is
 * checked at once and each problem named beside its field; nothing is stored
 * unless all is well.
 */
export async function handleShowsAction(services: Services, request: Request): Promise<ShowsAreaResult> {
  const read = await readForm(request);
  if (!read.ok) return { ...read, intent: "" };
  const fields = textFields(read.form);
  const intent = fields.intent ?? "";
  const asked = showRequestSchema.safeParse(fields);
  if (!asked.success) return refused(400, asked.error.issues[0]?.message ?? SHOW_TEXT.badRequest, { intent });
  const wanted = asked.data;
  const done = (id: string, message: string) => ok({ intent, id, message });
  const gone = () => refused(404, SHOW_TEXT.notFound, { intent });
  try {
    if (wanted.intent === "remove") return (await removeShow(services.db, wanted.id)) ? done(wanted.id, SHOW_TEXT.removed) : gone();
    const parsed = parseShowInput(fields);
    if (!parsed.ok) return { ...parsed, intent };
    if (wanted.intent === "add") return done((await addShow(services.db, parsed.show)).id, SHOW_TEXT.added);
    return (await updateShow(services.db, wanted.id, parsed.show)) ? done(wanted.id, SHOW_TEXT.saved) : gone();
  } catch (error) {
    console.error(`Show ${wanted.intent} failed`, error);
    return refused(500, SHOW_TEXT.unexpected, { intent });
  }
}
