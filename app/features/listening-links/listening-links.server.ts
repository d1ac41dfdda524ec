// Private listening links (issue #35, decision 027): a named link per
// recipient to a release or one of its tracks, released or not, that the
// artist can end, restore or give a new end day at any time. The link's page
// plays the music through media addresses signed for the link
// (link-secrets.server.ts); every such request asks the database whether the
// link still works (linkMayHear), so ending one stops it at once on every
// process.
import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, ListeningLinksTable } from "#app/lib/db/db-schema.ts";
import { adminEmails } from "#app/lib/auth/admin-emails.server.ts";
import { enqueueMail } from "#app/lib/mail/outbox.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { currentArtistName } from "#app/domain/site/site-settings.server.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";
import { linkToken, signedLinkId } from "./link-secrets.server.ts";
import { tokenHash } from "#app/lib/auth/bearer-secrets.server.ts";
import { LINK_TEXT } from "./ui-text.ts";
import { parseExpiry, parseLinkRequest } from "./schema.ts";
import type { LinkState, ListeningLinkView } from "./link-view.ts";

type LinkRow = Selectable<ListeningLinksTable>;

export type LinkActionResult = Result<{ message: string; id?: string }, { fields?: Record<string, string> }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const stateOf = (row: Pick<LinkRow, "revokedAt" | "expiresAt">, now: number): LinkState =>
  row.revokedAt !== null ? "revoked" : row.expiresAt !== null && Number(row.expiresAt) <= now ? "expired" : "live";

/** PostgreSQL's bigint columns may come back as strings. */
const instant = (value: number | string | null) => (value === null ? null : Number(value));

/** A link's address, `/listen/{token}` on this site. */
const listenPath = (token: string) => `/listen/${token}`;

function viewOf(services: Services, row: LinkRow, now: number): ListeningLinkView {
  const token = linkToken(services.env.authSecret, row.id);
  return {
    id: row.id,
    recipient: row.recipient,
    songId: row.songId,
    url: tokenHash(token) === row.tokenHash ? `${services.env.publicUrl}${listenPath(token)}` : null,
    state: stateOf(row, now),
    expiresAt: instant(row.expiresAt),
    allowDownload: row.allowDownload === 1,
    notifyOnFirstVisit: row.notifyOnFirstVisit === 1,
    createdAt: Number(row.createdAt),
    firstVisitAt: instant(row.firstVisitAt),
    lastVisitAt: instant(row.lastVisitAt),
    visits: Number(row.visits),
    plays: Number(row.plays),
  };
}

/** The links to a release and to each of its tracks, newest first. */
export async function listReleaseLinks(services: Services, releaseId: string, now = Date.now()): Promise<ListeningLinkView[]> {
  const rows = await services.db
    .selectFrom("listeningLinks")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb("releaseId", "=", releaseId),
        eb("songId", "in", eb.selectFrom("songs").select("songs.id").where("songs.releaseId", "=", releaseId)),
      ]),
    )
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
  return rows.map((row) => viewOf(services, row, now));
}

/** Makes a link to release `releaseId` (or to one of its tracks: `form.target`). */
export async function createLink(
  services: Services,
  releaseId: string,
  form: Record<string, string>,
  now = Date.now(),
): Promise<LinkActionResult> {
  const parsed = parseLinkRequest(form, now);
  if (!parsed.ok) return refused(400, Object.values(parsed.fields)[0] ?? LINK_TEXT.badRequest, { fields: { ...parsed.fields } });
  const { recipient, target, expiresAt, allowDownload, notify } = parsed.request;
  const release = await services.db.selectFrom("releases").select("id").where("id", "=", releaseId).executeTakeFirst();
  if (!release) return refused(404, LINK_TEXT.linkGone);
  let songId: string | null = null;
  if (target !== "release") {
    const song = UUID.test(target)
      ? await services.db.selectFrom("songs").select("id").where("id", "=", target).where("releaseId", "=", releaseId).executeTakeFirst()
      : undefined;
    if (!song) return refused(400, LINK_TEXT.badRequest, { fields: { target: LINK_TEXT.badRequest } });
    songId = song.id;
  }
  const id = randomUUID();
  await services.db
    .insertInto("listeningLinks")
    .values({
      id,
      tokenHash: tokenHash(linkToken(services.env.authSecret, id)),
      releaseId: songId === null ? releaseId : null,
      songId,
      recipient,
      expiresAt,
      allowDownload: allowDownload ? 1 : 0,
      notifyOnFirstVisit: notify && services.mail ? 1 : 0,
      createdAt: now,
    })
    .execute();
  return ok({ message: LINK_TEXT.created(recipient), id });
}

