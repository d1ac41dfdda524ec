import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";
import { ShowDateBadge } from "./show-date-badge.tsx";
import { localTimeLabel, type PublicShow, showWhen } from "./show.ts";
import { SHOWS_PAGE_TEXT } from "./ui-text.ts";

const badge = "inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold uppercase tracking-wider ring-1 ring-inset";
const soldOutBadge = `${badge} bg-stone-100 text-stone-700 ring-stone-300 dark:bg-stone-800 dark:text-stone-200 dark:ring-stone-600`;
const cancelledBadge = `${badge} bg-red-50 text-red-800 ring-red-200 dark:bg-red-950/50 dark:text-red-200 dark:ring-red-800`;

/**
 * "Saturday, March 28, 2027 · 8:00 PM Berlin time", as a machine-readable time
 * too; on a phone the time gets a line of its own rather than breaking anywhere.
 */
function ShowTime({ show }: { show: PublicShow }) {
  return (
    <time dateTime={show.startIso}>
      <span className="whitespace-nowrap">{showWhen(show.startsLocal).date}</span>
      <span aria-hidden="true" className="hidden sm:inline">
        {" · "}
      </span>{" "}
      <span className="block whitespace-nowrap sm:inline">{localTimeLabel(show)}</span>
    </time>
  );
}

/** What a fan can do about a show: buy a ticket, or read why not. Nothing for a show without a ticket link. */
function TicketAction({ show }: { show: PublicShow }) {
  if (show.status === "cancelled") return <span className={cancelledBadge}>{SHOWS_PAGE_TEXT.cancelled}</span>;
  if (show.status === "sold-out") return <span className={soldOutBadge}>{SHOWS_PAGE_TEXT.soldOut}</span>;
  if (!show.ticketUrl) return null;
  return (
    <a href={show.ticketUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("primary")}>
      {SHOWS_PAGE_TEXT.tickets}
      <span className="sr-only">
        {" "}
        {SHOWS_PAGE_TEXT.ticketsFor(show.venue, showWhen(show.startsLocal).date)} {SHOWS_PAGE_TEXT.newTab}
      </span>
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path
          fillRule="evenodd"
          d="M5.22 14.78a.75.75 0 0 0 1.06 0l7.22-7.22v5.69a.75.75 0 0 0 1.5 0v-7.5a.75.75 0 0 0-.75-.75h-7.5a.75.75 0 0 0 0 1.5h5.69l-7.22 7.22a.75.75 0 0 0 0 1.06Z"
          clipRule="evenodd"
        />
      </svg>
    </a>
  );
}

/** The shows still to come, soonest first: one card each. */
export function UpcomingShows({ shows }: { shows: PublicShow[] }) {
  return (
    <ul className="max-w-4xl space-y-4" data-testid="upcoming-shows">
      {shows.map((show) => {
        const cancelled = show.status === "cancelled";
        return (
          <li
            key={show.id}
            className="flex gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:items-center sm:gap-6 sm:p-5 dark:border-stone-800 dark:bg-stone-900"
          >
            <ShowDateBadge startsLocal={show.startsLocal} muted={cancelled} />
            <div className="flex min-w-0 flex-1 flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <h3
                  className={`text-xl font-semibold break-words ${cancelled ? "text-stone-500 line-through decoration-2 dark:text-stone-400" : ""}`}
                >
                  {show.venue}
                </h3>
                <p className={`mt-0.5 ${cancelled ? "text-stone-500 dark:text-stone-400" : "text-stone-700 dark:text-stone-300"}`}>
                  {show.city}, {show.country}
                </p>
                <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
                  <ShowTime show={show} />
                </p>
              </div>
              <div className="shrink-0">
                <TicketAction show={show} />
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The shows that have been, most recent first: a quieter list. */
export function PastShows({ shows }: { shows: PublicShow[] }) {
  return (
    <ul
      className="max-w-4xl divide-y divide-stone-200 border-y border-stone-200 dark:divide-stone-800 dark:border-stone-800"
      data-testid="past-shows"
    >
      {shows.map((show) => {
        const when = showWhen(show.startsLocal);
        const cancelled = show.status === "cancelled";
        return (
          <li key={show.id} className="grid gap-1 py-4 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-baseline sm:gap-6">
            <time dateTime={show.startIso} className="text-sm font-medium text-stone-500 tabular-nums dark:text-stone-400">
              {when.monthShort} {when.day}, {when.year}
            </time>
            <p className="min-w-0 break-words">
              <span className={`font-semibold ${cancelled ? "line-through decoration-2" : ""}`}>{show.venue}</span>
              <span className="text-stone-600 dark:text-stone-400">
                {" "}
                · {show.city}, {show.country}
              </span>
            </p>
            {cancelled ? (
              <span className="text-xs font-semibold uppercase tracking-wider text-red-700 dark:text-red-300">
                {SHOWS_PAGE_TEXT.cancelled}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The home page's next show: when and where, tickets, and the way to the rest. Server-rendered; no script of its own. */
export function NextShow({ show, className = "" }: { show: PublicShow; className?: string }) {
  return (
    <section aria-labelledby="next-show-heading" className={className}>
      <div className="flex flex-col gap-6 rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:p-8 dark:border-stone-800 dark:bg-stone-900">
        <div className="flex min-w-0 flex-1 gap-4 sm:gap-6">
          <ShowDateBadge startsLocal={show.startsLocal} />
          <div className="min-w-0">
            <h2
              id="next-show-heading"
              className="font-sans text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300"
            >
              {SHOWS_PAGE_TEXT.nextShow}
            </h2>
            <p className="mt-1 font-display text-2xl font-semibold break-words">{show.venue}</p>
            <p className="text-stone-700 dark:text-stone-300">
              {show.city}, {show.country}
            </p>
            <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
              <ShowTime show={show} />
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <TicketAction show={show} />
          <Link to="/shows" className={buttonClass("secondary")}>
            {SHOWS_PAGE_TEXT.allShows}
          </Link>
        </div>
      </div>
    </section>
  );
}
