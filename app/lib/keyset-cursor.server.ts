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
