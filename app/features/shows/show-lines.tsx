import { localTimeLabel, type PublicShow, showWhen } from "./show.ts";
import { SHOWS_PAGE_TEXT } from "./ui-text.ts";

/**
 * The shows as lines of text, one each: when, where and, when it is not going
 * ahead as planned, why. For paper, where cards and ticket buttons are noise.
 */
export function ShowLines({ shows, className = "" }: { shows: PublicShow[]; className?: string }) {
  return (
    <ul className={`space-y-1 text-sm ${className}`}>
      {shows.map((show) => (
        <li key={show.id}>
          <time dateTime={show.startIso} className="font-semibold">
            {showWhen(show.startsLocal).date} · {localTimeLabel(show)}
          </time>{" "}
          — {show.venue}, {show.city}, {show.country}
          {show.status === "sold-out"
            ? ` (${SHOWS_PAGE_TEXT.soldOut})`
            : show.status === "cancelled"
              ? ` (${SHOWS_PAGE_TEXT.cancelled})`
              : ""}
        </li>
      ))}
    </ul>
  );
}
