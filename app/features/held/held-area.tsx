import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { errorOf, isRecord } from "#app/components/paged-list/list-page.ts";
import { ListCount, ListEmpty, ListLoadError } from "#app/components/paged-list/list-parts.tsx";
import { LoadMoreButton } from "#app/components/paged-list/load-more-button.tsx";
import { usePagedList } from "#app/components/paged-list/use-paged-list.ts";
import { useVisitorTimeZone } from "#app/components/paged-list/use-visitor-time-zone.ts";
import { Button } from "#app/components/ui/button.tsx";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { formatDateTime, isoDate } from "#app/lib/time/format-date.ts";
import { HELD_ERRORS, type HeldIntent, type HeldKind, type HeldPage, type HeldSubmission } from "#app/domain/held-submission.ts";
import { HELD_TEXT, HELD_REASON_TEXT } from "./ui-text.ts";

const FILTERED_API = "/api/filtered";

export type HeldAreaProps = {
  initial: HeldPage | { error: string };
  /** Called once a submission has reached the inbox or the list, so those areas can show it. */
  onReleased?: (kind: HeldKind) => void;
};

function HeldItem({
  item,
  timeZone,
  onSettled,
}: {
  item: HeldSubmission;
  timeZone: string | undefined;
  onSettled: (item: HeldSubmission, intent: HeldIntent, error: string | null) => void;
}) {
  const fetcher = useFetcher();
  const asked = useRef<HeldIntent | null>(null);
  const busy = fetcher.state !== "idle";
  const headingId = `${useId()}held-heading`;

  useEffect(() => {
    const intent = asked.current;
    if (fetcher.state !== "idle" || fetcher.data === undefined || !intent) return;
    asked.current = null;
    const ok = isRecord(fetcher.data) && fetcher.data.success === true;
    onSettled(item, intent, ok ? null : errorOf(fetcher.data, HELD_ERRORS.unexpected));
  }, [fetcher.state, fetcher.data, item, onSettled]);

  const submit = (intent: HeldIntent) => {
    if (busy) return;
    asked.current = intent;
    // A release changes the inbox or the list, so the dashboard's loader runs again; a delete changes nothing else.
    void fetcher.submit({ intent, id: item.id }, { method: "post", action: FILTERED_API, defaultShouldRevalidate: intent === "release" });
  };

  const contact = item.kind === "contact";
  const who = contact ? item.name?.trim() || item.email || "Anonymous" : item.email;
  const releaseText = contact ? HELD_TEXT.releaseContact : HELD_TEXT.releaseSignUp;

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-2xl border border-dashed border-stone-300 bg-stone-50 p-4 sm:p-5 dark:border-stone-700 dark:bg-stone-900/60"
      >
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-wider text-stone-500 dark:text-stone-400">
              {contact ? HELD_TEXT.contactLabel : HELD_TEXT.signUpLabel}
            </p>
            <h3 id={headingId} className="mt-1 font-semibold break-all">
              {who}
            </h3>
            {contact && item.email && item.name ? (
              <p className="text-sm break-all text-stone-600 dark:text-stone-400">{item.email}</p>
            ) : null}
          </div>
          <time dateTime={isoDate(item.receivedAt)} className="text-sm text-stone-600 dark:text-stone-400">
            {formatDateTime(item.receivedAt, timeZone)}
          </time>
        </div>
        {contact ? (
          <p className="mt-3 whitespace-pre-wrap [overflow-wrap:anywhere] text-stone-800 dark:text-stone-200">{item.message}</p>
        ) : null}
        <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">
          <span className="font-semibold">Why it was held:</span> {HELD_REASON_TEXT[item.reason]}
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            aria-disabled={busy || undefined}
            aria-describedby={headingId}
            onClick={() => submit("release")}
            variant="strong"
            size="sm"
          >
            {busy && asked.current === "release" ? "Moving..." : releaseText}
          </Button>
          <Button
            aria-disabled={busy || undefined}
            aria-describedby={headingId}
            onClick={() => {
              if (!busy && window.confirm(HELD_TEXT.deleteConfirmation)) submit("delete");
            }}
            variant="danger"
            size="sm"
          >
            {HELD_TEXT.delete}
          </Button>
        </div>
      </article>
    </li>
  );
}

function AreaFrame({
  headingId,
  count,
  note,
  children,
}: {
  headingId: string;
  count: number | null;
  note: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} tabIndex={-1} className="text-2xl font-semibold">
          {HELD_TEXT.heading}
        </h2>
        {count === null ? null : <ListCount testId="filtered-count">{count} held</ListCount>}
      </div>
      <p className="max-w-2xl text-sm text-stone-600 dark:text-stone-400">{HELD_TEXT.intro}</p>
      {note}
      {children}
    </section>
  );
}

/**
 * The dashboard's Filtered list: what the public forms' bot checks held back,
 * for the artist to release to the inbox or the mailing list, or delete.
 */
export function HeldArea({ initial, onReleased }: HeldAreaProps) {
  const headingId = `${useId()}filtered-heading`;
  const list = usePagedList<HeldSubmission>({
    initial: "error" in initial ? initial : { items: initial.items, nextCursor: initial.nextCursor, count: initial.heldCount },
    endpoint: FILTERED_API,
    keys: { items: "items", count: "heldCount" },
    words: { loadFailed: HELD_ERRORS.loadFailed, unexpected: HELD_ERRORS.unexpected },
  });
  const { addToast } = useToasts();
  const timeZone = useVisitorTimeZone();

  // Stable for the rows' effects; reads the latest state through the setters.
  const settle = useRef<(item: HeldSubmission, intent: HeldIntent, error: string | null) => void>(() => {});
  settle.current = (item, intent, error) => {
    const gone = error === null || error === HELD_ERRORS.notFound;
    if (gone) {
      list.removeItem(item.id);
      // The keyboard was on a button that is gone: put it somewhere sensible.
      document.getElementById(headingId)?.focus();
    }
    if (error !== null) {
      addToast(`${intent === "release" ? HELD_TEXT.releaseFailed : HELD_TEXT.deleteFailed}: ${error}`, "error");
      return;
    }
    if (intent === "delete") addToast(HELD_TEXT.deleted, "success");
    else {
      addToast(item.kind === "contact" ? HELD_TEXT.releasedContact : HELD_TEXT.releasedSignUp, "success");
      onReleased?.(item.kind);
    }
  };
  const [onSettled] = useState(
    () => (item: HeldSubmission, intent: HeldIntent, error: string | null) => settle.current(item, intent, error),
  );

  return (
    <AreaFrame
      headingId={headingId}
      count={list.count}
      note={
        "refused" in initial && initial.refused ? (
          <p
            data-testid="filtered-refused"
            className="max-w-2xl rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          >
            {HELD_TEXT.refused(initial.refused.count, formatDateTime(initial.refused.lastAt, timeZone))}
          </p>
        ) : null
      }
    >
      {list.loadError ? (
        <ListLoadError>{list.loadError}</ListLoadError>
      ) : list.items.length === 0 && !list.nextCursor ? (
        <ListEmpty compact>{HELD_TEXT.empty}</ListEmpty>
      ) : (
        <ul className="space-y-4" aria-label="Filtered submissions, newest first">
          {list.items.map((item) => (
            <HeldItem key={item.id} item={item} timeZone={timeZone} onSettled={onSettled} />
          ))}
        </ul>
      )}
      {list.nextCursor ? <LoadMoreButton loading={list.loading} onClick={list.loadMore} /> : null}
    </AreaFrame>
  );
}
