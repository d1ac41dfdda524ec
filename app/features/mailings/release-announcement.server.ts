import { randomUUID } from "node:crypto";
import type { Db } from "#app/lib/db/db.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { loadSiteSettings } from "#app/domain/site/site-settings.server.ts";
import { songPagesOf } from "#app/domain/song-rows.server.ts";
import { queueForSubscribers, renderMailing, type AskedOn } from "./mailings.server.ts";
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
  // The artist's own words when they wrote them in the Mail area, else the site's.
  const written = await trx
    .selectFrom("mailings")
    .select(["id", "subject", "body"])
    .where("announces", "=", song.id)
    .where("status", "=", "draft")
    .executeTakeFirst();
  const draft = written ? { subject: written.subject, body: written.body, songId: song.id } : await defaultAnnouncement(trx, song);
  const content = await renderMailing({ db: trx, env: services.env }, draft);
  const contentId = randomUUID();
  await trx
    .insertInto("mailContents")
    .values({ id: contentId, subject: content.subject, text: content.text, html: content.html ?? null, listUnsubscribe: 1, createdAt: now })
    .execute();
  const recipients = await queueForSubscribers(trx, contentId, now, await announcedTo(trx, song));
  const sent = { status: "sent" as const, contentId, recipients, updatedAt: now, updatedBy: MAILING_TEXT.announcementBy, sentAt: now };
  if (written) {
    // Kept as sent even to nobody: the artist wrote it, and the Mail area says where it went.
    await trx.updateTable("mailings").set(sent).where("id", "=", written.id).execute();
    return recipients > 0;
  }
  if (recipients === 0) {
    await trx.deleteFrom("mailContents").where("id", "=", contentId).execute();
    return false;
  }
  await trx
    .insertInto("mailings")
    .values({ id: randomUUID(), ...draft, announces: song.id, createdAt: now, ...sent })
    .execute();
  return true;
}

/** The words a song's announcement has until the artist writes their own. */
async function defaultAnnouncement(db: Db, song: { id: string; title: string }) {
  const { artist } = await loadSiteSettings(db);
  return {
    subject: MAILING_TEXT.announcementSubject(song.title),
    body: MAILING_TEXT.announcementBody(song.title, artist.name),
    songId: song.id,
  };
}

/** Everyone on the list when the artist chose to announce it, else those who asked on the song's page. */
const announcedTo = async (db: Db, song: { id: string; announce: boolean }) =>
  song.announce ? undefined : { form: RELEASE_FORM, pages: await songPagesOf(db, song.id) };

/** A scheduled song's announcement as the Mail area shows it: when, to whom (how many now), and its words. */
export type UpcomingAnnouncement = {
  songId: string;
  title: string;
  releaseAt: number;
  /** The zone the artist set the time in, to show it as they wrote it. */
  releaseTimeZone: string;
  toEveryone: boolean;
  /** How many it would go to if the song came out now. */
  recipients: number;
  /** The artist's draft, or null while it has the site's words. */
  draftId: string | null;
  words: { subject: string; body: string; songId: string };
};

export async function upcomingAnnouncements(db: Db): Promise<UpcomingAnnouncement[]> {
  const songs = await db
    .selectFrom("songs")
    .select(["id", "title", "releaseAt", "releaseTimeZone", "releaseAnnounce"])
    .where("released", "=", 0)
    .where("releaseAt", "is not", null)
    .orderBy("releaseAt")
    .execute();
  return Promise.all(
    songs.map(async (song) => {
      const toEveryone = song.releaseAnnounce === 1;
      const written = await db
        .selectFrom("mailings")
        .select(["id", "subject", "body"])
        .where("announces", "=", song.id)
        .where("status", "=", "draft")
        .executeTakeFirst();
      return {
        songId: song.id,
        title: song.title,
        releaseAt: Number(song.releaseAt),
        releaseTimeZone: song.releaseTimeZone ?? "UTC",
        toEveryone,
        recipients: await countAnnouncedTo(db, await announcedTo(db, { id: song.id, announce: toEveryone })),
        draftId: written?.id ?? null,
        words: written ? { subject: written.subject, body: written.body, songId: song.id } : await defaultAnnouncement(db, song),
      };
    }),
  );
}

async function countAnnouncedTo(db: Db, askedOn: AskedOn | undefined): Promise<number> {
  let query = db
    .selectFrom("subscribers")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("subscribed", "=", 1);
  if (askedOn) {
    query = query.where("email", "in", (eb) =>
      eb.selectFrom("consents").select("email").where("form", "=", askedOn.form).where("page", "in", askedOn.pages),
    );
  }
  return Number((await query.executeTakeFirstOrThrow()).count);
}
