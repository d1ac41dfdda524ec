import { useId, type ReactNode } from "react";
import { ListCount, ListEmpty, ListLoadError } from "#app/components/paged-list/list-parts.tsx";
import { LoadMoreButton } from "#app/components/paged-list/load-more-button.tsx";
import { usePagedList } from "#app/components/paged-list/use-paged-list.ts";
import { useVisitorTimeZone } from "#app/components/paged-list/use-visitor-time-zone.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { formatDate, isoDate } from "#app/lib/format-date.ts";
import type { Subscriber, SubscriberPage } from "./newsletter.ts";
import { NEWSLETTER_TEXT } from "./ui-text.ts";

const SUBSCRIBERS_API = "/api/subscribers";
const SUBSCRIBERS_CSV = "/api/subscribers.csv";
const EMPTY_SUBSCRIBERS = "No subscribers yet";

export type SubscribersPanelProps = { initial: SubscriberPage | { error: string } };

function PanelFrame({ headingId, count, children }: { headingId: string; count: number | null; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id={headingId} className="text-2xl font-semibold">
            Subscribers
          </h2>
          {count === null ? null : <ListCount testId="subscriber-count">{count} subscribed</ListCount>}
        </div>
        {/* A plain link: the browser downloads the streamed file itself, with the session cookie. */}
        <a href={SUBSCRIBERS_CSV} download="subscribers.csv" className={buttonStyles.secondary}>
          Export CSV
        </a>
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
export function SubscribersPanel({ initial }: SubscribersPanelProps) {
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

  return (
    <PanelFrame headingId={headingId} count={list.count}>
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
            <li
              key={subscriber.id}
              id={domIdOf(subscriber.id)}
              tabIndex={-1}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 sm:px-5"
            >
              <span className="min-w-0 break-all font-medium">{subscriber.email}</span>
              <time dateTime={isoDate(subscriber.timestamp)} className="shrink-0 text-sm text-stone-600 dark:text-stone-400">
                {formatDate(subscriber.timestamp, timeZone)}
              </time>
            </li>
          ))}
        </ul>
      )}
      {list.nextCursor ? <LoadMoreButton loading={list.loading} onClick={list.loadMore} /> : null}
    </PanelFrame>
  );
}
