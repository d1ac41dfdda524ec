// A batch's codes as a CSV file the artist downloads from the page that made
// them, without a request: the site keeps no copy to serve it from.
import { csvRow } from "#app/lib/text/csv.ts";
import { CODES_TEXT } from "./codes-ui-text.ts";

type CsvBatch = { releaseTitle: string; codes: string[]; usesPerCode: number; lastDay: string | null };

/** One line per code: the code as printed, the release, the uses each, the last day (YYYY-MM-DD; empty for none). */
export function codesCsv(batch: CsvBatch): string {
  const uses = String(batch.usesPerCode);
  const expiry = batch.lastDay ?? "";
  return csvRow(CODES_TEXT.csvHeader) + batch.codes.map((code) => csvRow([code, batch.releaseTitle, uses, expiry])).join("");
}

/**
 * The file as an address a link can carry, so it downloads with JavaScript
 * off. A byte-order mark first: without it, spreadsheet apps read UTF-8 as
 * their own code page and garble any accented title.
 */
export const csvDataUrl = (csv: string) => `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${csv}`)}`;

/** `download-codes-low-tide-2027-03-01.csv`: what it is, for which release, from which day. */
export function csvFileName(releaseTitle: string, madeAt: number): string {
  const slug =
    releaseTitle
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "release";
  return `download-codes-${slug}-${new Date(madeAt).toISOString().slice(0, 10)}.csv`;
}
