import type { Db } from "#app/lib/db/db.server.ts";

/** At most one mail about new fan messages in this time, with everything new in it. */
export const NOTIFY_EVERY_MS = 10 * 60_000;

/**
 * The new-messages notice's row, made on first use: on, and covering
 * everything until now (no mail about what came before mail was on).
 */
export async function messageNotice(db: Db, now = Date.now()) {
  await db
    .insertInto("notifications")
    .values({ kind: "new-messages", enabled: 1, lastSentAt: null, coveredUntil: now })
    .onConflict((oc) => oc.column("kind").doNothing())
    .execute();
  const row = await db.selectFrom("notifications").selectAll().where("kind", "=", "new-messages").executeTakeFirstOrThrow();
  return {
    enabled: row.enabled === 1,
    lastSentAt: row.lastSentAt === null ? null : Number(row.lastSentAt),
    coveredUntil: Number(row.coveredUntil),
  };
}

/** Whether the notice is on, without starting it (the Mail area shows this with mail off too). */
export async function messageNoticeEnabled(db: Db): Promise<boolean> {
  const row = await db.selectFrom("notifications").select("enabled").where("kind", "=", "new-messages").executeTakeFirst();
  return row ? row.enabled === 1 : true;
}

/** Turns the notice on or off; turned on, it starts from now rather than telling of what came while it was off. */
export async function setMessageNotice(db: Db, enabled: boolean, now = Date.now()): Promise<void> {
  const current = await messageNotice(db, now);
  if (current.enabled === enabled) return;
  await db
    .updateTable("notifications")
    .set(enabled ? { enabled: 1, coveredUntil: now } : { enabled: 0 })
    .where("kind", "=", "new-messages")
    .execute();
}
