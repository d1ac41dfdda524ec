import { DOWNLOAD_ACCESS, DOWNLOAD_FORMATS, CURRENCIES, minorUnits, type ReleaseOffer } from "./offer.ts";
import { OFFER_TEXT } from "./ui-text.ts";

/** The largest suggested amount, in whole units: a price, not a typo's ten million. */
const MAX_WHOLE_AMOUNT = 10_000;

const checked = (value: string | undefined) => value === "on" || value === "1" || value === "true";

/** "7", "7.5", "7,50", "€7": the amount in minor units; null for empty; a message for anything else. */
export function parseAmount(
  text: string | undefined,
  currency: string,
): { ok: true; amount: number | null } | { ok: false; message: string } {
  // A currency's sign or code before the number ("€7", "USD 7") is how people write prices: dropped.
  const trimmed = (text ?? "").trim().replace(/^(?:\p{Sc}|[A-Za-z]{3})\s?(?=\d)/u, "");
  if (trimmed === "") return { ok: true, amount: null };
  const digits = minorUnits(currency);
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!match || (digits === 0 && match[2] !== undefined && /[1-9]/.test(match[2]))) return { ok: false, message: OFFER_TEXT.amountInvalid };
  const whole = Number(match[1]);
  if (whole > MAX_WHOLE_AMOUNT) return { ok: false, message: OFFER_TEXT.amountTooLarge };
  const fraction = digits === 0 ? 0 : Number((match[2] ?? "").padEnd(2, "0"));
  return { ok: true, amount: whole * 10 ** digits + fraction };
}

/**
 * The release editor's Downloads form: the offer, or a message per field. The
 * formats are checkboxes named `format-{format}`; the formats chosen are kept
 * when the release goes back to streaming only, for the next time.
 */
export function parseOffer(
  form: Record<string, string | undefined>,
): { ok: true; offer: ReleaseOffer; priceChosen: boolean } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = Object.create(null);
  const access = DOWNLOAD_ACCESS.find((value) => value === form.access);
  const currency = CURRENCIES.find((value) => value === form.currency) ?? (form.currency === undefined ? "EUR" : undefined);
  const formats = DOWNLOAD_FORMATS.filter((format) => checked(form[`format-${format}`]));
  if (!access) fields.access = OFFER_TEXT.badRequest;
  if (!currency) fields.currency = OFFER_TEXT.badRequest;
  if (access && access !== "stream" && formats.length === 0) fields.formats = OFFER_TEXT.formatRequired;
  // The price is read only while it is asked for (its fields are hidden otherwise), and kept as it was.
  const priceChosen = access === "pay";
  const amount = priceChosen ? parseAmount(form.suggested, currency ?? "EUR") : ({ ok: true, amount: null } as const);
  if (!amount.ok) fields.suggested = amount.message;
  if (!access || !currency || !amount.ok || Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    offer: { access, formats: formats.length > 0 ? formats : ["mp3-320"], suggestedAmount: amount.amount, currency },
    priceChosen,
  };
}