/** The link `form.linkId`, when it belongs to release `releaseId` (directly or through a track). */
async function linkOfRelease(db: Kysely<Database>, releaseId: string, linkId: string | undefined): Promise<LinkRow | null> {
  if (!linkId || !UUID.test(linkId)) return null;
  const row = await db
    .selectFrom("listeningLinks")
    .selectAll("listeningLinks")
    .leftJoin("songs", "songs.id", "listeningLinks.songId")
    .where("listeningLinks.id", "=", linkId)
    .where((eb) => eb.or([eb("listeningLinks.releaseId", "=", releaseId), eb("songs.releaseId", "=", releaseId)]))
    .executeTakeFirst();
  return row ?? null;
}

/** Ends a link now: its page answers 410 and its audio stops, on every process, from the next request. */
export async function revokeLink(services: Services, releaseId: string, form: Record<string, string>, now = Date.now()) {
  const link = await linkOfRelease(services.db, releaseId, form.linkId);
  if (!link) return refused(404, LINK_TEXT.linkGone);
  await services.db
    .updateTable("listeningLinks")
    .set({ revokedAt: now })
    .where("id", "=", link.id)
    .where("revokedAt", "is", null)
    .execute();
  return ok({ message: LINK_TEXT.revoked(link.recipient) });
}

/** Undoes an ending: the same address works again. */
export async function restoreLink(services: Services, releaseId: string, form: Record<string, string>) {
  const link = await linkOfRelease(services.db, releaseId, form.linkId);
  if (!link) return refused(404, LINK_TEXT.linkGone);
  await services.db.updateTable("listeningLinks").set({ revokedAt: null }).where("id", "=", link.id).execute();
  return ok({ message: LINK_TEXT.restored(link.recipient) });
}

/** Gives a link a new end day, or none; a link that ran out works again. */
export async function extendLink(
  services: Services,
  releaseId: string,
  form: Record<string, string>,
  now = Date.now(),
): Promise<LinkActionResult> {
  const link = await linkOfRelease(services.db, releaseId, form.linkId);
  if (!link) return refused(404, LINK_TEXT.linkGone);
  const expiry = parseExpiry(form.expires, form.zone, now);
  if (!expiry.ok) return refused(400, expiry.message, { fields: { expires: expiry.message } });
  await services.db.updateTable("listeningLinks").set({ expiresAt: expiry.at }).where("id", "=", link.id).execute();
  return ok({ message: expiry.at === null ? LINK_TEXT.unlimited(link.recipient) : LINK_TEXT.extended(link.recipient) });
}

/** What a token opens: nothing we know (404), a link that ended (410), or a live link. */
export type OpenedLink = { state: "missing" } | { state: "gone" } | { state: "live"; link: LinkRow };

export async function openLink(db: Kysely<Database>, token: string, now = Date.now()): Promise<OpenedLink> {
  const link = await db.selectFrom("listeningLinks").selectAll().where("tokenHash", "=", tokenHash(token)).executeTakeFirst();
  if (!link) return { state: "missing" };
  return stateOf(link, now) === "live" ? { state: "live", link } : { state: "gone" };
}

