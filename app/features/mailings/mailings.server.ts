import { randomUUID } from "node:crypto";
import { selectSongs } from "#app/domain/song-rows.server.ts";
import { releasePath, trackPath } from "#app/domain/public-paths.ts";
import { sql } from "kysely";
import type { Db } from "#app/lib/db/db.server.ts";
import { enqueueMail, type MailContent, outboxProgress, UNSUBSCRIBE_PLACEHOLDER } from "#app/lib/mail/outbox.server.ts";
import { mailHtml, mailText } from "#app/lib/mail/mail-markdown.server.ts";
import { keepLinks, linkBook, type LinkThrough } from "#app/lib/mail/mail-links.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { coverSocialKey, mediaUrl } from "#app/domain/song.ts";
import { loadSiteSettings } from "#app/domain/site/site-settings.server.ts";
import { storeMailingLinks } from "./mailing-links.server.ts";
import type { MailingDraft } from "./schema.ts";
import { MAILING_TEXT } from "./ui-text.ts";

export type Progress = { sent: number; failed: number; left: number };

export type MailingSummary = MailingDraft & {
  id: string;
  status: "draft" | "sent";
  /** The scheduled song this mailing goes out with, or null. */
  announces: string | null;
  updatedAt: number;
  updatedBy: string;
  sentAt: number | null;
  recipients: number | null;
  progress: Progress | null;
};

const HISTORY = 50;

/** The drafts and the last mailings sent, newest first, each sent one with how far it has got. */
export async function listMailings(db: Db): Promise<MailingSummary[]> {
  const rows = await db.selectFrom("mailings").selectAll().orderBy("updatedAt", "desc").orderBy("id", "desc").limit(HISTORY).execute();
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      subject: row.subject,
      body: row.body,
      songId: row.songId,
      status: row.status,
      announces: row.announces,
      updatedAt: Number(row.updatedAt),
      updatedBy: row.updatedBy,
      sentAt: row.sentAt === null ? null : Number(row.sentAt),
      recipients: row.recipients,
      progress: row.contentId ? await outboxProgress(db, row.contentId) : null,
    })),
  );
}

/** A step on a mailing: its id and the words to show, or why not (404 gone, 409 no longer possible). */
type MailingResult = Result<{ id: string; message: string }>;

/** A sent mailing as it went out (its stored words, the same for every fan but for their unsubscribe link). */
export async function sentMailing(db: Db, id: string): Promise<{ subject: string; html: string } | null> {
  const row = await db
    .selectFrom("mailings")
    .innerJoin("mailContents", "mailContents.id", "mailings.contentId")
    .select(["mailContents.subject", "mailContents.html", "mailContents.text"])
    .where("mailings.id", "=", id)
    .where("mailings.status", "=", "sent")
    .executeTakeFirst();
  if (!row) return null;
  // Each fan's own unsubscribe link is made as the mail goes; here it leads nowhere.
  const html = row.html?.split(UNSUBSCRIBE_PLACEHOLDER).join("#");
  return { subject: row.subject, html: html ?? `<pre style="white-space:pre-wrap;font:16px/1.5 sans-serif">${escapeHtml(row.text)}</pre>` };
}

/**
 * A new draft, or changes to one that has not been sent. With `announces`, the
 * draft is that coming release's announcement (its card always the release's),
 * one per release: saving another changes the one there is.
 */
export async function saveDraft(
  db: Db,
  id: string | undefined,
  draft: MailingDraft,
  by: string,
  now = Date.now(),
  announces?: string,
): Promise<MailingResult> {
  let lead: string | null = null;
  if (!id && announces) {
    // The release's first track coming: what the card shows until the release has a page of its own to show.
    const coming = await db
      .selectFrom("songs")
      .select("id")
      .where("releaseId", "=", announces)
      .where("released", "=", 0)
      .where("releaseAt", "is not", null)
      .orderBy("trackNumber")
      .executeTakeFirst();
    if (!coming) return refused(409, MAILING_TEXT.announcementGone);
    lead = coming.id;
    const existing = await db
      .selectFrom("mailings")
      .select(["id", "status"])
      .where("announces", "=", announces)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (existing) return saveDraft(db, existing.id, draft, by, now);
  }
  if (!id) {
    const newId = randomUUID();
    await db
      .insertInto("mailings")
      .values({
        id: newId,
        ...draft,
        songId: lead ?? draft.songId,
        status: "draft",
        announces: announces ?? null,
        contentId: null,
        recipients: null,
        createdAt: now,
        updatedAt: now,
        updatedBy: by,
        sentAt: null,
      })
      .execute();
    return ok({ id: newId, message: MAILING_TEXT.saved });
  }
  const current = await db.selectFrom("mailings").select(["announces", "songId"]).where("id", "=", id).executeTakeFirst();
  const result = await db
    .updateTable("mailings")
    // An announcement's card is its release's, whatever the form sent.
    .set({ ...draft, songId: current?.announces ? current.songId : draft.songId, updatedAt: now, updatedBy: by })
    .where("id", "=", id)
    .where("status", "=", "draft")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return ok({ id, message: MAILING_TEXT.saved });
  return refusal(db, id);
}

