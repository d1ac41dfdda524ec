import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";
import { FigureCard } from "./figure-card.tsx";
import { longDay } from "./numbers-format.ts";
import type { NumbersReport } from "./numbers-report.server.ts";
import { RankedTable } from "./ranked-table.tsx";
import { RANGE_DAYS } from "./schema.ts";
import { FIGURE_NOTES, FIGURES, NUMBERS_TEXT, type FigureKey } from "./ui-text.ts";

const rangeLink = (active: boolean) =>
  `rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4 ${
    active
      ? "bg-stone-900 text-white dark:bg-stone-100 dark:text-stone-950"
      : "text-stone-700 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
  }`;

/**
 * The dashboard's Numbers area: the span to look at (plain links, so it works
 * without JavaScript), each figure's chart, the lists, and the CSV of it all.
 */
export function NumbersArea({ report, path }: { report: NumbersReport; path: string }) {
  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <nav aria-label={NUMBERS_TEXT.rangesLabel}>
          <ul className="inline-flex gap-1 rounded-full border border-stone-200 bg-white p-1 dark:border-stone-800 dark:bg-stone-900">
            {RANGE_DAYS.map((days) => (
              <li key={days}>
                <Link
                  to={`${path}?days=${days}`}
                  aria-current={days === report.days ? "page" : undefined}
                  className={rangeLink(days === report.days)}
                  preventScrollReset
                >
                  {NUMBERS_TEXT.ranges[days]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* A plain link: the browser downloads the streamed file itself, with the session's cookie. */}
        <a href={`${path}.csv?days=${report.days}`} download className={buttonClass("secondary", "sm")}>
          {NUMBERS_TEXT.exportCsv}
        </a>
      </div>
      <p className="-mt-6 text-sm text-stone-600 dark:text-stone-400">{NUMBERS_TEXT.span(longDay(report.from), longDay(report.to))}</p>
      {report.empty ? <Empty everCounted={report.everCounted} /> : <Figures report={report} />}
    </div>
  );
}

function Empty({ everCounted }: { everCounted: boolean }) {
  return (
    <section
      aria-labelledby="numbers-empty-heading"
      className="rounded-2xl border border-dashed border-stone-300 p-8 text-center dark:border-stone-700"
    >
      <h2 id="numbers-empty-heading" className="text-xl font-semibold">
        {everCounted ? NUMBERS_TEXT.emptyRangeHeading : NUMBERS_TEXT.emptyHeading}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-left text-stone-600 sm:text-center dark:text-stone-400">
        {everCounted ? NUMBERS_TEXT.emptyRange : NUMBERS_TEXT.empty}
      </p>
    </section>
  );
}

function Figures({ report }: { report: NumbersReport }) {
  const { tracks: T, releases: R, pages: P, referrers: F, campaigns: C, signups: S, mailLinks: M } = NUMBERS_TEXT;
  const plays = [T.started, T.past30s, T.finished];
  return (
    <>
      <section aria-labelledby="numbers-figures-heading" className="space-y-4">
        <h2 id="numbers-figures-heading" className="text-2xl font-semibold">
          {NUMBERS_TEXT.figuresHeading}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {(Object.keys(FIGURES) as FigureKey[]).map((key) => (
            <FigureCard
              key={key}
              label={FIGURES[key]}
              note={FIGURE_NOTES[key]}
              total={report.figures[key].total}
              series={report.figures[key].series}
              from={report.from}
              days={report.days}
            />
          ))}
        </div>
      </section>
      <section aria-labelledby="numbers-lists-heading" className="space-y-4">
        <h2 id="numbers-lists-heading" className="text-2xl font-semibold">
          {NUMBERS_TEXT.listsHeading}
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <RankedTable
            wide
            heading={T.heading}
            nameColumn={T.track}
            countColumns={plays}
            rows={report.tracks.map((row) => ({
              key: row.songId,
              name: row.title,
              detail: row.releaseTitle,
              counts: [row.started, row.past30s, row.finished],
            }))}
          />
          <RankedTable
            heading={R.heading}
            nameColumn={R.release}
            countColumns={plays}
            rows={report.releases.map((row) => ({ key: row.releaseId, name: row.title, counts: [row.started, row.past30s, row.finished] }))}
          />
          <RankedTable heading={P.heading} nameColumn={P.page} countColumns={[P.views]} rows={ranked(report.pages)} />
          <RankedTable heading={F.heading} nameColumn={F.site} countColumns={[F.visits]} rows={ranked(report.referrers)} />
          <RankedTable heading={C.heading} nameColumn={C.campaign} countColumns={[C.visits]} rows={ranked(report.campaigns)} />
          <RankedTable
            heading={S.heading}
            nameColumn={S.form}
            countColumns={[S.signups]}
            rows={report.signups.map((row) => ({ key: `${row.form} ${row.path}`, name: row.form, detail: row.path, counts: [row.count] }))}
          />
          <RankedTable
            heading={M.heading}
            nameColumn={M.link}
            countColumns={[M.clicks]}
            rows={report.mailLinks.map((row, index) => ({
              key: `${index}`,
              name: row.mailingSubject,
              detail: row.url,
              counts: [row.count],
            }))}
          />
        </div>
      </section>
    </>
  );
}

const ranked = (rows: NumbersReport["pages"]) =>
  rows.map((row) => ({ key: `${row.other ? "other" : "subject"} ${row.name}`, name: row.name, counts: [row.count], muted: row.other }));
