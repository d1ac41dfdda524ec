// A contact message as the dashboard sees it (SPEC section 3, Contact message),
// its display helpers and the area's list state. Shared by the server and the browser.

type MessageStatus = "unread" | "read";

export type InboxMessage = {
  id: string;
  name: string | null;
  email: string | null;
  message: string;
  /** Epoch milliseconds; null when unknown. */
  timestamp: number | null;
  status: MessageStatus;
};

/** One page of messages, newest first, with the total number still unread. */
export type InboxPage = { messages: InboxMessage[]; nextCursor: string | null; unreadCount: number };

export type MessageIntent = "mark-read" | "delete";

const ANONYMOUS = "Anonymous";

export function displayName(message: Pick<InboxMessage, "name">): string {
  return message.name?.trim() || ANONYMOUS;
}

// ---- The area's list state ------------------------------------------------
// Optimistic: a row being marked read shows as read and a row being deleted is
// hidden at once, and the badge counts neither; the server's answer then
// commits or rolls the change back.

type MessageListItem = { message: InboxMessage; pending: MessageIntent | null };

export type MessageListState = {
  items: MessageListItem[];
  nextCursor: string | null;
  /** The server's unread count, adjusted by changes it has confirmed. */
  unreadCount: number;
};

export type MessageListAction =
  | { kind: "start"; id: string; intent: MessageIntent }
  | { kind: "succeeded"; id: string; intent: MessageIntent }
  | { kind: "failed"; id: string; gone: boolean }
  | { kind: "appended"; page: InboxPage };

export function initialMessageList(page: InboxPage): MessageListState {
  return {
    items: page.messages.map((message) => ({ message, pending: null })),
    nextCursor: page.nextCursor,
    unreadCount: page.unreadCount,
  };
}

const isUnread = (item: MessageListItem | undefined) => item?.message.status === "unread";

export function messageListReducer(state: MessageListState, action: MessageListAction): MessageListState {
  switch (action.kind) {
    case "start":
      return {
        ...state,
        items: state.items.map((item) => (item.message.id === action.id ? { ...item, pending: action.intent } : item)),
      };
    case "succeeded": {
      const item = state.items.find((i) => i.message.id === action.id);
      const unreadCount = isUnread(item) ? Math.max(0, state.unreadCount - 1) : state.unreadCount;
      const items =
        action.intent === "delete"
          ? state.items.filter((i) => i.message.id !== action.id)
          : state.items.map((i) =>
              i.message.id === action.id ? { message: { ...i.message, status: "read" as const }, pending: null } : i,
            );
      return { ...state, items, unreadCount };
    }
    case "failed": {
      if (!action.gone) {
        return {
          ...state,
          items: state.items.map((item) => (item.message.id === action.id ? { ...item, pending: null } : item)),
        };
      }
      // Someone else deleted it: the row goes, and so does its share of the count.
      const item = state.items.find((i) => i.message.id === action.id);
      return {
        ...state,
        items: state.items.filter((i) => i.message.id !== action.id),
        unreadCount: isUnread(item) ? Math.max(0, state.unreadCount - 1) : state.unreadCount,
      };
    }
    case "appended": {
      const known = new Set(state.items.map((item) => item.message.id));
      const fresh = action.page.messages.filter((message) => !known.has(message.id));
      return {
        items: [...state.items, ...fresh.map((message) => ({ message, pending: null }))],
        nextCursor: action.page.nextCursor,
        // The server's count is newer than ours.
        unreadCount: action.page.unreadCount,
      };
    }
  }
}

export type MessageRow = { message: InboxMessage; pending: MessageIntent | null; hidden: boolean };

/**
 * What the area shows: rows being marked read show as read, rows being deleted
 * are hidden (but kept, so the component waiting for the answer stays mounted),
 * and the badge counts neither.
 */
export function messageListView(state: MessageListState): { rows: MessageRow[]; shown: number; unreadCount: number } {
  let optimisticallyRead = 0;
  let shown = 0;
  const rows = state.items.map(({ message, pending }): MessageRow => {
    if (pending && message.status === "unread") optimisticallyRead += 1;
    if (pending !== "delete") shown += 1;
    return {
      message: pending === "mark-read" ? { ...message, status: "read" } : message,
      pending,
      hidden: pending === "delete",
    };
  });
  return { rows, shown, unreadCount: Math.max(0, state.unreadCount - optimisticallyRead) };
}
