import { describe, expect, it } from "vitest";
import { errorOf, readListPage } from "./list-page.ts";

describe("readListPage", () => {
  const keys = { items: "messages", count: "unreadCount" };

  it("reads a page under the list's own names", () => {
    expect(readListPage({ messages: [{ id: "a" }], nextCursor: "c", unreadCount: 3 }, keys)).toEqual({
      items: [{ id: "a" }],
      nextCursor: "c",
      count: 3,
    });
    expect(readListPage({ songs: [], nextCursor: null }, { items: "songs" })).toEqual({ items: [], nextCursor: null, count: null });
  });

  it("is null for anything that is not a page: an error, a missing count, a bad cursor", () => {
    for (const data of [
      undefined,
      null,
      "text",
      { error: "Please sign in as an admin." },
      { messages: [], nextCursor: null },
      { messages: [], nextCursor: 5, unreadCount: 0 },
      { messages: {}, nextCursor: null, unreadCount: 0 },
    ]) {
      expect(readListPage(data, keys)).toBeNull();
    }
  });
});

describe("errorOf", () => {
  it("gives the answer's error, or the fallback", () => {
    expect(errorOf({ error: "Invalid cursor" }, "Something went wrong.")).toBe("Invalid cursor");
    for (const data of [undefined, "oops", { error: "" }, { error: 42 }])
      expect(errorOf(data, "Something went wrong.")).toBe("Something went wrong.");
  });
});
