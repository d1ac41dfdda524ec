import { sql, type ExpressionBuilder } from "kysely";
import type { Db } from "#app/lib/db/db.server.ts";
import type { Database } from "#app/lib/db/db-schema.ts";
import { OTHER_SUBJECT, VISITOR_METRIC, VISITORS_METRIC } from "#app/lib/numbers/daily-counter.server.ts";
import { METRIC } from "#app/domain/counted.ts";
import { addDays, dayRange, dayStart } from "./numbers-series.ts";
import type { RangeDays } from "./schema.ts";
import { campaignLabel, signupLabel } from "./subject-labels.ts";
import { FIGURES, NUMBERS_TEXT, type FigureKey } from "./ui-text.ts";

/** Rows in each of the area's lists. */
const TOP = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Which stored metrics add up to each figure counted in `dailyCounts` (downloads and redemptions are read from their own rows). */
const FIGURE_METRICS: Partial<Record<FigureKey, readonly string[]>> = {
  visitors: [VISITOR_METRIC, VISITORS_METRIC],
  views: [METRIC.view],
  playStarts: [METRIC.playStart],
  plays30s: [METRIC.play30s],
  playEnds: [METRIC.playEnd],
  signups: [METRIC.signup],
  messages: [METRIC.message],
  clicks: [METRIC.click],
};
const FIGURE_OF = new Map(
  Object.entries(FIGURE_METRICS).flatMap(([figure, metrics]) => metrics.map((metric) => [metric, figure as FigureKey])),
);
/** The metrics whose subjects the lists rank (tracks and mail links are ranked by joins of their own). */
const RANKED = [METRIC.view, METRIC.referrer, METRIC.campaign, METRIC.signup] as const;
const PLAYS = [METRIC.playStart, METRIC.play30s, METRIC.playEnd] as const;

/** A figure: its total over the span, and its count each day (`series[i]` is day `from` + i). */
export type Figure = { total: number; series: number[] };
export type PlayCounts = { started: number; past30s: number; finished: number };
export type TrackRow = PlayCounts & { songId: string; title: string; releaseTitle: string };
export type ReleaseRow = PlayCounts & { releaseId: string; title: string };
/** A ranked subject: what the artist reads (`name`), and how many. */
export type RankedRow = { name: string; count: number; other: boolean };
export type SignupRow = { form: string; path: string; count: number };
export type MailLinkRow = { mailingSubject: string; url: string; count: number };

export type NumbersReport = {
  days: RangeDays;
  from: string;
  to: string;
  figures: Record<FigureKey, Figure>;
  tracks: TrackRow[];
  releases: ReleaseRow[];
  pages: RankedRow[];
  referrers: RankedRow[];
  campaigns: RankedRow[];
  signups: SignupRow[];
  mailLinks: MailLinkRow[];
  /** Nothing at all in the span. */
  empty: boolean;
  /** Whether anything was ever counted (when the span is empty: "no numbers yet" or "nothing in these days"). */
  everCounted: boolean;
};

/** sum(count) as a number on both databases: PostgreSQL's sum of a bigint is a numeric, which its driver gives as a string. */
const summed = (eb: ExpressionBuilder<Database, "dailyCounts">) => eb.cast<number>(eb.fn.sum("dailyCounts.count"), "bigint");
/** The UTC day an epoch-ms column falls on, as a day number (days since 1970): integer division on both databases. */
export const dayNumber = sql<number>`${sql.ref("at")} / ${sql.lit(DAY_MS)}`;

/**
 * The artist's numbers for the `days` days ending today (UTC): each figure per
 * day, filled with zeros, and the lists. Six queries, each grouped in the
 * database and each reading `dailyCounts` through its key (metric, day, …).
 */
