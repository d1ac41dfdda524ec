import type { Selectable } from "kysely";
import { z } from "zod";
import type { ContactsTable } from "#app/lib/db/db-schema.ts";
import type { Db } from "#app/lib/db/db.server.ts";
import { firstPageOrError, keysetPage, keysetRows, type Cursor, type PageRequest } from "#app/lib/db/paged-list.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { type InboxMessage, type InboxPage } from "./inbox-message.ts";
import { INBOX_TEXT } from "./ui-text.ts";

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

// Ids are ours (UUIDs), so anything far longer cannot exist.
const messageIdSchema = z.string({ error: INBOX_TEXT.idRequired }).trim().min(1, INBOX_TEXT.idRequired).max(200, INBOX_TEXT.notFound);

/** A refused id: none is a bad request (400); one longer than any of ours names no message (404). */
function refusedId(error: z.ZodError) {
  const issue = error.issues[0];
  return issue?.code === "too_big" ? refused(404, INBOX_TEXT.notFound) : refused(400, issue?.message ?? INBOX_TEXT.idRequired);
}

export type ListMessagesOptions = PageRequest;

function toMessage(row: Pick<Selectable<ContactsTable>, "id" | "name" | "email" | "message" | "timestamp" | "status">): InboxMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    timestamp: Number.isFinite(row.timestamp) ? row.timestamp : null,
    status: row.status === "read" ? "read" : "unread",
  };
}

const messageColumns = ["id", "name", "email", "message", "timestamp", "status"] as const;

/** Exported for the test that checks its query plan. */
export function pageQuery(db: Db, rows: number, before?: Cursor) {
  return keysetRows(db.selectFrom("contacts").select(messageColumns), "timestamp", rows, before);
}

/**
 * One page of messages, newest first (timestamp, then id, both descending),
 * after the `before` cursor. Reads at most limit + 1 rows through the
 * (timestamp, id) index and counts the unread through the status index; never
 * an OFFSET, never the whole table. Throws PageQueryError for a bad cursor
 * or limit.
 */
export async function listMessages(services: Services, options: ListMessagesOptions = {}): Promise<InboxPage> {
  const page = await keysetPage({
    query: services.db.selectFrom("contacts").select(messageColumns),
    time: "timestamp",
    request: options,
    size: { default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE },
    toItem: toMessage,
    count: services.db.selectFrom("contacts").where("status", "=", "unread"),
  });
  return { messages: page.items, nextCursor: page.nextCursor, unreadCount: page.count };
}

/** unread -> read. Marking a message that is already read again succeeds. */
export async function markMessageRead(services: Services, id: unknown): Promise<Result> {
  const parsedId = messageIdSchema.safeParse(id);
  if (!parsedId.success) return refusedId(parsedId.error);
  const result = await services.db.updateTable("contacts").set({ status: "read" }).where("id", "=", parsedId.data).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return refused(404, INBOX_TEXT.notFound);
  return ok();
}

export async function deleteMessage(services: Services, id: unknown): Promise<Result> {
  const parsedId = messageIdSchema.safeParse(id);
  if (!parsedId.success) return refusedId(parsedId.error);
  const result = await services.db.deleteFrom("contacts").where("id", "=", parsedId.data).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return refused(404, INBOX_TEXT.notFound);
  return ok();
}

/**
 * The first page for the dashboard's loader, in the shape InboxArea takes:
 * a failure is logged here and shown by the area as a banner, not a 500 page.
 */
export function inboxForDashboard(services: Services): Promise<InboxPage | { error: string }> {
  return firstPageOrError(() => listMessages(services), INBOX_TEXT.loadFailed);
}
