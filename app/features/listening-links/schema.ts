import { z } from "zod";
import { isTimeZone, zonedTimeToInstant } from "#app/lib/time/zoned-time.ts";
import { LINK_TEXT } from "./ui-text.ts";

/**
 * What the artist asks of a new link, or of a link's new end day, as the forms
 * send it; read by the server and, as their oracle, by the bad-input tests.
 */
export type LinkRequest = {
  recipient: string;
  /** "release", or the id of one of its tracks (checked against the release by the server). */
  target: string;
  /** The last instant it works, or null for no end. */
  expiresAt: number | null;
  allowDownload: boolean;
  notify: boolean;
};

const recipientSchema = z.string().trim().min(1, LINK_TEXT.recipientRequired).max(120, LINK_TEXT.recipientTooLong);
const checked = (value: string | undefined) => value === "on" || value === "1" || value === "true";

export type ParsedExpiry = { ok: true; at: number | null } | { ok: false; message: string };

/** The end of `day` (YYYY-MM-DD) in `zone` (UTC when it is not a zone): its last instant. Empty: no end. A day already over is refused. */
export function parseExpiry(day: string | undefined, zone: string | undefined, now = Date.now()): ParsedExpiry {
  const trimmed = (day ?? "").trim();
  if (trimmed === "") return { ok: true, at: null };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return { ok: false, message: LINK_TEXT.expiresInvalid };
  const end = zonedTimeToInstant(`${trimmed}T23:59`, zone && isTimeZone(zone) ? zone : "UTC");
  if (!end.ok) return { ok: false, message: LINK_TEXT.expiresInvalid };
  const at = end.instant + 60_000 - 1;
  return at <= now ? { ok: false, message: LINK_TEXT.expiresPast } : { ok: true, at };
}

/** A new link's form: the request, or a message for each field that is wrong. */
export function parseLinkRequest(
  form: Record<string, string | undefined>,
  now = Date.now(),
): { ok: true; request: LinkRequest } | { ok: false; fields: Record<string, string> } {
  const recipient = recipientSchema.safeParse(form.recipient ?? "");
  const expiry = parseExpiry(form.expires, form.zone, now);
  const fields: Record<string, string> = Object.create(null);
  if (!recipient.success) fields.recipient = recipient.error.issues[0]?.message ?? LINK_TEXT.recipientRequired;
  if (!expiry.ok) fields.expires = expiry.message;
  if (!recipient.success || !expiry.ok) return { ok: false, fields };
  return {
    ok: true,
    request: {
      recipient: recipient.data,
      target: form.target ?? "release",
      expiresAt: expiry.at,
      allowDownload: checked(form.allowDownload),
      notify: checked(form.notify),
    },
  };
}
