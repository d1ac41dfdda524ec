// What the artist asks of a new batch of codes, as the form sends it: read by
// the server and, as their oracle, by the bad-input tests.
import { isTimeZone, zonedTimeToInstant } from "#app/lib/time/zoned-time.ts";
import { CODE_LIMITS, CODES_TEXT } from "./codes-ui-text.ts";

export type BatchRequest = {
  /** Checked against the releases by the server. */
  releaseId: string;
  count: number;
  usesPerCode: number;
  /** The last instant the codes work (the end of `lastDay` in `zone`), or null for no end. */
  expiresAt: number | null;
  /** The day as the artist gave it (YYYY-MM-DD), for the CSV and the cards; null for none. */
  lastDay: string | null;
  /** The zone the day was meant in: the artist's browser's, UTC before it has said. */
  zone: string;
  note: string;
};

export type BatchField = "releaseId" | "count" | "uses" | "expires" | "note";

/** A whole number from `min` to `max`, written plainly (digits, maybe spaces around), or null. */
function wholeNumber(text: string | undefined, min: number, max: number): number | null {
  const trimmed = (text ?? "").trim();
  if (!/^\d{1,7}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

type ParsedDay = { ok: true; at: number | null } | { ok: false; message: string };

/** The end of `day` (YYYY-MM-DD) in `zone`: its last instant. Empty: no end. A day already over is refused. */
function parseLastDay(day: string, zone: string, now: number): ParsedDay {
  if (day === "") return { ok: true, at: null };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return { ok: false, message: CODES_TEXT.expiresInvalid };
  const end = zonedTimeToInstant(`${day}T23:59`, zone);
  if (!end.ok) return { ok: false, message: CODES_TEXT.expiresInvalid };
  const at = end.instant + 60_000 - 1;
  return at <= now ? { ok: false, message: CODES_TEXT.expiresPast } : { ok: true, at };
}

/** A new batch's form: the request, or a message for each field that is wrong. */
export function parseBatchRequest(
  form: Record<string, string | undefined>,
  now = Date.now(),
): { ok: true; request: BatchRequest } | { ok: false; fields: Partial<Record<BatchField, string>> } {
  const fields: Partial<Record<BatchField, string>> = {};
  const releaseId = (form.releaseId ?? "").trim();
  if (releaseId === "") fields.releaseId = CODES_TEXT.releaseRequired;
  const count = wholeNumber(form.count, 1, CODE_LIMITS.count);
  if (count === null) fields.count = CODES_TEXT.countInvalid;
  const usesPerCode = wholeNumber(form.uses, 1, CODE_LIMITS.uses);
  if (usesPerCode === null) fields.uses = CODES_TEXT.usesInvalid;
  const zone = form.zone && isTimeZone(form.zone) ? form.zone : "UTC";
  const lastDay = (form.expires ?? "").trim();
  const expiry = parseLastDay(lastDay, zone, now);
  if (!expiry.ok) fields.expires = expiry.message;
  const note = (form.note ?? "").trim();
  if ([...note].length > CODE_LIMITS.note) fields.note = CODES_TEXT.noteTooLong;
  if (count === null || usesPerCode === null || !expiry.ok || Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    request: { releaseId, count, usesPerCode, expiresAt: expiry.at, lastDay: expiry.at === null ? null : lastDay, zone, note },
  };
}
