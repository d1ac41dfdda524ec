import type { Selectable } from "kysely";
import { z } from "zod";
import type { ContactsTable } from "#app/lib/db-schema.ts";
import type { Db } from "#app/lib/db.server.ts";
import { cursorSchema, encodeCursor, type Cursor } from "#app/lib/keyset-cursor.server.ts";

import type { Outcome } from "#app/lib/outcome.ts";
import type { Services } from "#app/lib/services.server.ts";
import { MESSAGE_ERRORS, type Message, type MessagePage } from "./message.ts";

export type { Outcome } from "#app/lib/outcome.ts";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** A list request the caller got wrong (bad cursor or limit): a 400, not a 500. */
export class MessageQueryError extends Error {
  override name = "MessageQueryError";
}

// Ids are ours (UUIDs), so anything far longer cannot exist.
const messageIdSchema = z
  .string({ error: MESSAGE_ERRORS.idRequired })
  .trim()
  .min(1, MESSAGE_ERRORS.idRequired)
  .max(200, MESSAGE_ERRORS.notFound);

const messageCursor = cursorSchema(MESSAGE_ERRORS.invalidCursor);

// Query strings give "" for a parameter that is present but empty: same as absent.
const absentIfEmpty = (value: unknown) => (value === "" || value === null ? undefined : value);

const listOptionsSchema = z.object({
  before: z.preprocess(absentIfEmpty, messageCursor.optional()),
  limit: z.preprocess(
    absentIfEmpty,
    z.coerce
      .number()
      .int()
      .min(1)
      // Asking for more than the maximum is harmless: the caller gets the maximum.
      .transform((n) => Math.min(n, MAX_PAGE_SIZE))
      .default(DEFAULT_PAGE_SIZE),
  ),
});

export type ListMessagesOptions = {
  /** The `nextCursor` of the previous page. */
  before?: string | null;
  /** Page size, default 20, at most 100; a numeric string (from a query string) is accepted. */
  limit?: number | string | null;
};

function toMessage(row: Pick<Selectable<ContactsTable>, "id" | "name" | "email" | "message" | "timestamp" | "status">): Message {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    timestamp: Number.isFinite(row.timestamp) ? row.timestamp : null,
    status: row.status === "read" ? "read" : "unread",
  };
}

/** Exported for the test that checks its query plan. */
export function pageQuery(db: Db, rows: number, before?: Cursor) {
  let query = db
    .selectFrom("contacts")
    .select(["id", "name", "email", "message", "timestamp", "status"])
    .orderBy("timestamp", "desc")
    .orderBy("id", "desc")
    .limit(rows);
  if (before) {
    // A row-value comparison: both SQLite and PostgreSQL turn it into one range scan of the index.
    query = query.where((eb) => eb(eb.refTuple("timestamp", "id"), "<", eb.tuple(before.timestamp, before.id)));
  }
  return query;
}

/**
 * One page of messages, newest first (timestamp, then id, both descending),
 * after the `before` cursor. Reads at most limit + 1 rows through the
 * (timestamp, id) index and counts the unread through the status index; never
 * an OFFSET, never the whole table. Throws MessageQueryError for a bad cursor
 * or limit.
 */
export async function listMessages(services: Services, options: ListMessagesOptions = {}): Promise<MessagePage> {
  const parsed = listOptionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new MessageQueryError(issue?.path[0] === "limit" ? MESSAGE_ERRORS.invalidLimit : MESSAGE_ERRORS.invalidCursor);
  }
  const { before, limit } = parsed.data;

  const [rows, unread] = await Promise.all([
    pageQuery(services.db, limit + 1, before).execute(),
    services.db
      .selectFrom("contacts")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("status", "=", "unread")
      .executeTakeFirstOrThrow(),
  ]);

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    messages: page.map(toMessage),
    nextCursor: rows.length > limit && last ? encodeCursor({ timestamp: last.timestamp, id: last.id }) : null,
    // PostgreSQL's count is a bigint; our pool parses it, but a string would be fine here too.
    unreadCount: Number(unread.count),
  };
}

/** unread -> read. Marking a message that is already read again succeeds. */
export async function markMessageRead(services: Services, id: unknown): Promise<Outcome> {
  const parsedId = messageIdSchema.safeParse(id);
  if (!parsedId.success) return { success: false, error: parsedId.error.issues[0]?.message ?? MESSAGE_ERRORS.idRequired };
  const result = await services.db
    .updateTable("contacts")
    .set({ status: "read" })
    .where("id", "=", parsedId.data)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return { success: false, error: MESSAGE_ERRORS.notFound };
  return { success: true };
}

export async function deleteMessage(services: Services, id: unknown): Promise<Outcome> {
  const parsedId = messageIdSchema.safeParse(id);
  if (!parsedId.success) return { success: false, error: parsedId.error.issues[0]?.message ?? MESSAGE_ERRORS.idRequired };
  const result = await services.db.deleteFrom("contacts").where("id", "=", parsedId.data).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return { success: false, error: MESSAGE_ERRORS.notFound };
  return { success: true };
}

/**
 * The first page for the dashboard's loader, in the shape MessagesPanel takes:
 * a failure is logged here and shown by the panel as a banner, not a 500 page.
 */
export async function messagesForDashboard(services: Services): Promise<MessagePage | { error: string }> {
  try {
    return await listMessages(services);
  } catch (error) {
    console.error("Loading messages failed", error);
    return { error: MESSAGE_ERRORS.loadFailed };
  }
}
