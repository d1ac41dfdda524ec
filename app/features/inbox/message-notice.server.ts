import { enqueueMail } from "#app/lib/mail/outbox.server.ts";
import { messageNotice, NOTIFY_EVERY_MS } from "#app/lib/mail/notifications.server.ts";
import { adminEmails } from "#app/lib/auth/admin-emails.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";
import { loadSiteSettings } from "#app/domain/site/site-settings.server.ts";

/** How often each process looks for new messages to tell of. */
// Two indexed reads per look: cheap enough to look often, so a message is told of within seconds once the 10 minutes are over.
const LOOK_EVERY_MS = 5_000;
const EXCERPT = 1_000;

/**
 * Mails the admins about fan messages that arrived since the last such mail,
 * all of them in one, at most once per NOTIFY_EVERY_MS. The notice's row is
 * moved forward in the same transaction as the mail is queued, and only if no
 * other process moved it first: one mail per batch of messages, however many
 * processes look. Resolves true when a mail was queued.
 */
export async function notifyNewMessages(services: Pick<Services, "db" | "env" | "mail">, now = Date.now()): Promise<boolean> {
  if (!services.mail) return false;
  const { db } = services;
  const notice = await messageNotice(db, now);
  if (!notice.enabled) return false;
  if (notice.lastSentAt !== null && now - notice.lastSentAt < NOTIFY_EVERY_MS) return false;
  const messages = await db
    .selectFrom("contacts")
    .select(["name", "email", "message", "timestamp"])
    .where("timestamp", ">", notice.coveredUntil)
    .where("timestamp", "<=", now)
    .orderBy("timestamp")
    .execute();
  if (messages.length === 0) return false;
  const admins = await adminEmails(db);
  if (admins.length === 0) return false;
  const until = Math.max(...messages.map((message) => Number(message.timestamp)));
  const { artist } = await loadSiteSettings(db);
  const count = messages.length;
  const first = messages[0];
  const subject = count === 1 ? `New message from ${first?.name?.trim() || "a fan"}` : `${count} new messages on ${artist.name}'s site`;
  // Reply answers the fan, not the site's own address: when every message is from one address (one fan, the usual case).
  const senders = new Set(messages.map((message) => message.email?.trim().toLowerCase() || null));
  const only = senders.size === 1 ? [...senders][0] : null;
  const replyTo = only ? { name: messages.find((message) => message.name?.trim())?.name?.trim() ?? "", address: only } : undefined;
  const text = [
    `${count === 1 ? "A fan wrote" : `${count} fans wrote`} through the contact form:`,
    ...messages.map((message) => {
      const from =
        [message.name?.trim(), message.email ? `<${message.email}>` : null].filter(Boolean).join(" ") || "Someone who left no name";
      const body = message.message.length > EXCERPT ? `${message.message.slice(0, EXCERPT)}…` : message.message;
      const reply = count > 1 && message.email ? `\nReply: mailto:${message.email}` : "";
      return `${from}, ${new Date(Number(message.timestamp)).toUTCString()}:\n${body}${reply}`;
    }),
    `${replyTo ? "Reply to this mail to answer. Every message is in the dashboard" : "Read and answer them in the dashboard"}: ${services.env.publicUrl}${dashboardPath}\n\nTurn these mails off in the dashboard's Mail area.`,
  ].join("\n\n");
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("notifications")
      .set({ lastSentAt: now, coveredUntil: until })
      .where("kind", "=", "new-messages")
      .where("coveredUntil", "=", notice.coveredUntil)
      .where("enabled", "=", 1)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await enqueueMail(trx, { subject, text, listUnsubscribe: false, replyTo }, admins, now);
    return true;
  });
}

/** Looks for new messages every LOOK_EVERY_MS in this process, until stopped. */
export function startMessageNotices(services: Pick<Services, "db" | "env" | "mail">): { stop(): Promise<void> } {
  // The notice starts now: messages from before mail was on are not mailed about.
  let running: Promise<unknown> = messageNotice(services.db).catch((error: unknown) => console.error("New-message notice failed", error));
  const timer = setInterval(() => {
    running = notifyNewMessages(services)
      .then((queued) => queued && services.mail?.wake())
      .catch((error: unknown) => console.error("New-message notice failed", error));
  }, LOOK_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
