import { showWhen } from "./show.ts";

/**
 * The calendar-leaf date of a show (month, day, weekday) on the venue's clock.
 * Decoration: the words beside it say the date in full, for every reader.
 */
export function ShowDateBadge({ startsLocal, muted = false }: { startsLocal: string; muted?: boolean }) {
  const when = showWhen(startsLocal);
  return (
    <div
      aria-hidden="true"
      className={`flex w-16 shrink-0 flex-col items-center justify-center self-start rounded-xl py-2 sm:w-20 ${
        muted
          ? "bg-stone-100 text-stone-600 dark:bg-stone-800 dark:text-stone-300"
          : "bg-brand-50 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100"
      }`}
    >
      <span className="text-xs font-semibold uppercase tracking-[0.2em]">{when.monthShort}</span>
      <span className="font-display text-3xl font-semibold leading-tight sm:text-4xl">{when.day}</span>
      <span className="text-xs font-medium">{when.weekdayShort}</span>
    </div>
  );
}
