import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { z } from "zod";
import { dialectOf } from "#db/migrations/dialect.ts";
import type { Db } from "#app/lib/db/db.server.ts";
import { headerSafe } from "./header-safe.ts";
import { startWorkerLoop } from "#app/lib/platform/worker-loop.server.ts";
import type { MailConfig } from "./mail-config.server.ts";
import type { Mailer, OutgoingMail } from "./mailer.server.ts";

/** What a mail says, stored once for all its recipients. */
export type MailContent = {
  subject: string;
  /** `{{unsubscribeUrl}}` becomes each recipient's own link (with `listUnsubscribe`). */
  text: string;
  html?: string;
  /** A mailing to the list: List-Unsubscribe headers and each recipient's own link. */
  listUnsubscribe: boolean;
  /** Where Reply goes, when not to the sender (a fan's message: to the fan). */
  replyTo?: { name: string; address: string };
};

export const UNSUBSCRIBE_PLACEHOLDER = "{{unsubscribeUrl}}";

/** Stores a mail's words and queues it for `recipients` (each once, however often this is called for them). */
export async function enqueueMail(db: Db, content: MailContent, recipients: string[], now = Date.now()): Promise<string> {
  const contentId = await storeMailContent(db, content, now);
  await enqueueRecipients(db, contentId, recipients, now);
  return contentId;
}

async function storeMailContent(db: Db, content: MailContent, now = Date.now()): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("mailContents")
    .values({
      id,
      subject: content.subject,
      text: content.text,
      html: content.html ?? null,
      listUnsubscribe: content.listUnsubscribe ? 1 : 0,
      replyTo: content.replyTo ? JSON.stringify({ name: oneLine(content.replyTo.name), address: oneLine(content.replyTo.address) }) : null,
      createdAt: now,
    })
    .execute();
  return id;
}

async function enqueueRecipients(db: Db, contentId: string, recipients: string[], now = Date.now()): Promise<void> {
  for (let i = 0; i < recipients.length; i += 500) {
    const rows = recipients.slice(i, i + 500).map((recipient) => ({
      id: randomUUID(),
      contentId,
      recipient,
      status: "queued" as const,
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    }));
    await db
      .insertInto("outbox")
      .values(rows)
      .onConflict((oc) => oc.columns(["contentId", "recipient"]).doNothing())
      .execute();
  }
}

/** How many of a mail's recipients have it, could not be sent it, and are still waiting. */
export async function outboxProgress(db: Db, contentId: string): Promise<{ sent: number; failed: number; left: number }> {
  const rows = await db
    .selectFrom("outbox")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .where("contentId", "=", contentId)
    .groupBy("status")
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { sent: count("sent"), failed: count("failed"), left: count("queued") };
}

type Claimed = { id: string; contentId: string; recipient: string; attempts: number };

/**
 * The longest one attempt may take (connection, greeting and data timeouts,
 * with room). A lease always covers the mail in hand for this long, and no
 * more than that and the rest of its batch: a killed process's mail waits
 * about a minute for another process, never longer.
 */
const ATTEMPT_MS = 60_000;

/**
 * Takes up to `limit` due mails for `owner`, for long enough to try each once.
 * One statement: on PostgreSQL, rows another process is taking right now are
 * skipped (SKIP LOCKED), not waited for; SQLite runs one writer at a time.
 */
async function claim(db: Db, owner: string, limit: number, now: number, until: number): Promise<Claimed[]> {
  const lock = dialectOf(db as never) === "postgres" ? sql`for update skip locked` : sql``;
  const result = await sql<Claimed>`
    update outbox set "leaseOwner" = ${owner}, "leaseUntil" = ${until}, attempts = attempts + 1
    where id in (
      select id from outbox
      where status = 'queued' and "nextAttemptAt" <= ${now} and ("leaseUntil" is null or "leaseUntil" < ${now})
      order by "nextAttemptAt"
      limit ${limit}
      ${lock}
    )
    returning id, "contentId", recipient, attempts`.execute(db);
  return result.rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
}

/** Minutes to wait after the nth failed attempt: 1, 2, 4 … capped at 1 hour, for up to `MAX_ATTEMPTS`. */
const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
const MAX_ATTEMPTS = 12;

export type OutboxOptions = {
  db: Db;
  mailer: Mailer;
  config: MailConfig;
  /** The artist's name when MAIL_FROM names none, read when each batch starts. */
  artistName: () => Promise<string>;
  /** A recipient's one-click unsubscribe link (signed). */
  unsubscribeUrl: (email: string) => string;
  /** How long to wait for new mail when none is due. */
  idleMs?: number;
  now?: () => number;
  /** Told about each attempt (tests, logs). */
  onAttempt?: (event: { id: string; recipient: string; result: "sent" | "retry" | "failed"; error?: string }) => void;
};

export type Outbox = {
  /** Look for due mail now rather than at the next idle tick (after enqueueing). */
  wake(): void;
  /** Finishes the mail in hand and stops taking more. */
  stop(): Promise<void>;
};

/**
 * Sends what is due, mail by mail, at most `config.perSecond` a second, until
 * stopped. Each mail is marked sent in its own statement the moment the
 * server accepts it: a process killed between the server's answer and that
 * statement is the one way a mail goes twice (the next owner of the lease
 * sends it again, with the same Message-ID).
 */
