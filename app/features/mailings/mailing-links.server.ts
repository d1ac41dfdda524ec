import type { Db } from "#app/lib/db/db.server.ts";
import type { MailLink } from "#app/lib/mail/mail-links.ts";

/**
 * A sent mailing's links (app/lib/mail/mail-links.ts), stored in the
 * transaction that marks it sent and stores its words: a /go/ address in a
 * mail never exists without its row.
 */
export async function storeMailingLinks(trx: Db, mailingId: string, links: readonly MailLink[]): Promise<void> {
  if (links.length === 0) return;
  await trx
    .insertInto("mailingLinks")
    .values(links.map((link) => ({ id: link.id, mailingId, position: link.position, url: link.url })))
    .execute();
}

/** Where a mailing's link leads, or null when no sent mailing has it (mistyped, guessed, or its mailing deleted). */
export async function mailingLinkTarget(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom("mailingLinks").select("url").where("id", "=", id).executeTakeFirst();
  return row?.url ?? null;
}
