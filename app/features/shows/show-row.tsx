import { useRef } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmRemove } from "#app/components/ui/confirm-remove.tsx";
import type { ShowsFetcher } from "./fetcher-answer.ts";
import { ShowDateBadge } from "./show-date-badge.tsx";
import { ShowForm } from "./show-form.tsx";
import { localTimeLabel, type PublicShow, showWhen } from "./show.ts";
import { SHOW_STATUS_LABEL, SHOW_TEXT } from "./shows-area-text.ts";
import { SHOWS_PAGE_TEXT } from "./ui-text.ts";

const REMOVE_LABELS = { yes: SHOW_TEXT.removeYes, keep: SHOW_TEXT.removeNo, removing: SHOW_TEXT.removing };

type ShowRowProps = {
  show: PublicShow;
  past: boolean;
  timeZones: string[];
  edit: ShowsFetcher;
  removal: ShowsFetcher;
  /** The show whose form is open, if any: one at a time in the whole area. */
  editing: string | null;
  /** The show whose removal is being asked about, if any. */
  confirming: string | null;
  onEdit(id: string): void;
  onCloseEdit(id: string): void;
  onConfirm(id: string | null): void;
};

/** One show in the dashboard's list: what fans see of it, then Edit and Remove; or its form while it is being changed. */
export function ShowRow({ show, past, timeZones, edit, removal, editing, confirming, onEdit, onCloseEdit, onConfirm }: ShowRowProps) {
  const when = showWhen(show.startsLocal);
  const removing = removal.state !== "idle" && removal.formData?.get("id") === show.id;
  const removeRef = useRef<HTMLButtonElement>(null);

  if (editing === show.id) {
    return (
      <li className="py-5">
        <h3 className="text-base font-semibold">{SHOW_TEXT.editHeading(show.venue)}</h3>
        <ShowForm show={show} fetcher={edit} timeZones={timeZones} focusFirst onCancel={() => onCloseEdit(show.id)} />
      </li>
    );
  }
  const cancelled = show.status === "cancelled";
  return (
    <li className="flex gap-4 py-5" data-testid="dashboard-show">
      <ShowDateBadge startsLocal={show.startsLocal} muted={past || cancelled} />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className={`font-semibold break-words ${cancelled ? "line-through decoration-2" : ""}`}>{show.venue}</h3>
          {/* A past show's sale is over; only that it was cancelled still matters. */}
          {past && !cancelled ? null : <StatusBadge status={show.status} />}
        </div>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          {show.city}, {show.country}
        </p>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          <time dateTime={show.startIso}>
            {when.date} · {localTimeLabel(show)}
          </time>
        </p>
        {show.ticketUrl ? (
          // Relative: the link's hidden words would otherwise sit past the clipped end and widen the page.
          <p className="relative truncate text-sm">
            <a
              href={show.ticketUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
            >
              {show.ticketUrl}
              <span className="sr-only"> {SHOWS_PAGE_TEXT.newTab}</span>
            </a>
          </p>
        ) : null}
        {confirming === show.id ? (
          <ConfirmRemove
            id={`show-${show.id}-confirm`}
            question={SHOW_TEXT.removeConfirm(show.venue)}
            labels={REMOVE_LABELS}
            removing={removing}
            size="sm"
            className="mt-3"
            removeButton={removeRef}
            onKeep={() => onConfirm(null)}
            // A real post: the removal also works before the app has started.
            form={(buttons) => (
              <removal.Form method="post" onSubmit={(event) => removing && event.preventDefault()}>
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={show.id} />
                {buttons}
              </removal.Form>
            )}
          />
        ) : (
          <div className="flex flex-wrap gap-2 pt-2">
            <Button id={`show-${show.id}-edit`} variant="secondary" size="sm" onClick={() => onEdit(show.id)}>
              {SHOW_TEXT.edit}
              <span className="sr-only"> {show.venue}</span>
            </Button>
            <Button ref={removeRef} id={`show-${show.id}-remove`} variant="danger" size="sm" onClick={() => onConfirm(show.id)}>
              {SHOW_TEXT.remove}
              <span className="sr-only"> {show.venue}</span>
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

function StatusBadge({ status }: { status: PublicShow["status"] }) {
  const styles = {
    scheduled: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950/50 dark:text-emerald-200 dark:ring-emerald-400/30",
    "sold-out": "bg-amber-50 text-amber-900 ring-amber-600/25 dark:bg-amber-950/50 dark:text-amber-100 dark:ring-amber-400/30",
    cancelled: "bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950/50 dark:text-red-200 dark:ring-red-400/30",
  } as const;
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${styles[status]}`}>
      {SHOW_STATUS_LABEL[status]}
    </span>
  );
}
