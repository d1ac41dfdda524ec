import { useCallback, useEffect, useId, useReducer, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { errorOf, isRecord } from "#app/components/paged-list/list-page.ts";
import { ListEmpty, ListLoadError } from "#app/components/paged-list/list-parts.tsx";
import { LoadMoreButton } from "#app/components/paged-list/load-more-button.tsx";
import { useFocusAfterRender } from "#app/components/paged-list/use-focus-after-render.ts";
import { useLoadMore } from "#app/components/paged-list/use-paged-list.ts";
import { useVisitorTimeZone } from "#app/components/paged-list/use-visitor-time-zone.ts";
import { Button } from "#app/components/ui/button.tsx";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { formatDateTime, isoDate } from "#app/lib/time/format-date.ts";
import {
  displayName,
  initialMessageList,
  messageListReducer,
  messageListView,
  type InboxMessage,
  type MessageIntent,
  type InboxPage,
  type MessageRow,
} from "./inbox-message.ts";
import { INBOX_TEXT } from "./ui-text.ts";

const INBOX_API = "/api/messages";
const EMPTY_MESSAGES = "No messages yet";
const DELETE_CONFIRMATION = "Are you sure you want to delete this message?";

export type InboxPanelProps = { initial: InboxPage | { error: string } };

const failurePrefix: Record<MessageIntent, string> = {
  "mark-read": "Failed to mark message as read",
  delete: "Failed to delete message",
};

/** The API's answer to a mutation; a 401/403 `{ error }` counts as a failure with its message. */
function outcomeOf(data: unknown): { success: true } | { success: false; error: string } {
  return isRecord(data) && data.success === true ? { success: true } : { success: false, error: errorOf(data, INBOX_TEXT.unexpected) };
}

function MessageItem({
  row,
  domId,
  timeZone,
  onStart,
  onSettled,
}: {
  row: MessageRow;
  domId: string;
  timeZone: string | undefined;
  onStart: (id: string, intent: MessageIntent) => void;
  onSettled: (id: string, intent: MessageIntent, outcome: ReturnType<typeof outcomeOf>) => void;
}) {
  const { message, pending, hidden } = row;
  const fetcher = useFetcher();
  // The fetcher forgets its form data once idle; the answer's handler needs to know what was asked.
  const asked = useRef<MessageIntent | null>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const name = displayName(message);
  const unread = message.status === "unread";

  useEffect(() => {
    const intent = asked.current;
    if (fetcher.state !== "idle" || fetcher.data === undefined || !intent) return;
    asked.current = null;
    onSettled(message.id, intent, outcomeOf(fetcher.data));
  }, [fetcher.state, fetcher.data, message.id, onSettled]);

  const busy = pending !== null;
  const submit = (intent: MessageIntent) => {
    if (busy) return;
    asked.current = intent;
    onStart(message.id, intent);
    // The panel keeps its own list, so the dashboard's loaders need not run again.
    void fetcher.submit({ intent, id: message.id }, { method: "post", action: INBOX_API, defaultShouldRevalidate: false });
  };

  // A row being deleted stays mounted (its fetcher is waiting for the answer) but shows nothing.
  if (hidden) return null;

  return (
    <li>
      <article
        id={domId}
        tabIndex={-1}
        aria-labelledby={`${domId}-name`}
        className={`rounded-2xl border p-4 sm:p-5 ${
          unread
            ? "border-brand-300 border-l-4 border-l-brand-600 bg-brand-50 dark:border-brand-800 dark:border-l-brand-400 dark:bg-brand-800/15"
            : "border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900"
        }`}
      >
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h3 id={`${domId}-name`} className={`break-words ${unread ? "font-bold" : "font-semibold"}`}>
              {name}
            </h3>
            {message.email ? (
              <a
                href={`mailto:${message.email}`}
                className="text-sm break-all text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
              >
                {message.email}
              </a>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm text-stone-600 dark:text-stone-400">
            {unread ? (
              <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold uppercase tracking-wider text-white dark:bg-brand-500 dark:text-stone-950">
                Unread
              </span>
            ) : null}
            <time dateTime={isoDate(message.timestamp)}>{formatDateTime(message.timestamp, timeZone)}</time>
          </div>
        </div>
        {/* Plain text with its line breaks kept; React escapes it, so it can never become markup. */}
        <p className="mt-3 whitespace-pre-wrap [overflow-wrap:anywhere] text-stone-800 dark:text-stone-200">{message.message}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          {unread ? (
            <Button
              aria-disabled={busy || undefined}
              onClick={() => {
                if (busy) return;
                submit("mark-read");
                // The button goes away once read; keep the keyboard in this message.
                deleteButton.current?.focus();
              }}
              // The name starts with the visible words, so saying "Mark as Read" reaches it (WCAG 2.5.3).
              aria-label={`Mark as Read: message from ${name}`}
              variant="strong"
              size="sm"
            >
              Mark as Read
            </Button>
          ) : null}
          <Button
            ref={deleteButton}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy && window.confirm(DELETE_CONFIRMATION)) submit("delete");
            }}
            aria-label={`Delete: message from ${name}`}
            variant="danger"
            size="sm"
          >
            Delete
          </Button>
        </div>
      </article>
    </li>
  );
}

