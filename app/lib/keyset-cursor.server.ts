import { z } from "zod";

/** Where a newest-first page ended: the (time, id) of its last row. */
export type Cursor = { timestamp: number; id: string };

/** base64url JSON, so the cursor stays opaque and URL-safe. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.timestamp, cursor.id]), "utf8").toString("base64url");
}

const cursorTuple = z.tuple([z.int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().min(1).max(200)]);

/** Parses a cursor from a query string; `message` names the problem for the caller. */
export function cursorSchema(message: string) {
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
export function pageOf<Row>(rows: Row[], limit: number, cursorOf: (row: Row) => Cursor): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null };
}
