// The Numbers export as spreadsheets open it: one line per day, metric and
// subject, with a label a person reads where the subject is an id.
import { csvRow } from "#app/lib/text/csv.ts";
import { METRIC } from "#app/domain/counted.ts";
import { campaignLabel, signupLabel } from "./subject-labels.ts";
import { NUMBERS_TEXT } from "./ui-text.ts";

/** What the CSV's labels are looked up in: songs, mailing links and releases by id. */
export type CsvLabels = {
  songs: ReadonlyMap<string, { title: string; releaseTitle: string }>;
  mailLinks: ReadonlyMap<string, { mailingSubject: string; url: string }>;
  releases: ReadonlyMap<string, string>;
};

/** The export's own metric names for what is not in `dailyCounts` as such: a day's visitors, downloads and redemptions (subject: the release's id). */
export const EXPORTED = { visitors: "visitors", download: "download", redemption: "redemption" } as const;

/** The header line. A byte-order mark first: without it spreadsheet apps read UTF-8 as their own code page and garble accented titles. */
export const csvHead = (): string => `\uFEFF${csvRow(NUMBERS_TEXT.csvHeader)}`;

/** `numbers-2026-11-01-2026-11-30.csv`. */
export const numbersCsvFileName = (from: string, to: string): string => `numbers-${from}-${to}.csv`;

/** How a subject of `metric` reads, for the label column: "" where the subject says it already (a path, a domain). */
export function csvLabel(metric: string, subject: string, labels: CsvLabels, other: string): string {
  if (subject === other) return NUMBERS_TEXT.other;
  switch (metric) {
    case METRIC.playStart:
    case METRIC.play30s:
    case METRIC.playEnd: {
      const song = labels.songs.get(subject);
      return song ? `${song.title} (${song.releaseTitle})` : NUMBERS_TEXT.gone;
    }
    case METRIC.click: {
      const link = labels.mailLinks.get(subject);
      return link ? `${link.mailingSubject}: ${link.url}` : NUMBERS_TEXT.gone;
    }
    case EXPORTED.download:
    case EXPORTED.redemption:
      return labels.releases.get(subject) ?? NUMBERS_TEXT.gone;
    case METRIC.signup: {
      const { form, path } = signupLabel(subject);
      return path ? `${form} on ${path}` : form;
    }
    case METRIC.campaign:
      return campaignLabel(subject);
    default:
      return "";
  }
}

export const csvLine = (day: string, metric: string, subject: string, count: number, label: string): string =>
  csvRow([day, metric, subject, String(count), label]);
