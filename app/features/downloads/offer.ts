// How fans get a release (decision 028): what the release page offers and the
// editor chooses. Shared by the browser and the server.
import type { DownloadAccess, DownloadFormat } from "#app/lib/db/db-schema.ts";

export const DOWNLOAD_ACCESS = ["stream", "free", "email", "pay"] as const satisfies readonly DownloadAccess[];
export const DOWNLOAD_FORMATS = ["mp3-320", "flac", "opus"] as const satisfies readonly DownloadFormat[];

/** What a person reads for each format, and the file's ending inside the zip. */
export const FORMAT_NAMES: Record<DownloadFormat, { label: string; detail: string }> = {
  "mp3-320": { label: "MP3", detail: "320 kbit/s, plays everywhere" },
  flac: { label: "FLAC", detail: "lossless, as mastered" },
  opus: { label: "Opus", detail: "small files, high quality" },
};

/** Currencies a suggested price may be in: the common ones; the amount is the artist's word, nothing is charged here. */
export const CURRENCIES = [
  "EUR",
  "USD",
  "GBP",
  "CAD",
  "AUD",
  "NZD",
  "CHF",
  "SEK",
  "NOK",
  "DKK",
  "JPY",
  "PLN",
  "CZK",
  "BRL",
  "MXN",
] as const;

/** Currencies written without minor units. */
const WHOLE_UNITS = new Set(["JPY"]);
export const minorUnits = (currency: string) => (WHOLE_UNITS.has(currency) ? 0 : 2);

/** "€7.00", "¥800": the amount as the fan's browser (or the server, in English) writes money. */
export function formatAmount(amount: number, currency: string, locale = "en"): string {
  const digits = minorUnits(currency);
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}

export type ReleaseOffer = {
  access: DownloadAccess;
  formats: DownloadFormat[];
  /** In minor units; null for none (pay what you want from nothing). */
  suggestedAmount: number | null;
  currency: string;
};

/** The formats column as stored (JSON), read forgivingly: only known formats, in the site's order. */
export function storedFormats(json: string): DownloadFormat[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return ["mp3-320"];
  }
  const listed = Array.isArray(parsed) ? parsed : [];
  return DOWNLOAD_FORMATS.filter((format) => listed.includes(format));
}
