// What a paged admin list's API answers, read in the browser: a page of items,
// the cursor of the next one and (for most lists) a count, under each list's
// own names, or `{ error }`.

export type ListPage<Item> = { items: Item[]; nextCursor: string | null; count: number | null };

/** Where a list's answer keeps its items and its count, e.g. `{ items: "messages", count: "unreadCount" }`. */
export type PageKeys = { items: string; count?: string };

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The `{ error }` of an answer, or `fallback` when it has none worth showing. */
export const errorOf = (data: unknown, fallback: string): string =>
  isRecord(data) && typeof data.error === "string" && data.error ? data.error : fallback;

/**
 * A page from the answer, or null when it is not one (an `{ error }`, a 401 or
 * 403 from a session that ended). The items are the admin API's own rows,
 * checked as far as the list needs: an array.
 */
export function readListPage<Item>(data: unknown, keys: PageKeys): ListPage<Item> | null {
  if (!isRecord(data)) return null;
  const items = data[keys.items];
  if (!Array.isArray(items)) return null;
  const count = keys.count === undefined ? null : data[keys.count];
  if (count !== null && typeof count !== "number") return null;
  if (data.nextCursor !== null && typeof data.nextCursor !== "string") return null;
  return { items: items as Item[], nextCursor: data.nextCursor, count };
}
