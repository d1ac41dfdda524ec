import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { type InboxMessage } from "./inbox-message.ts";
import { INBOX_TEXT } from "./ui-text.ts";
import { encodeCursor, PageQueryError } from "#app/lib/db/paged-list.server.ts";
import { deleteMessage, listMessages, markMessageRead, inboxForDashboard, pageQuery } from "./inbox.server.ts";

type Row = { id: string; name?: string | null; email?: string | null; message?: string; timestamp: number; status?: "unread" | "read" };

const BASE = Date.UTC(2026, 10, 22, 15, 5);
const pad = (n: number) => String(n).padStart(5, "0");
/** Newest first, the order the service promises; ids here sort the same under any collation. */
const newestFirst = (a: Row, b: Row) => b.timestamp - a.timestamp || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

describe.each(testStacks)("contact messages on %s", (kind) => {
  let site: TestSite;

  async function seed(rows: Row[]) {
    // Several rows per statement, in one transaction: thousands of rows in well under a second.
    await site.services.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500) {
        await trx
          .insertInto("contacts")
          .values(
            rows.slice(i, i + 500).map((r) => ({
              id: r.id,
              name: r.name ?? null,
              email: r.email ?? null,
              message: r.message ?? `Message ${r.id}`,
              timestamp: r.timestamp,
              status: r.status ?? "unread",
            })),
          )
          .execute();
      }
    });
  }

  async function allPages(limit: number): Promise<{ pages: InboxMessage[][]; cursors: (string | null)[] }> {
    const pages: InboxMessage[][] = [];
    const cursors: (string | null)[] = [];
    let before: string | null = null;
    do {
      const page = await listMessages(site.services, { before, limit });
      pages.push(page.messages);
      cursors.push(page.nextCursor);
      before = page.nextCursor;
      if (pages.length > 1000) throw new Error("pagination does not end");
    } while (before);
    return { pages, cursors };
  }

  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());
  beforeEach(async () => {
    await site.services.db.deleteFrom("contacts").execute();
  });

  it("gives an empty first page on a new site", async () => {
    expect(await listMessages(site.services)).toEqual({ messages: [], nextCursor: null, unreadCount: 0 });
    expect(await inboxForDashboard(site.services)).toEqual({ messages: [], nextCursor: null, unreadCount: 0 });
  });

  it("lists newest first, ties broken by id, with every field", async () => {
    await seed([
      { id: "msg-b", timestamp: BASE - 1000, name: "Ada", email: "ada@example.com", message: "Hello\nthere", status: "read" },
      { id: "msg-a", timestamp: BASE },
      { id: "msg-c", timestamp: BASE },
      { id: "msg-d", timestamp: BASE - 5000 },
    ]);
    const page = await listMessages(site.services);
    expect(page.messages.map((m) => m.id)).toEqual(["msg-c", "msg-a", "msg-b", "msg-d"]);
    expect(page.messages[2]).toEqual({
      id: "msg-b",
      name: "Ada",
      email: "ada@example.com",
      message: "Hello\nthere",
      timestamp: BASE - 1000,
      status: "read",
    });
    expect(page.messages[0]).toMatchObject({ name: null, email: null, status: "unread" });
    expect(typeof page.messages[0]?.timestamp).toBe("number");
    expect(page.nextCursor).toBeNull();
    expect(page.unreadCount).toBe(3);
  });

  it("pages through equal timestamps with no duplicates and no gaps", async () => {
    // 53 rows in clumps of 7 per millisecond, inserted out of order: page edges fall inside clumps.
    const rows: Row[] = Array.from({ length: 53 }, (_, i) => ({ id: `msg-${pad((i * 37) % 53)}`, timestamp: BASE + Math.floor(i / 7) }));
    await seed(rows);
    const expected = [...rows].sort(newestFirst).map((r) => r.id);

    for (const limit of [1, 5, 7, 10, 53, 100]) {
      const { pages, cursors } = await allPages(limit);
      const ids = pages.flat().map((m) => m.id);
      expect(ids, `limit ${limit}`).toEqual(expected);
      expect(new Set(ids).size).toBe(53);
      for (const page of pages.slice(0, -1)) expect(page).toHaveLength(limit);
      expect(pages.at(-1)?.length).toBeGreaterThan(0);
      expect(cursors.at(-1)).toBeNull();
    }
  });

  it("has no empty trailing page when the rows fill the last page exactly", async () => {
    await seed(Array.from({ length: 10 }, (_, i) => ({ id: `msg-${pad(i)}`, timestamp: BASE + i })));
    const first = await listMessages(site.services, { limit: 5 });
    expect(first.nextCursor).not.toBeNull();
    const second = await listMessages(site.services, { before: first.nextCursor, limit: 5 });
    expect(second.messages).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
  });

  it("keeps its place when the last row seen is deleted or new messages arrive", async () => {
    await seed(Array.from({ length: 6 }, (_, i) => ({ id: `msg-${pad(i)}`, timestamp: BASE + i })));
    const first = await listMessages(site.services, { limit: 3 });
    expect(first.messages.map((m) => m.id)).toEqual(["msg-00005", "msg-00004", "msg-00003"]);
    await deleteMessage(site.services, "msg-00003");
    await seed([{ id: "msg-99999", timestamp: BASE + 100 }]);
    const second = await listMessages(site.services, { before: first.nextCursor, limit: 3 });
    expect(second.messages.map((m) => m.id)).toEqual(["msg-00002", "msg-00001", "msg-00000"]);
  });

  it("uses 20 rows a page by default and never more than 100", async () => {
    await seed(Array.from({ length: 120 }, (_, i) => ({ id: `msg-${pad(i)}`, timestamp: BASE + i })));
    expect((await listMessages(site.services)).messages).toHaveLength(20);
    expect((await listMessages(site.services, { limit: 500 })).messages).toHaveLength(100);
    expect((await listMessages(site.services, { limit: "7" })).messages).toHaveLength(7);
    expect((await listMessages(site.services, { limit: "", before: "" })).messages).toHaveLength(20);
    for (const limit of [0, -1, 1.5, "abc", "10abc", Number.NaN]) {
      await expect(listMessages(site.services, { limit }), `limit ${String(limit)}`).rejects.toThrow(
        new PageQueryError(INBOX_TEXT.invalidLimit),
      );
    }
  });

  it("refuses a malformed cursor with a clear error", async () => {
    await seed([{ id: "msg-1", timestamp: BASE }]);
    const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64url");
    const malformed = [
      "not a cursor!",
      b64("not json"),
      b64(JSON.stringify({ timestamp: BASE, id: "msg-1" })),
      b64(JSON.stringify([BASE])),
      b64(JSON.stringify([-1, "msg-1"])),
      b64(JSON.stringify([1.5, "msg-1"])),
      b64(JSON.stringify([BASE, ""])),
      b64(JSON.stringify(["1", "msg-1"])),
      "A".repeat(600),
    ];
    for (const before of malformed) {
      const attempt = listMessages(site.services, { before });
      await expect(attempt, before).rejects.toBeInstanceOf(PageQueryError);
      await expect(listMessages(site.services, { before }), before).rejects.toThrow(INBOX_TEXT.invalidCursor);
    }
    // A well-formed cursor for a row that is gone is fine: it is only a position.
    const page = await listMessages(site.services, { before: encodeCursor({ timestamp: BASE + 1, id: "gone" }) });
    expect(page.messages.map((m) => m.id)).toEqual(["msg-1"]);
  });

  it("counts every unread message, not just the page's", async () => {
    await seed(
      Array.from({ length: 30 }, (_, i) => ({ id: `msg-${pad(i)}`, timestamp: BASE + i, status: i % 3 === 0 ? "read" : "unread" })),
    );
    const page = await listMessages(site.services, { limit: 5 });
    expect(page.unreadCount).toBe(20);
  });

  it("marks a message read, idempotently, with the spec's errors", async () => {
    await seed([
      { id: "msg-1", timestamp: BASE },
      { id: "msg-2", timestamp: BASE + 1 },
    ]);
    expect(await markMessageRead(site.services, "msg-1")).toEqual({ ok: true });
    expect(await markMessageRead(site.services, " msg-1 ")).toEqual({ ok: true });
    const page = await listMessages(site.services);
    expect(page.messages.map((m) => [m.id, m.status])).toEqual([
      ["msg-2", "unread"],
      ["msg-1", "read"],
    ]);
    expect(page.unreadCount).toBe(1);

    for (const id of ["", "   ", undefined, null, 42, { id: "msg-2" }]) {
      expect(await markMessageRead(site.services, id)).toEqual({ ok: false, status: 400, error: "Message ID is required" });
    }
    expect(await markMessageRead(site.services, "no-such-id")).toEqual({ ok: false, status: 404, error: "Message not found" });
    expect(await markMessageRead(site.services, "x".repeat(500))).toEqual({ ok: false, status: 404, error: "Message not found" });
    expect((await listMessages(site.services)).unreadCount).toBe(1);
  });

  it("deletes a message, with the spec's errors", async () => {
    await seed([
      { id: "msg-1", timestamp: BASE },
      { id: "msg-2", timestamp: BASE + 1 },
    ]);
    expect(await deleteMessage(site.services, "")).toEqual({ ok: false, status: 400, error: "Message ID is required" });
    expect(await deleteMessage(site.services, undefined)).toEqual({ ok: false, status: 400, error: "Message ID is required" });
    expect(await deleteMessage(site.services, "msg-1")).toEqual({ ok: true });
    expect(await deleteMessage(site.services, "msg-1")).toEqual({ ok: false, status: 404, error: "Message not found" });
    const page = await listMessages(site.services);
    expect(page.messages.map((m) => m.id)).toEqual(["msg-2"]);
    expect(page.unreadCount).toBe(1);
  });

  it("with 5,000 messages gives a first page of 20 through the index", async () => {
    await seed(
      Array.from({ length: 5000 }, (_, i) => ({
        id: `msg-${pad(i)}`,
        timestamp: BASE - i * 1000,
        status: i % 2 === 0 ? "read" : "unread",
      })),
    );
    const page = await listMessages(site.services);
    expect(page.messages).toHaveLength(20);
    expect(page.messages[0]?.id).toBe("msg-00000");
    expect(page.nextCursor).not.toBeNull();
    expect(page.unreadCount).toBe(2500);
    const second = await listMessages(site.services, { before: page.nextCursor });
    expect(second.messages[0]?.id).toBe("msg-00020");

    // The page is read from the (timestamp, id) index, not by sorting the table.
    const compiled = pageQuery(site.services.db, 21, { timestamp: BASE - 19_000, id: "msg-00019" }).compile();
    if (site.services.dialect === "postgres") await sql`analyze "contacts"`.execute(site.services.db);
    const explain = site.services.dialect === "sqlite" ? "explain query plan " : "explain ";
    const plan = await site.services.db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(explain + compiled.sql, [...compiled.parameters]),
    );
    const details = plan.rows.map((row) => String(site.services.dialect === "sqlite" ? row.detail : row["QUERY PLAN"])).join("\n");
    expect(details).toContain("contacts_timestamp_idx");
    // SQLite says "USE TEMP B-TREE FOR ORDER BY", PostgreSQL "Sort", when it sorts the table.
    expect(details).not.toMatch(/TEMP B-TREE|\bSort\b/);
  });
});
