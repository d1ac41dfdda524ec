import type { Db } from "#app/lib/db/db.server.ts";
import { OTHER_SUBJECT, VISITOR_METRIC, VISITORS_METRIC } from "#app/lib/numbers/daily-counter.server.ts";
import { METRIC } from "#app/domain/counted.ts";
import { csvHead, csvLabel, csvLine, EXPORTED, numbersCsvFileName, type CsvLabels } from "./numbers-csv.ts";
import { dayNumber } from "./numbers-report.server.ts";
import { addDays, dayRange, dayStart } from "./numbers-series.ts";
import type { RangeDays } from "./schema.ts";

/** Rows read at a time: a year of a busy site's pages is hundreds of thousands of them, never all in memory. */
const PAGE_SIZE = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The span's counts as a CSV file, streamed: the day's visitors, then each
 * metric's rows day by day (read in pages along `dailyCounts`' key, so the
 * database never sorts), then downloads and redemptions per release. The
 * visitor hashes themselves are never exported, only each day's sum.
 */
export function numbersCsv(db: Db, days: RangeDays, now = Date.now()): { fileName: string; body: ReadableStream<Uint8Array> } {
  const { from, to } = dayRange(days, now);
  const chunks = csvChunks(db, from, to);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          // The headers are gone already: the download is cut short, which the browser reports as failed rather than keeping half a file as whole.
          console.error("Exporting the numbers failed", error);
          controller.error(error);
        }
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
  return { fileName: numbersCsvFileName(from, to), body };
}

async function* csvChunks(db: Db, from: string, to: string): AsyncGenerator<string, void> {
  const labels = await csvLabels(db);
  yield csvHead();

  const visitors = await db
    .selectFrom("dailyCounts")
    .select((eb) => ["day", eb.cast<number>(eb.fn.sum("count"), "bigint").as("total")])
    .where("metric", "in", [VISITOR_METRIC, VISITORS_METRIC])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy("day")
    .orderBy("day")
    .execute();
  if (visitors.length > 0) yield visitors.map((row) => csvLine(row.day, EXPORTED.visitors, "", Number(row.total), "")).join("");

  for (const metric of Object.values(METRIC)) {
    let after: Keyset | null = null;
    for (;;) {
      const rows = await metricPage(db, metric, from, to, after);
      if (rows.length > 0) {
        yield rows
          .map((row) => csvLine(row.day, metric, row.subject, Number(row.count), csvLabel(metric, row.subject, labels, OTHER_SUBJECT)))
          .join("");
      }
      const end = rows.at(-1);
      if (!end || rows.length < PAGE_SIZE) break;
      after = { day: end.day, subject: end.subject };
    }
  }

  for (const [table, metric] of [
    ["downloadEvents", EXPORTED.download],
    ["codeRedemptions", EXPORTED.redemption],
  ] as const) {
    const rows = await db
      .selectFrom(table)
      .select((eb) => [dayNumber.as("dayNumber"), "releaseId", eb.fn.countAll<number>().as("n")])
      .where("at", ">=", dayStart(from))
      .where("at", "<", dayStart(addDays(to, 1)))
      .groupBy([dayNumber, "releaseId"])
      .orderBy(dayNumber)
      .orderBy("releaseId")
      .execute();
    if (rows.length === 0) continue;
    yield rows
      .map((row) => {
        const day = new Date(Number(row.dayNumber) * DAY_MS).toISOString().slice(0, 10);
        return csvLine(day, metric, row.releaseId, Number(row.n), csvLabel(metric, row.releaseId, labels, OTHER_SUBJECT));
      })
      .join("");
  }
}

type Keyset = { day: string; subject: string };

/** A page of one metric's rows in the span, after `after`, in the order of the table's key (metric, day, subject). */
function metricPage(db: Db, metric: string, from: string, to: string, after: Keyset | null) {
  return db
    .selectFrom("dailyCounts")
    .select(["day", "subject", "count"])
    .where("metric", "=", metric)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .$if(after !== null, (query) =>
      query.where((eb) =>
        eb.or([eb("day", ">", after?.day ?? ""), eb.and([eb("day", "=", after?.day ?? ""), eb("subject", ">", after?.subject ?? "")])]),
      ),
    )
    .orderBy("day")
    .orderBy("subject")
    .limit(PAGE_SIZE)
    .execute();
}

/** Every song, mailing link and release by id: a site has hundreds, not millions. */
async function csvLabels(db: Db): Promise<CsvLabels> {
  const [songs, links, releases] = await Promise.all([
    db
      .selectFrom("songs")
      .innerJoin("releases", "releases.id", "songs.releaseId")
      .select(["songs.id", "songs.title", "releases.title as releaseTitle"])
      .execute(),
    db
      .selectFrom("mailingLinks")
      .innerJoin("mailings", "mailings.id", "mailingLinks.mailingId")
      .select(["mailingLinks.id", "mailingLinks.url", "mailings.subject as mailingSubject"])
      .execute(),
    db.selectFrom("releases").select(["id", "title"]).execute(),
  ]);
  return {
    songs: new Map(songs.map((song) => [song.id, { title: song.title, releaseTitle: song.releaseTitle }])),
    mailLinks: new Map(links.map((link) => [link.id, { mailingSubject: link.mailingSubject, url: link.url }])),
    releases: new Map(releases.map((release) => [release.id, release.title])),
  };
}