function UnreadBadge({ count }: { count: number }) {
  // The live region is always there, so a screen reader hears the count change.
  return (
    <span aria-live="polite" aria-atomic="true">
      {count > 0 ? (
        <span
          data-testid="unread-badge"
          className="rounded-full bg-brand-600 px-3 py-1 text-sm font-semibold text-white dark:bg-brand-500 dark:text-stone-950"
        >
          {count} unread<span className="sr-only">{count === 1 ? " message" : " messages"}</span>
        </span>
      ) : null}
    </span>
  );
}

function PanelFrame({ headingId, unreadCount, children }: { headingId: string; unreadCount: number; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} tabIndex={-1} className="text-2xl font-semibold">
          Contact Messages
        </h2>
        <UnreadBadge count={unreadCount} />
      </div>
      {children}
    </section>
  );
}

function MessageList({ page, headingId }: { page: InboxPage; headingId: string }) {
  const [state, dispatch] = useReducer(messageListReducer, page, initialMessageList);
  const { addToast } = useToasts();
  const timeZone = useVisitorTimeZone();
  const idPrefix = useId();
  const domIdOf = (id: string) => `${idPrefix}message-${id}`;
  const view = messageListView(state);

  // Where the keyboard goes once the row it was on disappears, or once a page arrives.
  const setFocusTarget = useFocusAfterRender();

  const onStart = (id: string, intent: MessageIntent) => {
    if (intent === "delete") {
      const visible = view.rows.filter((r) => !r.hidden);
      const at = visible.findIndex((r) => r.message.id === id);
      const next = visible[at + 1] ?? visible[at - 1];
      setFocusTarget(next ? domIdOf(next.message.id) : headingId);
    }
    dispatch({ kind: "start", id, intent });
  };

  // Stable, so a row's effect does not run again just because the panel re-rendered.
  const settle = useRef<(id: string, intent: MessageIntent, outcome: ReturnType<typeof outcomeOf>) => void>(() => {});
  settle.current = (id, intent, outcome) => {
    if (outcome.success) {
      dispatch({ kind: "succeeded", id, intent });
      return;
    }
    addToast(`${failurePrefix[intent]}: ${outcome.error}`, "error");
    dispatch({ kind: "failed", id, gone: outcome.error === INBOX_TEXT.notFound });
  };
  const onSettled = useCallback(
    (id: string, intent: MessageIntent, outcome: ReturnType<typeof outcomeOf>) => settle.current(id, intent, outcome),
    [],
  );

  const { loading, loadMore } = useLoadMore<InboxMessage>({
    endpoint: INBOX_API,
    keys: { items: "messages", count: "unreadCount" },
    nextCursor: state.nextCursor,
    words: { loadFailed: INBOX_TEXT.loadFailed, unexpected: INBOX_TEXT.unexpected },
    onPage: (page) => {
      dispatch({
        kind: "appended",
        page: { messages: page.items, nextCursor: page.nextCursor, unreadCount: page.count ?? state.unreadCount },
      });
      const first = page.items[0];
      if (first) setFocusTarget(domIdOf(first.id));
    },
  });

  return (
    <PanelFrame headingId={headingId} unreadCount={view.unreadCount}>
      {view.shown === 0 && !state.nextCursor ? (
        <ListEmpty>{EMPTY_MESSAGES}</ListEmpty>
      ) : (
        <ul className="space-y-4" aria-label="Messages, newest first">
          {view.rows.map((row) => (
            <MessageItem
              key={row.message.id}
              row={row}
              domId={domIdOf(row.message.id)}
              timeZone={timeZone}
              onStart={onStart}
              onSettled={onSettled}
            />
          ))}
        </ul>
      )}
      {state.nextCursor ? <LoadMoreButton loading={loading} onClick={loadMore} /> : null}
    </PanelFrame>
  );
}

/**
 * The dashboard's Contact Messages: the first page comes from the dashboard's
 * loader; marking read, deleting and further pages go through /api/messages
 * without reloading the page.
 */
export function InboxPanel({ initial }: InboxPanelProps) {
  const headingId = `${useId()}messages-heading`;
  if ("error" in initial) {
    return (
      <PanelFrame headingId={headingId} unreadCount={0}>
        <ListLoadError>{initial.error || INBOX_TEXT.loadFailed}</ListLoadError>
      </PanelFrame>
    );
  }
  return <MessageList page={initial} headingId={headingId} />;
}