export async function deleteDraft(db: Db, id: string): Promise<MailingResult> {
  const result = await db.deleteFrom("mailings").where("id", "=", id).where("status", "=", "draft").executeTakeFirst();
  if (Number(result.numDeletedRows) === 1) return ok({ id, message: MAILING_TEXT.deleted });
  return refusal(db, id);
}

async function refusal(db: Db, id: string): Promise<MailingResult> {
  const exists = await db.selectFrom("mailings").select("status").where("id", "=", id).executeTakeFirst();
  return exists ? refused(409, MAILING_TEXT.alreadySent) : refused(404, MAILING_TEXT.notFound);
}

/** The draft as its recipients will get it, to `to` only: List-Unsubscribe and all, marked as a test. */
export async function sendTest(services: Services, id: string, to: string): Promise<MailingResult> {
  const mailing = await services.db.selectFrom("mailings").selectAll().where("id", "=", id).executeTakeFirst();
  if (!mailing) return refused(404, MAILING_TEXT.notFound);
  if (!services.mail) return refused(409, MAILING_TEXT.mailOff);
  const content = await renderMailing(services, mailing);
  await enqueueMail(services.db, { ...content, subject: `[Test] ${content.subject}` }, [to]);
  services.mail.wake();
  return ok({ id, message: MAILING_TEXT.testSent(to) });
}

/**
 * Hands the mailing to the outbox for every subscriber on the list, in one
 * transaction: the mailing is marked sent (only if it was still a draft, so
 * two clicks or two admins send it once), its words stored once, and one
 * outbox row made per subscriber, named after the mailing's words and the
 * subscriber, which is also the mail's Message-ID.
 */
