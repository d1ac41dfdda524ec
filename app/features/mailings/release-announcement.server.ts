import { randomUUID } from "node:crypto";
import type { Db } from "#app/lib/db.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { loadSiteSettings } from "#app/lib/site-settings.server.ts";
import { queueForSubscribers, renderMailing } from "./mailings.server.ts";
import { MAILING_TEXT } from "./ui-text.ts";

/** The form a song's own page signs fans up with ("notify me"), as its consent records name it. */
export const RELEASE_FORM = "release";

/**
 * The mailing a song sends as it comes out, queued inside the release's own
 * transaction (songs/release-schedule.server.ts): to every confirmed
 * subscriber when the artist chose to announce it, else to those who asked on
 * the song's page to be told. It is kept as a sent mailing, so the Mail area
 * shows it and its progress like any other. Resolves true when it queued mail.
 */
type AnnouncedSong = { id: string; title: string; announce: boolean };

/**
 * The release step that mails a song's coming out. Every process runs it,
 * mail or no mail in its own settings: whichever process brings the song out
 * queues the mail, and the processes that can send, send it (the Mail area
 * offers the announcement only while mail is on).
 */
export function releaseAnnouncement(services: Pick<Services, "env">) {
  return (trx: Db, song: AnnouncedSong, now: number) => queueReleaseAnnouncement(services, trx, song, now);
}

async function queueReleaseAnnouncement(services: Pick<Services, "env">, trx: Db, song: AnnouncedSong, now: number): Promise<boolean> {
  const { artist } = await loadSiteSettings(trx);
  const draft = {
    subject: MAILING_TEXT.announcementSubject(song.title),
    body: MAILING_TEXT.announcementBody(song.title, artist.name),
    songId: song.id,
  };
  const content = await renderMailing({ db: trx, env: services.env }, draft);
  const contentId = randomUUID();
  await trx
    .insertInto("mailContents")
    .values({ id: contentId, subject: content.subject, text: content.text, html: content.html ?? null, listUnsubscribe: 1, createdAt: now })
    .execute();
  const askedOnItsPage = song.announce ? undefined : { form: RELEASE_FORM, page: `/music/${song.id}` };
  const recipients = await queueForSubscribers(trx, contentId, now, askedOnItsPage);
  if (recipients === 0) {
    await trx.deleteFrom("mailContents").where("id", "=", contentId).execute();
    return false;
  }
  await trx
    .insertInto("mailings")
    .values({
      id: randomUUID(),
      ...draft,
      status: "sent",
      contentId,
      recipients,
      createdAt: now,
      updatedAt: now,
      updatedBy: MAILING_TEXT.announcementBy,
      sentAt: now,
    })
    .execute();
  return true;
}
