import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { ListCount, ListEmpty, ListLoadError } from "#app/components/paged-list/list-parts.tsx";
import { LoadMoreButton } from "#app/components/paged-list/load-more-button.tsx";
import { usePagedList } from "#app/components/paged-list/use-paged-list.ts";
import { useVisitorTimeZone } from "#app/components/paged-list/use-visitor-time-zone.ts";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { formatDate, isoDate } from "#app/lib/time/format-date.ts";
import type { Subscriber, SubscriberPage } from "./newsletter.ts";
import { NEWSLETTER_TEXT } from "./ui-text.ts";

const SUBSCRIBERS_API = "/api/subscribers";
const SUBSCRIBERS_CSV = "/api/subscribers.csv";
const SUBSCRIBERS_IMPORT = "/api/subscribers/import";
const IMPORT_WARNING =
  "Imported addresses were not confirmed on this site: import only people who agreed to hear from you. Addresses that left the list here are not put back.";

type ImportAnswer = {
  added?: number;
  alreadyOn?: number;
  leftOff?: number;
  problems?: { line: number; message: string }[];
  moreProblems?: number;
  error?: string;
};
const EMPTY_SUBSCRIBERS = "No subscribers yet";

export type SubscribersPanelProps = { initial: SubscriberPage | { error: string } };

function PanelFrame({
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
 * Subscribers from another tool: pick a CSV file, and it is sent as it is; the
 * answer says how many were added, already on, or left off, and which lines
 * could not be read, with the reminder that these were not confirmed here.
 */
function CsvImport({ onImported }: { onImported: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ busy: boolean; answer: ImportAnswer | null }>({ busy: false, answer: null });
  const { revalidate } = useRevalidator();
  const upload = async (file: File) => {
    setState({ busy: true, answer: null });
    try {
      const response = await fetch(`${SUBSCRIBERS_IMPORT}?name=${encodeURIComponent(file.name)}`, {
        method: "POST",
        headers: { "content-type": "text/csv" },
        body: file,
      });
      const answer = (await response.json().catch(() => ({ error: NEWSLETTER_TEXT.failed }))) as ImportAnswer;
      setState({ busy: false, answer });
      if (!answer.error) {
        onImported();
        await revalidate();
      }
    } catch {
      setState({ busy: false, answer: { error: NEWSLETTER_TEXT.failed } });
    }
  };
  const { answer } = state;
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (file) void upload(file);
        }}
      />
      <Button variant="secondary" disabled={state.busy} aria-describedby="import-warning" onClick={() => input.current?.click()}>
        {state.busy ? "Importing..." : "Import CSV"}
      </Button>
      <p id="import-warning" className="sr-only">
        {IMPORT_WARNING}
      </p>
      {/* After the Export button too, on a line of its own. */}
      <div role="status" className="order-last basis-full">
        {answer ? <ImportSummary answer={answer} /> : null}
      </div>
    </>
  );
}

function ImportSummary({ answer }: { answer: ImportAnswer }) {
  if (answer.error) {
    return (
      <p className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200">
        {answer.error}
      </p>
    );
  }
  const problems = answer.problems ?? [];
  const unread = problems.length + (answer.moreProblems ?? 0);
  return (
    <div className="space-y-2 rounded-xl border border-stone-200 bg-white p-4 text-sm dark:border-stone-800 dark:bg-stone-900">
      <p className="font-medium">
        Imported: {answer.added ?? 0} added, {answer.alreadyOn ?? 0} already on the list, {answer.leftOff ?? 0} left off
        {unread > 0 ? `, ${unread} ${unread === 1 ? "line" : "lines"} could not be read` : ""}.
      </p>
      <p className="text-amber-800 dark:text-amber-300">{IMPORT_WARNING}</p>
      {problems.length > 0 ? (
        <ul
          aria-label="Lines that could not be read"
          className="max-h-48 list-inside list-disc overflow-y-auto text-stone-600 dark:text-stone-400"
        >
          {problems.map((problem) => (
            <li key={problem.line}>
              Line {problem.line}: {problem.message}
            </li>
          ))}
          {answer.moreProblems ? <li>…and {answer.moreProblems} more.</li> : null}
        </ul>
      ) : null}
    </div>
  );
}

