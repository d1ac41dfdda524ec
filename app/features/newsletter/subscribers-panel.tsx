import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { formatSubscribedDate, type Subscriber, type SubscriberPage } from "./newsletter.ts";
import { NEWSLETTER_TEXT } from "./ui-text.ts";

export const SUBSCRIBERS_API = "/api/subscribers";
export const SUBSCRIBERS_CSV = "/api/subscribers.csv";
export const EMPTY_SUBSCRIBERS = "No subscribers yet";

export type SubscribersPanelProps = { initial: SubscriberPage | { error: string } };

// Busy buttons are aria-disabled, not disabled: a disabled button drops the keyboard focus to the page.
const busyStyles = "aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

const errorOf = (data: unknown): string =>
  isRecord(data) && typeof data.error === "string" && data.error ? data.error : NEWSLETTER_TEXT.failed;

function pageOf(data: unknown): SubscriberPage | null {
  if (!isRecord(data) || !Array.isArray(data.subscribers) || typeof data.subscribedCount !== "number") return null;
  if (data.nextCursor !== null && typeof data.nextCursor !== "string") return null;
  return data as SubscriberPage;
}

/**
 * Server and first client render print dates in UTC so the markup matches;
 * after mount they switch to the visitor's own time zone.
 */
function useVisitorTimeZone(): string | undefined {
  const [timeZone, setTimeZone] = useState<string | undefined>("UTC");
  useEffect(() => setTimeZone(undefined), []);
  return timeZone;
}

function PanelFrame({ headingId, count, children }: { headingId: string; count: number | null; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id={headingId} className="text-2xl font-semibold">
            Subscribers
          </h2>
          {count === null ? null : (
            <span
              data-testid="subscriber-count"
              aria-live="polite"
              className="rounded-full bg-stone-200 px-3 py-1 text-sm font-semibold text-stone-800 dark:bg-stone-800 dark:text-stone-200"
            >
              {count} subscribed
            </span>
          )}
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

function SubscriberList({ page, headingId }: { page: SubscriberPage; headingId: string }) {
  const [subscribers, setSubscribers] = useState<Subscriber[]>(page.subscribers);
  const [nextCursor, setNextCursor] = useState(page.nextCursor);
  const [count, setCount] = useState(page.subscribedCount);
  const { addToast } = useToasts();
  const timeZone = useVisitorTimeZone();
  const idPrefix = useId();

  const more = useFetcher();
  // Set only while a page we asked for is on its way, so that a revalidation of
  // this fetcher (after another form on the dashboard posts) is not appended twice.
  const requested = useRef(false);
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (more.state !== "idle" || more.data === undefined || !requested.current) return;
    requested.current = false;
    const next = pageOf(more.data);
    if (!next) {
      addToast(`${NEWSLETTER_TEXT.loadFailed}: ${errorOf(more.data)}`, "error");
      return;
    }
    setSubscribers((known) => {
      const ids = new Set(known.map((s) => s.id));
      return [...known, ...next.subscribers.filter((s) => !ids.has(s.id))];
    });
    setNextCursor(next.nextCursor);
    // The server's count is newer than ours.
    setCount(next.subscribedCount);
    // The keyboard moves to the first new row, so "Load more" going away does not lose it.
    const first = next.subscribers[0];
    if (first) setFocusId(`${idPrefix}subscriber-${first.id}`);
  }, [more.state, more.data, addToast, idPrefix]);
  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const loading = more.state !== "idle";
  const loadMore = () => {
    if (!nextCursor || loading) return;
    requested.current = true;
    void more.load(`${SUBSCRIBERS_API}?before=${encodeURIComponent(nextCursor)}`);
  };

  return (
    <PanelFrame headingId={headingId} count={count}>
      {subscribers.length === 0 && !nextCursor ? (
        <p className="rounded-xl border border-dashed border-stone-300 p-8 text-center text-stone-600 dark:border-stone-700 dark:text-stone-400">
          {EMPTY_SUBSCRIBERS}
        </p>
      ) : (
        <ul
          aria-label="Subscribers, newest first"
          className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900"
        >
          {subscribers.map((subscriber) => (
            <li
              key={subscriber.id}
              id={`${idPrefix}subscriber-${subscriber.id}`}
              tabIndex={-1}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 sm:px-5"
            >
              <span className="min-w-0 break-all font-medium">{subscriber.email}</span>
              <time
                dateTime={new Date(subscriber.timestamp).toISOString()}
                className="shrink-0 text-sm text-stone-600 dark:text-stone-400"
              >
                {formatSubscribedDate(subscriber.timestamp, timeZone)}
              </time>
            </li>
          ))}
        </ul>
      )}
      {nextCursor ? (
        <div className="flex justify-center">
          <button
            type="button"
            className={`${buttonStyles.secondary} ${busyStyles}`}
            onClick={loadMore}
            aria-disabled={loading || undefined}
            aria-busy={loading || undefined}
          >
            {loading ? "Loading..." : "Load more"}
          </button>
        </div>
      ) : null}
    </PanelFrame>
  );
}

/**
 * The dashboard's mailing list: the first page comes from the dashboard's
 * loader, further pages from /api/subscribers, the whole list as a CSV file
 * (with each address's unsubscribe link) from /api/subscribers.csv.
 */
export function SubscribersPanel({ initial }: SubscribersPanelProps) {
  const headingId = `${useId()}subscribers-heading`;
  if ("error" in initial) {
    return (
      <PanelFrame headingId={headingId} count={null}>
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800 dark:bg-red-950 dark:text-red-200">
          {initial.error || NEWSLETTER_TEXT.loadFailed}
        </p>
      </PanelFrame>
    );
  }
  return <SubscriberList page={initial} headingId={headingId} />;
}
