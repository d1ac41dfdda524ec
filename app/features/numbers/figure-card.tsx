import { useId } from "react";
import { bucketLabel, formatCount, shortDay } from "./numbers-format.ts";
import { buckets, type Bucket } from "./numbers-series.ts";
import type { RangeDays } from "./schema.ts";
import { NUMBERS_TEXT } from "./ui-text.ts";

/** The chart's drawing box: a slot per bar, 100 high; the SVG stretches it to the card's width. */
const SLOT = 10;
const HEIGHT = 100;
/** Room above the highest bar. */
const TOP = 8;

/**
 * One figure: its name, its total over the span and its bars, drawn on the
 * server as an SVG (no script, no chart library). The drawing is hidden from
 * screen readers, which read the same numbers as a table instead.
 */
export function FigureCard({
  label,
  note,
  total,
  from,
  series,
  days,
}: {
  label: string;
  /** A few words beside the name, where the name alone could mislead. */
  note?: string | undefined;
  total: number;
  from: string;
  series: number[];
  days: RangeDays;
}) {
  const headingId = useId();
  const byWeek = days === 365;
  const bars = buckets(from, series, byWeek);
  const max = Math.max(0, ...bars.map((bar) => bar.count));
  const first = bars[0];
  const last = bars.at(-1);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5 dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <h3 id={headingId} className="font-sans font-semibold text-stone-600 dark:text-stone-400">
          {label}
        </h3>
        {note ? <p className="text-stone-500 dark:text-stone-400">{note}</p> : null}
      </div>
      <p className="mt-1 text-3xl font-semibold tabular-nums">
        {formatCount(total)}
        <span className="sr-only"> {NUMBERS_TEXT.totalIn(days)}</span>
      </p>
      <div className="mt-4">
        <p aria-hidden="true" className="h-4 text-right text-xs text-stone-500 tabular-nums dark:text-stone-400">
          {max > 0 ? NUMBERS_TEXT.peak(formatCount(max)) : ""}
        </p>
        <Bars bars={bars} max={max} byWeek={byWeek} />
        {first && last ? (
          <p aria-hidden="true" className="mt-1 flex justify-between text-xs text-stone-500 dark:text-stone-400">
            <span>{shortDay(first.from, byWeek)}</span>
            <span>{shortDay(last.to, byWeek)}</span>
          </p>
        ) : null}
      </div>
      {/* Hidden by its wrapper: a table ignores the 1 px width sr-only gives it and would widen a phone's page. */}
      <div className="sr-only">
        <table>
          <caption>{byWeek ? NUMBERS_TEXT.perWeek(label) : NUMBERS_TEXT.perDay(label)}</caption>
          <thead>
            <tr>
              <th scope="col">{byWeek ? NUMBERS_TEXT.weekColumn : NUMBERS_TEXT.dayColumn}</th>
              <th scope="col">{label}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.from}>
                <th scope="row">{bucketLabel(bar, byWeek)}</th>
                <td>{formatCount(bar.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The bars, in the theme's accent (currentColor), on a baseline in the
 * border's grey; a day with nothing shows as the bare baseline. A pointer
 * resting on a bar gets its day and count from the browser's own tooltip.
 */
function Bars({ bars, max, byWeek }: { bars: Bucket[]; max: number; byWeek: boolean }) {
  const width = bars.length * SLOT;
  // Few bars are wide ones: a wider gap keeps them apart.
  const gap = bars.length <= 7 ? 3 : 2;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 ${width} ${HEIGHT}`}
      preserveAspectRatio="none"
      className="block h-24 w-full text-brand-500 dark:text-brand-400"
    >
      <line
        x1={0}
        x2={width}
        y1={TOP}
        y2={TOP}
        stroke="currentColor"
        strokeDasharray="2 3"
        vectorEffect="non-scaling-stroke"
        className="text-stone-200 dark:text-stone-800"
      />
      {bars.map((bar, index) => {
        if (bar.count === 0) return null;
        // At least a sliver, so a day of one among days of thousands is still seen.
        const height = Math.max(2, ((HEIGHT - TOP) * bar.count) / max);
        return (
          <rect key={bar.from} x={index * SLOT + gap / 2} y={HEIGHT - height} width={SLOT - gap} height={height} fill="currentColor">
            <title>{`${bucketLabel(bar, byWeek)}: ${formatCount(bar.count)}`}</title>
          </rect>
        );
      })}
      <line
        x1={0}
        x2={width}
        y1={HEIGHT}
        y2={HEIGHT}
        stroke="currentColor"
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
        className="text-stone-300 dark:text-stone-700"
      />
    </svg>
  );
}
