import { randomUUID } from "node:crypto";
import type { Db } from "#app/lib/db/db.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { loadSiteSettings } from "#app/domain/site/site-settings.server.ts";
import { releasePagesOf } from "#app/domain/release-day.server.ts";
import { linkBook } from "#app/lib/mail/mail-links.ts";
import { storeMailingLinks } from "./mailing-links.server.ts";
import { queueForSubscribers, renderMailing, type AskedOn } from "./mailings.server.ts";
import { MAILING_TEXT } from "./ui-text.ts";

/** The form a release's or track's own page signs fans up with ("notify me"), as its consent records name it. */
export const RELEASE_FORM = "release";

/** A release that has just come out, as its announcement needs it (songs/release-schedule.server.ts). */
type AnnouncedRelease = { id: string; title: string; announce: boolean; trackIds: readonly string[] };

/**
 * The release step that mails a release's coming out: once for the release,
 * however many tracks came out with it (decision 023). Queued inside the
 * release's own transaction, to every confirmed subscriber when the artist
 * chose to announce it, else to those who asked on one of its pages to be told.
 * It is kept as a sent mailing, so the Mail area shows it and its progress like
 * any other. Every process runs it, mail or no mail in its own settings:
 * whichever process brings the release out queues the mail, and the processes
 * that can send, send it (the Mail area offers the announcement only while mail
 * is on). Resolves true when it queued mail.
 */
export function releaseAnnouncement(services: Pick<Services, "env">) {
  return (trx: Db, release: AnnouncedRelease, now: number) => queueReleaseAnnouncement(services, trx, release, now);
}

async function queueReleaseAnnouncement(
  services: Pick<Services, "env">,
  trx: Db,
  release: AnnouncedRelease,
  now: number,
): Promise<boolean> {
  // The artist's own words when they wrote them in the Mail area, else the site's.
  const written = await trx
    .selectFrom("mailings")
    .select(["id", "subject", "body", "songId"])
    .where("announces", "=", release.id)
    .where("status", "=", "draft")
    .executeTakeFirst();
  const lead = release.trackIds[0] ?? null;
  const draft = written
    ? { subject: written.subject, body: written.body, songId: written.songId ?? lead }
    : await defaultAnnouncement(trx, { ...release, leadId: lead });
  const book = linkBook(services.env.publicUrl);
  const content = await renderMailing({ db: trx, env: services.env }, { ...draft, announces: release.id }, book.through);
  const contentId = randomUUID();
  await trx
    .insertInto("mailContents")
    .values({ id: contentId, subject: content.subject, text: content.text, html: content.html ?? null, listUnsubscribe: 1, createdAt: now })
    .execute();
  const recipients = await queueForSubscribers(trx, contentId, now, await announcedTo(trx, release));
  const sent = { status: "sent" as const, contentId, recipients, updatedAt: now, updatedBy: MAILING_TEXT.announcementBy, sentAt: now };
  if (written) {
    // Kept as sent even to nobody: the artist wrote it, and the Mail area says where it went.
    await trx.updateTable("mailings").set(sent).where("id", "=", written.id).execute();
    await storeMailingLinks(trx, written.id, book.links());
    return recipients > 0;
  }
  if (recipients === 0) {
    await trx.deleteFrom("mailContents").where("id", "=", contentId).execute();
    return false;
  }
  const id = randomUUID();
  await trx
    .insertInto("mailings")
    .values({ id, ...draft, announces: release.id, createdAt: now, ...sent })
    .execute();
  await storeMailingLinks(trx, id, book.links());
  return true;
}

/** The words a release's announcement has until the artist writes their own: naming it as a song, an EP or an album. */
async function defaultAnnouncement(db: Db, release: { id: string; title: string; leadId: string | null }) {
  const [{ artist }, row] = await Promise.all([
    loadSiteSettings(db),
    db.selectFrom("releases").select("kind").where("id", "=", release.id).executeTakeFirst(),
  ]);
  return {
    subject: MAILING_TEXT.announcementSubject(release.title),
    body: MAILING_TEXT.announcementBody(release.title, artist.name, row?.kind ?? "single"),
    songId: release.leadId,
  };
}

/** Everyone on the list when the artist chose to announce it, else those who asked on one of its pages. */
const announcedTo = async (db: Db, release: { id: string; announce: boolean }) =>
  release.announce ? undefined : { form: RELEASE_FORM, pages: await releasePagesOf(db, release.id) };

/** A coming release's announcement as the Mail area shows it: when, to whom (how many now), and its words. */
export type UpcomingAnnouncement = {
  releaseId: string;
  title: string;
  releaseAt: number;
  /** The zone the artist set the time in, to show it as they wrote it. */
  releaseTimeZone: string;
  toEveryone: boolean;
  /** How many it would go to if the release came out now. */
  recipients: number;
  /** The artist's draft, or null while it has the site's words. */
  draftId: string | null;
  /** Its words, with the track whose cover its card wears. */
  words: { subject: string; body: string; songId: string | null };
};

/** Every release with tracks coming, soonest first, with its announcement. */
export async function upcomingAnnouncements(db: Db): Promise<UpcomingAnnouncement[]> {
  const coming = await db
    .selectFrom("songs")
    .innerJoin("releases", "releases.id", "songs.releaseId")
    .select(["songs.id", "songs.releaseId", "releases.title", "songs.releaseAt", "songs.releaseTimeZone", "songs.releaseAnnounce"])
    .where("songs.released", "=", 0)
    .where("songs.releaseAt", "is not", null)
    .orderBy("songs.releaseAt")
    .orderBy("songs.releaseId")
    .orderBy("songs.trackNumber")
    .execute();
  // The release's first coming track speaks for it: its coming tracks share one day.
  const firstOf = new Map<string, (typeof coming)[number]>();
  for (const row of coming) if (!firstOf.has(row.releaseId)) firstOf.set(row.releaseId, row);
  return Promise.all(
    [...firstOf.values()].map(async (lead) => {
      const release = { id: lead.releaseId, title: lead.title, announce: lead.releaseAnnounce === 1, leadId: lead.id };
      const written = await db
        .selectFrom("mailings")
        .select(["id", "subject", "body", "songId"])
        .where("announces", "=", release.id)
        .where("status", "=", "draft")
        .executeTakeFirst();
      return {
        releaseId: release.id,
        title: release.title,
        releaseAt: Number(lead.releaseAt),
        releaseTimeZone: lead.releaseTimeZone ?? "UTC",
        toEveryone: release.announce,
        recipients: await countAnnouncedTo(db, await announcedTo(db, release)),
        draftId: written?.id ?? null,
        words: written
          ? { subject: written.subject, body: written.body, songId: written.songId ?? lead.id }
          : await defaultAnnouncement(db, release),
      };
    }),
  );
}
async function countAnnouncedTo(db: Db, askedOn: AskedOn | undefined): Promise<number> {
  if (askedOn?.pages.length === 0) return 0;
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