/**
 * Counts a visit (from the page's beacon: a person's browser, not a preview
 * bot). The first one may mail the admins, once: the update that sets the
 * first visit is the one that queues the mail, in the same transaction.
 */
export async function recordVisit(services: Services, link: LinkRow, now = Date.now()): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const first = await trx
      .updateTable("listeningLinks")
      .set({ firstVisitAt: now })
      .where("id", "=", link.id)
      .where("firstVisitAt", "is", null)
      .executeTakeFirst();
    await trx
      .updateTable("listeningLinks")
      .set({ lastVisitAt: now, visits: sql<number>`${sql.ref("visits")} + 1` })
      .where("id", "=", link.id)
      .execute();
    if (Number(first.numUpdatedRows) === 1 && link.notifyOnFirstVisit === 1 && services.mail) {
      const admins = await adminEmails(trx);
      const title = await titleOf(trx, link);
      const releaseId =
        link.releaseId ??
        (
          await trx
            .selectFrom("songs")
            .select("releaseId")
            .where("id", "=", link.songId ?? "")
            .executeTakeFirst()
        )?.releaseId;
      const artist = await currentArtistName(trx);
      const words = LINK_TEXT.firstVisitMail(
        artist,
        link.recipient,
        title,
        `${services.env.publicUrl}${dashboardPath}/music/${releaseId ?? ""}`,
      );
      if (admins.length > 0) await enqueueMail(trx, { ...words, listUnsubscribe: false }, admins, now);
    }
  });
  services.mail?.wake();
}

/** Counts a track started on the link's page. */
export async function recordPlay(services: Services, link: LinkRow): Promise<void> {
  await services.db
    .updateTable("listeningLinks")
    .set({ plays: sql<number>`${sql.ref("plays")} + 1` })
    .where("id", "=", link.id)
    .execute();
}

/** The name of what a link plays: its release's title, or its track's. */
async function titleOf(db: Kysely<Database>, link: Pick<LinkRow, "releaseId" | "songId">): Promise<string> {
  if (link.songId !== null)
    return (await db.selectFrom("songs").select("title").where("id", "=", link.songId).executeTakeFirst())?.title ?? "";
  return (
    (
      await db
        .selectFrom("releases")
        .select("title")
        .where("id", "=", link.releaseId ?? "")
        .executeTakeFirst()
    )?.title ?? ""
  );
}

/**
 * Whether a media request for `key`, not out to fans, is signed for a link
 * that works now and plays that audio: one of the renditions of a track the
 * link covers (the master never; the upload only where no renditions are made).
 * Asked of the database every time: private listening is a handful of people,
 * and ending a link must stop it at once on every process.
 */
export function linkMayHear(services: Pick<Services, "db" | "env">, uploadsPlay: boolean) {
  return async (key: string, query: URLSearchParams, now = Date.now()): Promise<boolean> => {
    const linkId = signedLinkId(services.env.authSecret, key, query, now);
    if (linkId === null || !UUID.test(linkId)) return false;
    const found = await services.db
      .selectFrom("listeningLinks as link")
      .innerJoin("songs", (join) =>
        join.on((eb) => eb.or([eb("songs.id", "=", eb.ref("link.songId")), eb("songs.releaseId", "=", eb.ref("link.releaseId"))])),
      )
      .leftJoin("audioRenditions", "audioRenditions.audioKey", "songs.audioKey")
      .select("link.id")
      .where("link.id", "=", linkId)
      .where("link.revokedAt", "is", null)
      .where((eb) => eb.or([eb("link.expiresAt", "is", null), eb("link.expiresAt", ">", now)]))
      .where((eb) =>
        eb.or([
          eb("audioRenditions.opusKey", "=", key),
          eb("audioRenditions.fallbackKey", "=", key),
          ...(uploadsPlay ? [eb.and([eb("songs.audioKey", "=", key), eb("audioRenditions.audioKey", "is", null)])] : []),
        ]),
      )
      .executeTakeFirst();
    return found !== undefined;
  };
}
