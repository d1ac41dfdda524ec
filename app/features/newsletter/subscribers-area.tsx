import { useEffect, useId, useState, type ReactNode } from "react";
import { ListCount, ListEmpty, ListLoadError } from "#app/components/paged-list/list-parts.tsx";
import { LoadMoreButton } from "#app/components/paged-list/load-more-button.tsx";
import { usePagedList } from "#app/components/paged-list/use-paged-list.ts";
import { useVisitorTimeZone } from "#app/components/paged-list/use-visitor-time-zone.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import type { Subscriber, SubscriberPage } from "./newsletter.ts";
import { SubscriberRow, SUBSCRIBERS_API } from "./subscriber-row.tsx";
import { CsvImport } from "./subscribers-csv-import.tsx";
import { NEWSLETTER_TEXT } from "./ui-text.ts";

const SUBSCRIBERS_CSV = "/api/subscribers.csv";
const EMPTY_SUBSCRIBERS = "No subscribers yet";

export type SubscribersAreaProps = { initial: SubscriberPage | { error: string } };

function AreaFrame({
  headingId,
  count,
  awaiting,
  onImported,
  children,
}: {
  headingId: string;
  count: number | null;
  /** Sign-ups still to press their confirmation mail's button. */
  awaiting: number;
  onImported: () => void;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id={headingId} className="text-2xl font-semibold">
            Subscribers
          </h2>
          {count === null ? null : <ListCount testId="subscriber-count">{count} subscribed</ListCount>}
          {awaiting > 0 ? (
            <span data-testid="awaiting-count" className="text-sm text-stone-600 dark:text-stone-400">
              {awaiting} more waiting to confirm by e-mail
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <CsvImport onImported={onImported} />
          {/* A plain link: the browser downloads the streamed file itself, with the session cookie. */}
          <a href={SUBSCRIBERS_CSV} download="subscribers.csv" className={buttonClass("secondary")}>
            Export CSV
          </a>
        </div>
      </div>
      {children}
    </section>
  );
}

/**
 * The dashboard's mailing list: the first page comes from the dashboard's
 * loader, further pages from /api/subscribers, the whole list as a CSV file
 * (with each address's unsubscribe link) from /api/subscribers.csv.
 */
export function SubscribersArea({ initial }: SubscribersAreaProps) {
  const headingId = `${useId()}subscribers-heading`;
  const idPrefix = useId();
  const domIdOf = (id: string) => `${idPrefix}subscriber-${id}`;
  const list = usePagedList<Subscriber>({
    initial: "error" in initial ? initial : { items: initial.subscribers, nextCursor: initial.nextCursor, count: initial.subscribedCount },
    endpoint: SUBSCRIBERS_API,
    keys: { items: "subscribers", count: "subscribedCount" },
    words: { loadFailed: NEWSLETTER_TEXT.loadFailed, unexpected: NEWSLETTER_TEXT.failed },
    domIdOf,
  });
  const timeZone = useVisitorTimeZone();
  // Taken off the list by hand in this visit: shown in place with Undo until the page is loaded again.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  // After an import the dashboard's loader runs again: once its new first page arrives, the list starts from it.
  const [importedOver, setImportedOver] = useState<SubscribersAreaProps["initial"] | null>(null);
  const { reset } = list;
  useEffect(() => {
    if (importedOver === null || initial === importedOver || "error" in initial) return;
    setImportedOver(null);
    reset({ items: initial.subscribers, nextCursor: initial.nextCursor, count: initial.subscribedCount });
  }, [initial, importedOver, reset]);

  return (
    <AreaFrame
      headingId={headingId}
      count={list.count === null ? null : Math.max(0, list.count - removed.size)}
      awaiting={"error" in initial ? 0 : initial.awaitingCount}
      onImported={() => setImportedOver(initial)}
    >
      {list.loadError ? (
        <ListLoadError>{list.loadError}</ListLoadError>
      ) : list.items.length === 0 && !list.nextCursor ? (
        <ListEmpty>{EMPTY_SUBSCRIBERS}</ListEmpty>
      ) : (
        <ul
          aria-label="Subscribers, newest first"
          className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900"
        >
          {list.items.map((subscriber) => (
            <SubscriberRow
              key={subscriber.id}
              subscriber={subscriber}
              domId={domIdOf(subscriber.id)}
              timeZone={timeZone}
              removed={removed.has(subscriber.id)}
              onRemoved={(removedNow) =>
                setRemoved((current) => {
                  const next = new Set(current);
                  if (removedNow) next.add(subscriber.id);
                  else next.delete(subscriber.id);
                  return next;
                })
              }
            />
          ))}
        </ul>
      )}
      {list.nextCursor ? <LoadMoreButton loading={list.loading} onClick={list.loadMore} /> : null}
    </AreaFrame>
  );
}
