import { useId, type ReactNode } from "react";
import { formatCount } from "./numbers-format.ts";
import { NUMBERS_TEXT } from "./ui-text.ts";

export type RankedTableRow = {
  key: string;
  name: ReactNode;
  /** A second line under the name: a track's release, a link's address. */
  detail?: string | undefined;
  counts: number[];
  /** Not a subject of its own ("others, past the day's limit"): shown in a quieter voice. */
  muted?: boolean;
};

/**
 * A list of the span's top subjects as a table a screen reader can walk: its
 * heading names it, each row's first cell names the row. A pale bar behind
 * each name shows its first count beside the list's highest, as the eye
 * compares them.
 */
export function RankedTable({
  heading,
  nameColumn,
  countColumns,
  rows,
  wide = false,
}: {
  heading: string;
  nameColumn: string;
  countColumns: string[];
  rows: RankedTableRow[];
  wide?: boolean;
}) {
  const headingId = useId();
  const max = Math.max(1, ...rows.map((row) => row.counts[0] ?? 0));
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border border-stone-200 bg-white p-4 sm:p-5 dark:border-stone-800 dark:bg-stone-900 ${wide ? "lg:col-span-2" : ""}`}
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {heading}
      </h3>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">{NUMBERS_TEXT.noneInRange}</p>
      ) : (
        <table aria-labelledby={headingId} className="mt-3 w-full table-fixed border-collapse text-sm">
          <thead>
            <tr className="text-xs text-stone-500 dark:text-stone-400">
              <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                {nameColumn}
              </th>
              {countColumns.map((column) => (
                <th key={column} scope="col" className="w-14 py-1.5 pl-2 text-right font-medium sm:w-24">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-stone-100 dark:border-stone-800">
                <th scope="row" className="relative py-2 pr-3 text-left font-normal">
                  <span
                    aria-hidden="true"
                    className="absolute inset-y-1 left-0 rounded-md bg-brand-50 dark:bg-brand-950/70"
                    style={{ width: `${Math.round((100 * (row.counts[0] ?? 0)) / max)}%` }}
                  />
                  <span
                    className={`relative block px-2 [overflow-wrap:anywhere] ${row.muted ? "text-stone-500 italic dark:text-stone-400" : ""}`}
                  >
                    {row.name}
                    {row.detail ? <span className="block text-xs text-stone-500 dark:text-stone-400">{row.detail}</span> : null}
                  </span>
                </th>
                {row.counts.map((count, index) => (
                  <td key={countColumns[index] ?? index} className="py-2 pl-2 text-right tabular-nums">
                    {formatCount(count)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
