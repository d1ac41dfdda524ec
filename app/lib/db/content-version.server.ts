import { sql, type Kysely } from "kysely";
import type { Database } from "./db-schema.ts";

/*
 * A number that moves on whenever what anonymous visitors see changes (a song
 * added or deleted, a new latest release), in the same transaction as the
 * change. Page caches compare it on every request
 * (server/page-cache/version.ts), so a change made through any
 * process shows on the very next page from every process. It lives in the
 * database, with Redis or without: one indexed read per cached page, and no
 * second source of truth that could disagree with the songs it describes.
 */

export async function currentContentVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("contentVersion").select("version").where("id", "=", 1).executeTakeFirst();
  return row?.version ?? 0;
}

/** Call inside the transaction that changes public content. */
export async function bumpContentVersion(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable("contentVersion")
    .set({ version: sql<number>`${sql.ref("version")} + 1` })
    .where("id", "=", 1)
    .execute();
}
