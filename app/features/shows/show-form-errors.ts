import type { ShowField, ShowFieldErrors } from "./schema.ts";

/** Page order: the first of these with a problem gets the keyboard. */
export const SHOW_FIELD_ORDER: readonly ShowField[] = ["startsLocal", "timeZone", "venue", "city", "country", "ticketUrl", "status"];

export function firstBadField(errors: ShowFieldErrors): ShowField | undefined {
  return SHOW_FIELD_ORDER.find((name) => errors[name]);
}

/**
 * The problems left once the artist changes `changed`: its own goes (the
 * server judges it again on the next save), and a change of zone takes the
 * date's too, as a date refused for a skipped hour was refused for the zone's
 * sake. The same object when nothing goes, so nothing redraws.
 */
export function errorsAfterChange(errors: ShowFieldErrors, changed: ShowField): ShowFieldErrors {
  const gone: ShowField[] = changed === "timeZone" ? ["timeZone", "startsLocal"] : [changed];
  if (!gone.some((name) => errors[name])) return errors;
  const next = { ...errors };
  for (const name of gone) delete next[name];
  return next;
}