export function startOutbox(options: OutboxOptions): Outbox {
  const { db, mailer, config } = options;
  const now = options.now ?? Date.now;
  const owner = randomUUID();
  const idleMs = options.idleMs ?? 1_000;
  const interval = 1_000 / config.perSecond;
  const batch = Math.max(1, Math.min(20, Math.ceil(config.perSecond)));
  const contents = new Map<
    string,
    { subject: string; text: string; html: string | null; listUnsubscribe: number; replyTo: string | null }
  >();
  let nextSendAt = 0;

  async function contentOf(id: string) {
    const cached = contents.get(id);
    if (cached) return cached;
    const row = await db
      .selectFrom("mailContents")
      .select(["subject", "text", "html", "listUnsubscribe", "replyTo"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    if (contents.size > 100) contents.clear();
    contents.set(id, row);
    return row;
  }

  function toMail(row: Claimed, content: Awaited<ReturnType<typeof contentOf>>, fromName: string): OutgoingMail {
    const domain = config.from.address.split("@")[1] ?? "localhost";
    const mail: OutgoingMail = {
      to: row.recipient,
      from: { name: oneLine(config.from.name ?? fromName), address: config.from.address },
      subject: oneLine(content.subject),
      text: content.text,
      html: content.html ?? undefined,
      messageId: `${row.id}@${domain}`,
      replyTo: replyToOf(content.replyTo),
    };
    if (content.listUnsubscribe) {
      const link = options.unsubscribeUrl(row.recipient);
      mail.text = mail.text.split(UNSUBSCRIBE_PLACEHOLDER).join(link);
      mail.html = mail.html?.split(UNSUBSCRIBE_PLACEHOLDER).join(escapeAttribute(link));
      mail.headers = { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    }
    return mail;
  }

  async function sendOne(row: Claimed, fromName: string): Promise<void> {
    const wait = nextSendAt - now();
    if (wait > 0) await sleep(wait);
    nextSendAt = Math.max(now(), nextSendAt) + interval;
    const result = await mailer.send(toMail(row, await contentOf(row.contentId), fromName));
    const update = () => db.updateTable("outbox");
    // Only while the lease is still ours: a mail another process has taken over is its to record.
    const mine = (q: ReturnType<typeof update>) => q.where("id", "=", row.id).where("leaseOwner", "=", owner);
    if (result.ok) {
      await mine(update().set({ status: "sent", sentAt: now(), leaseOwner: null, leaseUntil: null, lastError: null })).execute();
      options.onAttempt?.({ id: row.id, recipient: row.recipient, result: "sent" });
      return;
    }
    const giveUp = result.permanent || row.attempts >= MAX_ATTEMPTS;
    await mine(
      update().set(
        giveUp
          ? { status: "failed", leaseOwner: null, leaseUntil: null, lastError: result.error }
          : { nextAttemptAt: now() + retryDelayMs(row.attempts), leaseOwner: null, leaseUntil: null, lastError: result.error },
      ),
    ).execute();
    options.onAttempt?.({ id: row.id, recipient: row.recipient, result: giveUp ? "failed" : "retry", error: result.error });
  }

  /** One batch: true when there was mail to send. */
  async function sendDue(stopping: () => boolean): Promise<boolean> {
    try {
      const leaseFor = (mails: number) => now() + ATTEMPT_MS + 5_000 + mails * interval;
      let leaseUntil = leaseFor(batch);
      const claimed = await claim(db, owner, batch, now(), leaseUntil);
      if (claimed.length === 0) return false;
      const fromName = config.from.name ?? (await options.artistName());
      for (const [index, row] of claimed.entries()) {
        if (stopping()) break;
        // A slow server ate into the lease: extend it over what is left, so no other process takes these meanwhile.
        if (leaseUntil - now() < ATTEMPT_MS) {
          leaseUntil = leaseFor(claimed.length - index);
          await db.updateTable("outbox").set({ leaseUntil }).where("leaseOwner", "=", owner).where("status", "=", "queued").execute();
        }
        await sendOne(row, fromName);
      }
      // Whatever stopping left unsent goes back at once, not after its lease.
      await db
        .updateTable("outbox")
        .set({ leaseOwner: null, leaseUntil: null })
        .where("leaseOwner", "=", owner)
        .where("status", "=", "queued")
        .execute();
      return true;
    } catch (error) {
      // The database or the server went away: the leases run out and the mail waits; try again shortly.
      console.error("Outbox: sending paused after an error", error);
      return false;
    }
  }

  return startWorkerLoop(sendDue, idleMs);
}

/**
 * A header's text as one line, whatever it was stored as: a line break in a
 * subject or a name (from the site's settings, say) would otherwise start a
 * header of its own.
 */
const oneLine = (text: string) =>
  [...text]
    .map((char) => (headerSafe(char) ? char : " "))
    .join("")
    .trim();

const replyToSchema = z.object({ name: z.string().max(200), address: z.email() });

/** The stored Reply-To, or none when it is missing or not an address (nothing else could be replied to). */
function replyToOf(stored: string | null): { name: string; address: string } | undefined {
  if (!stored) return undefined;
  try {
    const parsed = replyToSchema.safeParse(JSON.parse(stored));
    return parsed.success && headerSafe(parsed.data.address)
      ? { name: oneLine(parsed.data.name), address: parsed.data.address }
      : undefined;
  } catch {
    return undefined;
  }
}

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
