import { describe, expect, it } from "vitest";
import { formatDateTime as formatMessageDate } from "#app/lib/time/format-date.ts";
import {
  displayName,
  initialMessageList,
  messageListReducer,
  messageListView,
  type InboxMessage,
  type MessageListState,
} from "./inbox-message.ts";

const at = Date.UTC(2026, 10, 22, 15, 5); // November 22, 2026, 15:05 UTC

describe("formatMessageDate", () => {
  it("writes US long dates with 12-hour time in the given zone", () => {
    expect(formatMessageDate(at, "UTC")).toBe("November 22, 2026 at 3:05 PM");
    expect(formatMessageDate(at, "America/New_York")).toBe("November 22, 2026 at 10:05 AM");
    expect(formatMessageDate(Date.UTC(2026, 6, 4, 0, 0), "America/New_York")).toBe("July 3, 2026 at 8:00 PM");
    expect(formatMessageDate(Date.UTC(2027, 0, 1, 0, 30), "UTC")).toBe("January 1, 2027 at 12:30 AM");
  });

  it("uses only plain spaces, so server and browser print the same text", () => {
    expect(formatMessageDate(at, "UTC")).not.toMatch(/[\u00a0\u202f]/);
  });

  it("says 'Unknown date' when the time is missing or invalid", () => {
    for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, 9e15]) {
      expect(formatMessageDate(value, "UTC")).toBe("Unknown date");
    }
  });

  it("falls back to UTC for an unknown time zone", () => {
    expect(formatMessageDate(at, "Not/AZone")).toBe("November 22, 2026 at 3:05 PM");
  });
});

describe("displayName", () => {
  it("shows the name, or 'Anonymous' when it is missing or blank", () => {
    expect(displayName({ name: "Ada Lovelace" })).toBe("Ada Lovelace");
    expect(displayName({ name: "  Ada  " })).toBe("Ada");
    expect(displayName({ name: null })).toBe("Anonymous");
    expect(displayName({ name: "" })).toBe("Anonymous");
    expect(displayName({ name: "   " })).toBe("Anonymous");
  });
});

const message = (id: string, status: InboxMessage["status"] = "unread"): InboxMessage => ({
  id,
  name: null,
  email: null,
  message: `Text ${id}`,
  timestamp: at,
  status,
});

describe("the area's list state", () => {
  const start = (): MessageListState =>
    initialMessageList({ messages: [message("a"), message("b", "read"), message("c")], nextCursor: "cur", unreadCount: 5 });
  const ids = (state: MessageListState) =>
    messageListView(state)
      .rows.filter((r) => !r.hidden)
      .map((r) => r.message.id);

  it("shows a message being marked read as read at once and commits on success", () => {
    let state = messageListReducer(start(), { kind: "start", id: "a", intent: "mark-read" });
    let view = messageListView(state);
    expect(view.rows[0]?.message.status).toBe("read");
    expect(view.rows[0]?.pending).toBe("mark-read");
    expect(view.unreadCount).toBe(4);
    state = messageListReducer(state, { kind: "succeeded", id: "a", intent: "mark-read" });
    view = messageListView(state);
    expect(view.rows[0]).toMatchObject({ pending: null, message: { status: "read" } });
    expect(view.unreadCount).toBe(4);
  });

  it("rolls a failed change back", () => {
    let state = messageListReducer(start(), { kind: "start", id: "a", intent: "mark-read" });
    state = messageListReducer(state, { kind: "failed", id: "a", gone: false });
    expect(messageListView(state).rows[0]).toMatchObject({ pending: null, message: { status: "unread" } });
    expect(messageListView(state).unreadCount).toBe(5);

    state = messageListReducer(state, { kind: "start", id: "c", intent: "delete" });
    expect(ids(state)).toEqual(["a", "b"]);
    expect(messageListView(state).shown).toBe(2);
    expect(messageListView(state).unreadCount).toBe(4);
    state = messageListReducer(state, { kind: "failed", id: "c", gone: false });
    expect(ids(state)).toEqual(["a", "b", "c"]);
    expect(messageListView(state).unreadCount).toBe(5);
  });

  it("hides a message being deleted but keeps its row until the server agrees", () => {
    let state = messageListReducer(start(), { kind: "start", id: "a", intent: "delete" });
    expect(messageListView(state).rows).toHaveLength(3);
    expect(ids(state)).toEqual(["b", "c"]);
    state = messageListReducer(state, { kind: "succeeded", id: "a", intent: "delete" });
    expect(state.items.map((i) => i.message.id)).toEqual(["b", "c"]);
    expect(messageListView(state).unreadCount).toBe(4);
    // Deleting a read message leaves the unread count alone.
    state = messageListReducer(messageListReducer(state, { kind: "start", id: "b", intent: "delete" }), {
      kind: "succeeded",
      id: "b",
      intent: "delete",
    });
    expect(messageListView(state).unreadCount).toBe(4);
  });

  it("drops a message someone else already deleted", () => {
    let state = messageListReducer(start(), { kind: "start", id: "c", intent: "mark-read" });
    state = messageListReducer(state, { kind: "failed", id: "c", gone: true });
    expect(ids(state)).toEqual(["a", "b"]);
    expect(messageListView(state).unreadCount).toBe(4);
  });

  it("appends a page without duplicates and takes the server's cursor and count", () => {
    const state = messageListReducer(start(), {
      kind: "appended",
      page: { messages: [message("c"), message("d"), message("e", "read")], nextCursor: null, unreadCount: 7 },
    });
    expect(ids(state)).toEqual(["a", "b", "c", "d", "e"]);
    expect(state.nextCursor).toBeNull();
    expect(messageListView(state).unreadCount).toBe(7);
  });

  it("never shows a negative count", () => {
    const state = initialMessageList({ messages: [message("a")], nextCursor: null, unreadCount: 0 });
    expect(messageListView(messageListReducer(state, { kind: "start", id: "a", intent: "delete" })).unreadCount).toBe(0);
  });
});
