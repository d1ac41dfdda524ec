import { z } from "zod";
import { isTimeZone, ZONED_TIME_TEXT, zonedTimeToInstant } from "#app/lib/time/zoned-time.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { SHOW_TEXT } from "./shows-area-text.ts";

export const SHOW_STATUSES = ["scheduled", "sold-out", "cancelled"] as const;
export type ShowStatus = (typeof SHOW_STATUSES)[number];

export const MAX_VENUE = 120;
export const MAX_PLACE = 80;
export const MAX_TICKET_URL = 500;

/** Line breaks, tabs and other control characters: none belongs in a venue's name, and a feed line must not carry them. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

const line = (field: string, required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, SHOW_TEXT.tooLong(field, max))
    .refine((value) => !CONTROL.test(value), SHOW_TEXT.oneLine(field));

const ticketUrl = z.preprocess(
  (value) => value ?? "",
  z
    .string({ error: SHOW_TEXT.ticketHttps })
    .trim()
    .max(MAX_TICKET_URL, SHOW_TEXT.ticketTooLong)
    .transform((value, ctx) => {
      if (value === "") return null;
      const refuse = (message: string) => {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      };
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return refuse(SHOW_TEXT.ticketHttps);
      }
      // A person's own words, not a password in the address or a link to nowhere.
      if (url.protocol !== "https:" || !z.regexes.domain.test(url.hostname) || url.username || url.password || /[\s\p{Cc}]/u.test(value))
        return refuse(SHOW_TEXT.ticketHttps);
      return url.href.length > MAX_TICKET_URL ? refuse(SHOW_TEXT.ticketTooLong) : url.href;
    }),
);

/** A show's fields as the dashboard's form sends them, all but its time (which parseShowInput adds). */
const showFieldsSchema = z.object({
  venue: line("venue", SHOW_TEXT.venueRequired, MAX_VENUE),
  city: line("city", SHOW_TEXT.cityRequired, MAX_PLACE),
  country: line("country", SHOW_TEXT.countryRequired, MAX_PLACE),
  ticketUrl,
  status: z.enum(SHOW_STATUSES, { error: SHOW_TEXT.statusInvalid }).default("scheduled"),
});

/** What is stored of a show the artist entered. */
export type ShowInput = z.infer<typeof showFieldsSchema> & {
  /** The venue's wall clock, YYYY-MM-DDTHH:MM. */
  startsLocal: string;
  timeZone: string;
  /** The instant that wall clock names in that zone. */
  startsAt: number;
};

export type ShowField = "startsLocal" | "timeZone" | "venue" | "city" | "country" | "ticketUrl" | "status";
export type ShowFieldErrors = Partial<Record<ShowField, string>>;

/** A show from the form, or a 400 naming each field's problem. */
export type ParsedShow = Result<{ show: ShowInput }, { status: 400; fieldErrors: ShowFieldErrors }>;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * A show from the form's fields, or what is wrong with each field, all at once
 * (a bad date does not hide a missing venue). The date, time and zone are
 * checked together: a date that does not exist, or a time the venue's clocks
 * skip, is refused with words that say so.
 */
export function parseShowInput(fields: Record<string, unknown>): ParsedShow {
  const fieldErrors: ShowFieldErrors = {};
  const parsed = showFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0]) as ShowField] ??= issue.message;
  }
  const startsLocal = text(fields.startsLocal);
  const timeZone = text(fields.timeZone);
  const zoneKnown = isTimeZone(timeZone);
  if (!zoneKnown) fieldErrors.timeZone = ZONED_TIME_TEXT.zone;
  // With no zone yet, the date is still checked on its own (UTC has no gaps).
  const when = zonedTimeToInstant(startsLocal, zoneKnown ? timeZone : "UTC");
  if (!when.ok) fieldErrors.startsLocal = when.message;
  if (!parsed.success || !when.ok || !zoneKnown) return refused(400, SHOW_TEXT.checkFields, { fieldErrors });
  return ok({ show: { ...parsed.data, startsLocal, timeZone, startsAt: when.instant } });
}

const id = z.string({ error: SHOW_TEXT.notFound }).trim().min(1, SHOW_TEXT.notFound).max(100, SHOW_TEXT.notFound);

/** What a Shows-area form posts besides the show's own fields. */
export const showRequestSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("add") }), z.object({ intent: z.literal("edit"), id }), z.object({ intent: z.literal("remove"), id })],
  { error: SHOW_TEXT.badRequest },
);
