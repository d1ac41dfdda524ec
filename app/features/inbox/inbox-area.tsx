import { useCallback, useId, useReducer, useRef, type ReactNode } from "react";
import { ListEmpty, ListLoadError } from "#app/components/paged-list/list-parts.tsx";
import { LoadMoreButton } from "#app/components/paged-list/load-more-button.tsx";
import { useFocusAfterRender } from "#app/components/paged-list/use-focus-after-render.ts";
import { useLoadMore } from "#app/components/paged-list/use-paged-list.ts";
import { useVisitorTimeZone } from "#app/components/paged-list/use-visitor-time-zone.ts";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import {
  initialMessageList,
  messageListReducer,
  messageListView,
  type InboxMessage,
  type MessageIntent,
  type InboxPage,
} from "./inbox-message.ts";
import type { WireAnswer } from "#app/lib/http/wire.ts";
import { INBOX_API, MessageItem } from "./message-item.tsx";
import { INBOX_TEXT } from "./ui-text.ts";

const EMPTY_MESSAGES = "No messages yet";

export type InboxAreaProps = { initial: InboxPage | { error: string } };

const failurePrefix: Record<MessageIntent, string> = {
  "mark-read": "Failed to mark message as read",
  delete: "Failed to delete message",
};

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

function AreaFrame({ headingId, unreadCount, children }: { headingId: string; unreadCount: number; children: ReactNode }) {
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

  // Stable, so a row's effect does not run again just because the area re-rendered.
  const settle = useRef<(id: string, intent: MessageIntent, outcome: WireAnswer) => void>(() => {});
  settle.current = (id, intent, outcome) => {
    if (outcome.success) {
      dispatch({ kind: "succeeded", id, intent });
      return;
    }
    addToast(`${failurePrefix[intent]}: ${outcome.error}`, "error");
    dispatch({ kind: "failed", id, gone: outcome.error === INBOX_TEXT.notFound });
  };
  const onSettled = useCallback((id: string, intent: MessageIntent, outcome: WireAnswer) => settle.current(id, intent, outcome), []);

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
    <AreaFrame headingId={headingId} unreadCount={view.unreadCount}>
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
    </AreaFrame>
  );
}

/**
 * The dashboard's Contact Messages: the first page comes from the dashboard's
 * loader; marking read, deleting and further pages go through /api/messages
 * without reloading the page.
 */
export function InboxArea({ initial }: InboxAreaProps) {
  const headingId = `${useId()}messages-heading`;
  if ("error" in initial) {
    return (
      <AreaFrame headingId={headingId} unreadCount={0}>
        <ListLoadError>{initial.error || INBOX_TEXT.loadFailed}</ListLoadError>
      </AreaFrame>
    );
  }
  return <MessageList page={initial} headingId={headingId} />;
}