export async function sendMailing(services: Services, id: string, by: string, now = Date.now()): Promise<MailingResult> {
  if (!services.mail) return refused(409, MAILING_TEXT.mailOff);
  const mailing = await services.db.selectFrom("mailings").selectAll().where("id", "=", id).executeTakeFirst();
  if (!mailing) return refused(404, MAILING_TEXT.notFound);
  if (mailing.status !== "draft") return refused(409, MAILING_TEXT.alreadySent);
  if (mailing.announces) return refused(409, MAILING_TEXT.goesWithRelease);
  const book = linkBook(services.env.publicUrl);
  const content = await renderMailing(services, mailing, book.through);
  const answer = await services.db
    .transaction()
    .execute(async (trx): Promise<MailingResult> => {
      const contentId = randomUUID();
      const claimed = await trx
        .updateTable("mailings")
        .set({ status: "sent", sentAt: now, contentId, updatedAt: now, updatedBy: by })
        .where("id", "=", id)
        .where("status", "=", "draft")
        .where("announces", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return refused(409, MAILING_TEXT.alreadySent);
      await storeMailingLinks(trx, id, book.links());
      await trx
        .insertInto("mailContents")
        .values({
          id: contentId,
          subject: content.subject,
          text: content.text,
          html: content.html ?? null,
          listUnsubscribe: 1,
          createdAt: now,
        })
        .execute();
      const recipients = await queueForSubscribers(trx, contentId, now);
      if (recipients === 0) throw new NoRecipients();
      await trx.updateTable("mailings").set({ recipients }).where("id", "=", id).execute();
      return ok({ id, message: MAILING_TEXT.sending(recipients) });
    })
    .catch((error: unknown) => {
      if (error instanceof NoRecipients) return refused(409, MAILING_TEXT.noSubscribers);
      throw error;
    });
  if (answer.ok) services.mail.wake();
  return answer;
}

class NoRecipients extends Error {}

/**
 * One outbox row per confirmed subscriber (or, with `askedOn`, per confirmed
 * subscriber who signed up on that page's form), named after the words and the
 * subscriber, which is also the mail's Message-ID. Resolves how many.
 */
export async function queueForSubscribers(trx: Db, contentId: string, now: number, askedOn?: AskedOn): Promise<number> {
  // No page to have asked on (`in ()` is a syntax error on PostgreSQL): nobody asked.
  if (askedOn?.pages.length === 0) return 0;
  const only = askedOn
    ? sql`and email in (select email from consents where form = ${askedOn.form} and page in (${sql.join(askedOn.pages)}))`
    : sql``;
  await sql`
    insert into outbox (id, "contentId", recipient, status, attempts, "nextAttemptAt", "createdAt")
    select cast(${contentId} as text) || '.' || id, cast(${contentId} as text), email, 'queued', 0, cast(${now} as bigint), cast(${now} as bigint)
    from subscribers where subscribed = 1 ${only}`.execute(trx);
  const count = await trx
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("contentId", "=", contentId)
    .executeTakeFirstOrThrow();
  return Number(count.count);
}

/** Only the fans who signed up on one of these pages with this form (a song's "notify me"). */
export type AskedOn = { form: string; pages: readonly string[] };

/**
 * The mailing as fans get it: the artist's Markdown as HTML (safe: no raw
 * HTML, http(s) and mailto links only, this site's links made absolute) and as
 * plain text, an optional song card, and under it who it is from, how to reach
 * them, and the recipient's own unsubscribe link. The words' and the card's
 * links are passed `through`: a mailing that goes out sends them through /go/
 * (its links stored with it), a preview or a test keeps them as written.
 */
export async function renderMailing(
  services: Pick<Services, "db" | "env">,
  mailing: MailingDraft & { announces?: string | null },
  through: LinkThrough = keepLinks,
): Promise<MailContent> {
  const settings = await loadSiteSettings(services.db);
  const origin = services.env.publicUrl;
  const track = mailing.songId ? await selectSongs(services.db).where("id", "=", mailing.songId).executeTakeFirst() : undefined;
  // A release's announcement shows the release (its title, its page) in the cover of its first track.
  const release =
    track && mailing.announces
      ? await services.db.selectFrom("releases").select(["title", "slug"]).where("id", "=", mailing.announces).executeTakeFirst()
      : undefined;
  const song = track && release ? { ...track, title: release.title } : track;
  const songUrl = release
    ? `${origin}${releasePath(release.slug)}`
    : song?.releaseSlug
      ? `${origin}${trackPath(song.releaseSlug, song.slug)}`
      : null;
  const contact = settings.contact.general.email;
  // The HTML first: its links are numbered in the order a reader meets them (the text part meets them in the same order).
  const body = inSiteColour(mailHtml(mailing.body, origin, through));
  const card =
    song && songUrl
      ? `<a href="${escapeHtml(through(songUrl))}" style="display:block;margin:24px 0;color:inherit;text-decoration:none;border:1px solid #e7e5e4;border-radius:12px;overflow:hidden">` +
        `<img src="${escapeHtml(origin + mediaUrl(coverSocialKey(song.coverKey)))}" alt="Cover art for ${escapeHtml(song.title)}" width="560" style="display:block;width:100%;height:auto">` +
        `<span style="display:block;padding:12px 16px;font-weight:600">${escapeHtml(song.title)}</span>` +
        `<span style="display:block;padding:0 16px 14px;color:#b4233c">Listen now</span></a>`
      : "";
  const footerText = `${settings.artist.name} · ${contact}\nYou are getting this because you subscribed at ${origin}.\nUnsubscribe: ${UNSUBSCRIBE_PLACEHOLDER}`;
  const text = [
    mailText(mailing.body.trim(), origin, through),
    song && songUrl ? `${song.title}\nListen: ${through(songUrl)}` : null,
    `--\n${footerText}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  const html =
    // The viewport line: without it a phone's mail app lays the mail out 980 px wide and shrinks it.
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(mailing.subject)}</title></head><body style="margin:0;background:#fafaf9;color:#1c1917;font-family:Georgia,serif">` +
    `<div style="max-width:560px;margin:0 auto;padding:32px 20px;font-size:17px;line-height:1.6">` +
    `<p style="font-size:13px;letter-spacing:.2em;text-transform:uppercase;color:#b4233c">${escapeHtml(settings.artist.name)}</p>` +
    body +
    card +
    `<hr style="border:none;border-top:1px solid #e7e5e4;margin:32px 0 16px">` +
    `<p style="font-size:13px;color:#57534e">${escapeHtml(settings.artist.name)} · <a href="mailto:${escapeHtml(contact)}" style="color:#57534e">${escapeHtml(contact)}</a><br>` +
    `You are getting this because you subscribed at <a href="${escapeHtml(origin)}" style="color:#57534e">${escapeHtml(origin.replace(/^https?:\/\//, ""))}</a>. ` +
    `<a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:#57534e">Unsubscribe</a></p>` +
    `</div></body></html>`;
  return { subject: mailing.subject, text, html, listUnsubscribe: true };
}

/** Every link in the site's colour. */
const inSiteColour = (html: string) => html.replace(/<a /g, '<a style="color:#b4233c" ');

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