export async function numbersReport(db: Db, days: RangeDays, now = Date.now()): Promise<NumbersReport> {
  const { from, to } = dayRange(days, now);
  const [perDay, downloads, redemptions, plays, ranked, mailLinks] = await Promise.all([
    db
      .selectFrom("dailyCounts")
      .select((eb) => ["day", "metric", summed(eb).as("total")])
      .where("metric", "in", [...FIGURE_OF.keys()])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy(["day", "metric"])
      .execute(),
    eventsPerDay(db, "downloadEvents", from, to),
    eventsPerDay(db, "codeRedemptions", from, to),
    db
      .selectFrom("dailyCounts")
      .innerJoin("songs", "songs.id", "dailyCounts.subject")
      .innerJoin("releases", "releases.id", "songs.releaseId")
      .select((eb) => [
        "songs.id as songId",
        "songs.title",
        "releases.id as releaseId",
        "releases.title as releaseTitle",
        "dailyCounts.metric",
        summed(eb).as("total"),
      ])
      .where("dailyCounts.metric", "in", PLAYS)
      .where("dailyCounts.day", ">=", from)
      .where("dailyCounts.day", "<=", to)
      .groupBy(["songs.id", "songs.title", "releases.id", "releases.title", "dailyCounts.metric"])
      .execute(),
    rankedSubjects(db, from, to),
    db
      .selectFrom("dailyCounts")
      .innerJoin("mailingLinks", "mailingLinks.id", "dailyCounts.subject")
      .innerJoin("mailings", "mailings.id", "mailingLinks.mailingId")
      .select((eb) => ["mailingLinks.id", "mailingLinks.url", "mailings.subject as mailingSubject", summed(eb).as("total")])
      .where("dailyCounts.metric", "=", METRIC.click)
      .where("dailyCounts.day", ">=", from)
      .where("dailyCounts.day", "<=", to)
      .groupBy(["mailingLinks.id", "mailingLinks.url", "mailings.subject"])
      .orderBy("total", "desc")
      .orderBy("mailingLinks.id")
      .limit(TOP)
      .execute(),
  ]);

  const length = days;
  const figures = Object.fromEntries(
    (Object.keys(FIGURES) as FigureKey[]).map((key) => [key, { total: 0, series: Array<number>(length).fill(0) }]),
  ) as Record<FigureKey, Figure>;
  const start = dayStart(from);
  const add = (figure: Figure, index: number, count: number) => {
    if (index < 0 || index >= length) return;
    figure.series[index] = (figure.series[index] ?? 0) + count;
    figure.total += count;
  };
  for (const row of perDay) {
    const figure = FIGURE_OF.get(row.metric);
    if (figure) add(figures[figure], Math.round((dayStart(row.day) - start) / DAY_MS), Number(row.total));
  }
  const firstDayNumber = Math.round(start / DAY_MS);
  for (const row of downloads) add(figures.downloads, Number(row.dayNumber) - firstDayNumber, Number(row.n));
  for (const row of redemptions) add(figures.redemptions, Number(row.dayNumber) - firstDayNumber, Number(row.n));

  const { tracks, releases } = playLists(plays);
  const named = (metric: string, name: (subject: string) => string): RankedRow[] =>
    ranked
      .filter((row) => row.metric === metric)
      .map((row) => {
        const other = row.subject === OTHER_SUBJECT;
        return { name: other ? NUMBERS_TEXT.other : name(row.subject), count: Number(row.total), other };
      });
  const report: NumbersReport = {
    days,
    from,
    to,
    figures,
    tracks,
    releases,
    pages: named(METRIC.view, (path) => path),
    referrers: named(METRIC.referrer, (domain) => domain),
    campaigns: named(METRIC.campaign, campaignLabel),
    signups: ranked
      .filter((row) => row.metric === METRIC.signup)
      .map((row) =>
        row.subject === OTHER_SUBJECT
          ? { form: NUMBERS_TEXT.other, path: "", count: Number(row.total) }
          : { ...signupLabel(row.subject), count: Number(row.total) },
      ),
    mailLinks: mailLinks.map((row) => ({ mailingSubject: row.mailingSubject, url: row.url, count: Number(row.total) })),
    empty: true,
    everCounted: true,
  };
  report.empty = Object.values(figures).every((figure) => figure.total === 0) && ranked.length === 0;
  if (report.empty) report.everCounted = await everCounted(db);
  return report;
}

/** Rows of `table` (epoch-ms `at`) per UTC day number, from `from` to `to`. */
function eventsPerDay(db: Db, table: "downloadEvents" | "codeRedemptions", from: string, to: string) {
  return db
    .selectFrom(table)
    .select((eb) => [dayNumber.as("dayNumber"), eb.fn.countAll<number>().as("n")])
    .where("at", ">=", dayStart(from))
    .where("at", "<", dayStart(addDays(to, 1)))
    .groupBy(dayNumber)
    .execute();
}

/** The TOP subjects of each ranked metric, most first (ties by subject), in one query: a window ranks them within their metric. */
function rankedSubjects(db: Db, from: string, to: string) {
  const grouped = db
    .selectFrom("dailyCounts")
    .select((eb) => [
      "metric",
      "subject",
      summed(eb).as("total"),
      sql<number>`row_number() over (partition by ${sql.ref("metric")} order by sum(${sql.ref("count")}) desc, ${sql.ref("subject")})`.as(
        "place",
      ),
    ])
    .where("metric", "in", RANKED)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy(["metric", "subject"]);
  return db
    .selectFrom(grouped.as("ranked"))
    .select(["metric", "subject", "total"])
    .where("place", "<=", TOP)
    .orderBy("metric")
    .orderBy("place")
    .execute();
}

type PlayRow = { songId: string; title: string; releaseId: string; releaseTitle: string; metric: string; total: number };

/** Plays per track (songs that are no longer there are left out by the join), and per release summed over its tracks. */
function playLists(rows: readonly PlayRow[]): { tracks: TrackRow[]; releases: ReleaseRow[] } {
  const tracks = new Map<string, TrackRow>();
  const releases = new Map<string, ReleaseRow>();
  const key = { [METRIC.playStart]: "started", [METRIC.play30s]: "past30s", [METRIC.playEnd]: "finished" } as const;
  for (const row of rows) {
    const field = key[row.metric as keyof typeof key];
    if (!field) continue;
    let track = tracks.get(row.songId);
    if (!track) {
      track = { songId: row.songId, title: row.title, releaseTitle: row.releaseTitle, started: 0, past30s: 0, finished: 0 };
      tracks.set(row.songId, track);
    }
    let release = releases.get(row.releaseId);
    if (!release) {
      release = { releaseId: row.releaseId, title: row.releaseTitle, started: 0, past30s: 0, finished: 0 };
      releases.set(row.releaseId, release);
    }
    track[field] += Number(row.total);
    release[field] += Number(row.total);
  }
  const order = <T extends PlayCounts & { title: string }>(a: T, b: T) =>
    b.started - a.started || b.past30s - a.past30s || b.finished - a.finished || a.title.localeCompare(b.title);
  return { tracks: [...tracks.values()].sort(order).slice(0, TOP), releases: [...releases.values()].sort(order).slice(0, TOP) };
}

/** Whether anything was ever counted here, at any time: three looks at one row each. */
async function everCounted(db: Db): Promise<boolean> {
  const [count, download, redemption] = await Promise.all([
    db.selectFrom("dailyCounts").select("day").limit(1).executeTakeFirst(),
    db.selectFrom("downloadEvents").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("codeRedemptions").select("id").limit(1).executeTakeFirst(),
  ]);
  return Boolean(count ?? download ?? redemption);
}
