import { sql, type SelectQueryBuilder } from "kysely";
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import type { Database } from "./db-schema.ts";
import { denyUnlessAdmin, privateJson } from "#app/lib/auth/require-admin.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";

// The dashboard's paged lists, server side: newest first, a keyset page at a
// time (never an OFFSET, so page 500 costs what page 1 does), an opaque cursor
// for the next page, and the admin API's GET that answers them.

/** Where a newest-first page ended: the (time, id) of its last row. */
export type Cursor = { timestamp: number; id: string };

/** base64url JSON, so the cursor stays opaque and URL-safe. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.timestamp, cursor.id]), "utf8").toString("base64url");
}

const cursorTuple = z.tuple([z.int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().min(1).max(200)]);

/** Parses a cursor from a query string; `message` names the problem for the caller. */
function cursorSchema(message: string) {
  return z
    .string()
    .max(512)
    .regex(/^[A-Za-z0-9_-]+$/, message)
    .transform((value, ctx): Cursor => {
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
      } catch {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      const tuple = cursorTuple.safeParse(decoded);
      if (!tuple.success) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return { timestamp: tuple.data[0], id: tuple.data[1] };
    });
}

export const PAGE_ERRORS = { invalidCursor: "Invalid cursor", invalidLimit: "Invalid limit" } as const;

/** A list request the caller got wrong (bad cursor or limit): a 400, not a 500. */
export class PageQueryError extends Error {
  override name = "PageQueryError";
}

/** How a caller asks for a page; numbers may arrive as query-string text. */
export type PageRequest = { before?: string | null; limit?: number | string | null };

// Query strings give "" for a parameter that is present but empty: same as absent.
const absentIfEmpty = (value: unknown) => (value === "" || value === null ? undefined : value);

/** Validates a page request; asking for more than `max` rows is harmless and gets `max`. */
export function parsePageRequest(request: PageRequest, size: { default: number; max: number }): { before?: Cursor; limit: number } {
  const schema = z.object({
    before: z.preprocess(absentIfEmpty, cursorSchema(PAGE_ERRORS.invalidCursor).optional()),
    limit: z.preprocess(
      absentIfEmpty,
      z.coerce
        .number()
        .int()
        .min(1)
        .transform((n) => Math.min(n, size.max))
        .default(size.default),
    ),
  });
  const parsed = schema.safeParse(request);
  if (parsed.success) return parsed.data;
  throw new PageQueryError(parsed.error.issues[0]?.path[0] === "limit" ? PAGE_ERRORS.invalidLimit : PAGE_ERRORS.invalidCursor);
}

/** Cuts the `limit + 1` rows a keyset query read into a page and the cursor of the next one. */
function pageOf<Row>(rows: Row[], limit: number, cursorOf: (row: Row) => Cursor): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null };
}

/** A row a keyset list can page: its id and its time (epoch ms; PostgreSQL's bigint may come as text). */
type KeysetRow<Time extends string> = { id: string } & { [K in Time]: number | string | bigint };

/**
 * The rows of a list, newest first (time, then id, both descending), after
 * `before`, at most `rows` of them. `query` is the table with its filters and
 * columns; `time` is a column of that table, selected under its own name.
 * The order and the range are what a (time, id) index holds, so both SQLite
 * and PostgreSQL answer with one range scan of it.
 */
export function keysetRows<TB extends keyof Database, Time extends string, Row extends KeysetRow<Time>>(
  query: SelectQueryBuilder<Database, TB, Row>,
  time: Time,
  rows: number,
  before?: Cursor,
): SelectQueryBuilder<Database, TB, Row> {
  let page = query.orderBy(time, "desc").orderBy("id", "desc").limit(rows);
  if (before) {
    // A row-value comparison: (time, id) < (t, i) is exactly "after the cursor" in this order.
    page = page.where(sql<boolean>`(${sql.ref(time)}, ${sql.ref("id")}) < (${before.timestamp}, ${before.id})`);
  }
  return page;
}

type PageSize = { default: number; max: number };

export type KeysetList<TB extends keyof Database, Time extends string, Row extends KeysetRow<Time>, Item> = {
  /** The list's table, filters and columns (keysetRows orders and cuts it). */
  query: SelectQueryBuilder<Database, TB, Row>;
  time: Time;
  request: PageRequest;
  size: PageSize;
  /** A row as the dashboard sees it; null leaves out a row that cannot be shown. */
  toItem: (row: Row) => Item | null;
};

export type KeysetPage<Item> = { items: Item[]; nextCursor: string | null };

/**
 * One page of a list and, when `count` is given (the rows to count: the
 * list's own filter, or another such as "unread"), how many rows it counts.
 * Reads at most limit + 1 rows; both queries run at once. Throws
 * PageQueryError for a bad cursor or limit.
 */
export async function keysetPage<
  TB extends keyof Database,
  Time extends string,
  Row extends KeysetRow<Time>,
  Item,
  // The rows to count, when the list shows a count; its presence decides the answer's shape.
  Count extends SelectQueryBuilder<Database, keyof Database, object> | undefined = undefined,
>(
  list: KeysetList<TB, Time, Row, Item> & { count?: Count },
): Promise<KeysetPage<Item> & (Count extends undefined ? object : { count: number })> {
  const { before, limit } = parsePageRequest(list.request, list.size);
  const [rows, counted] = await Promise.all([
    keysetRows(list.query, list.time, limit + 1, before).execute(),
    list.count?.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow(),
  ]);
  const page = pageOf(rows, limit, (row) => ({ timestamp: Number(row[list.time]), id: row.id }));
  const items = page.rows.map(list.toItem).filter((item): item is Item => item !== null);
  // PostgreSQL's count is a bigint; our pool parses it, but a string would be fine here too.
  const answer = counted ? { items, nextCursor: page.nextCursor, count: Number(counted.count) } : { items, nextCursor: page.nextCursor };
  return answer as KeysetPage<Item> & (Count extends undefined ? object : { count: number });
}

/**
 * A list's first page for the dashboard's loader: a failure is logged here and
 * becomes `{ error: loadFailed }`, which the list's area shows as a banner, so
 * one list failing leaves the rest of the dashboard working.
 */
export async function firstPageOrError<Page>(list: () => Promise<Page>, loadFailed: string): Promise<Page | { error: string }> {
  try {
    return await list();
  } catch (error) {
    console.error(`${loadFailed}:`, error);
    return { error: loadFailed };
  }
}

/**
 * The GET of an admin list API: 401/403 unless an admin asks, then the page
 * `?before=<cursor>&limit=<n>` asks for; a bad cursor or limit is a 400 with
 * what was wrong, anything else a 500 with the list's `loadFailed` words (the
 * details go to the log, not the browser).
 */
export async function adminListLoader(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  list: (services: Services, page: PageRequest) => Promise<unknown>,
  loadFailed: string,
): Promise<Response> {
  const services = servicesOf(context);
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;
  const params = new URL(request.url).searchParams;
  try {
    return privateJson(await list(services, { before: params.get("before"), limit: params.get("limit") }));
  } catch (error) {
    if (error instanceof PageQueryError) return privateJson({ error: error.message }, 400);
    console.error(`${loadFailed}:`, error);
    return privateJson({ error: loadFailed }, 500);
  }
}