type RemoveAnswer = { success: boolean; email?: string; error?: string };

/** One address, with Remove (after a confirm); once removed, a line saying so, with Undo. */
function SubscriberRow({
  subscriber,
  domId,
  timeZone,
  removed,
  onRemoved,
}: {
  subscriber: Subscriber;
  domId: string;
  timeZone: string | undefined;
  removed: boolean;
  onRemoved: (removed: boolean) => void;
}) {
  const fetcher = useFetcher<RemoveAnswer>();
  const { addToast } = useToasts();
  const asked = useRef<"remove" | "restore" | null>(null);
  const row = useRef<HTMLLIElement>(null);
  const refocus = useRef(false);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const intent = asked.current;
    if (busy || !fetcher.data || !intent) return;
    asked.current = null;
    if (!fetcher.data.success) {
      addToast(`${NEWSLETTER_TEXT.removeFailed}: ${fetcher.data.error ?? NEWSLETTER_TEXT.failed}`, "error");
      return;
    }
    refocus.current = true;
    onRemoved(intent === "remove");
    if (intent === "restore") addToast(NEWSLETTER_TEXT.restored(subscriber.email), "success");
  }, [busy, fetcher.data, onRemoved, addToast, subscriber.email]);

  // The button pressed is gone: the keyboard goes to the one in its place, once the row shows it
  // (a frame is not always enough on a busy phone, and focus on a button about to go is lost).
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    row.current?.querySelector<HTMLElement>("button")?.focus();
  }, [removed]);

  const submit = (intent: "remove" | "restore") => {
    if (busy) return;
    asked.current = intent;
    void fetcher.submit({ intent, id: subscriber.id }, { method: "post", action: SUBSCRIBERS_API, defaultShouldRevalidate: false });
  };

  return (
    <li ref={row} id={domId} tabIndex={-1} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 sm:px-5">
      {removed ? (
        <>
          <span role="status" className="min-w-0 break-all text-sm text-stone-600 dark:text-stone-400">
            {NEWSLETTER_TEXT.removed(subscriber.email)}
          </span>
          <Button
            aria-disabled={busy || undefined}
            onClick={() => submit("restore")}
            variant="quiet"
            size="xs"
            aria-label={`${NEWSLETTER_TEXT.undo}: ${subscriber.email}`}
          >
            {NEWSLETTER_TEXT.undo}
          </Button>
        </>
      ) : (
        <>
          <span className="min-w-0 flex-1 break-all font-medium">{subscriber.email}</span>
          <span className="flex shrink-0 items-center gap-3">
            <time dateTime={isoDate(subscriber.timestamp)} className="text-sm text-stone-600 dark:text-stone-400">
              {formatDate(subscriber.timestamp, timeZone)}
            </time>
            <Button
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy && window.confirm(NEWSLETTER_TEXT.confirmRemove(subscriber.email))) submit("remove");
              }}
              variant="danger"
              size="xs"
              aria-label={`${busy ? NEWSLETTER_TEXT.removing : NEWSLETTER_TEXT.remove}: ${subscriber.email}`}
            >
              {busy ? NEWSLETTER_TEXT.removing : NEWSLETTER_TEXT.remove}
            </Button>
          </span>
        </>
      )}
    </li>
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
  // Taken off the list by hand in this visit: shown in place with Undo until the page is loaded again.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  // After an import the dashboard's loader runs again: once its new first page arrives, the list starts from it.
  const [importedOver, setImportedOver] = useState<SubscribersPanelProps["initial"] | null>(null);
  const { reset } = list;
  useEffect(() => {
    if (importedOver === null || initial === importedOver || "error" in initial) return;
    setImportedOver(null);
    reset({ items: initial.subscribers, nextCursor: initial.nextCursor, count: initial.subscribedCount });
  }, [initial, importedOver, reset]);

  return (
    <PanelFrame
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
    </PanelFrame>
  );
}
