// The release page's ways to a download (decision 028): free, for an e-mail
// address, or name-your-price on trust. Each ends in a grant; only the e-mail
// way mails its link rather than showing it (with mail on), so the address is
// proven before anything is given for it.
import type { Db } from "#app/lib/db/db.server.ts";
import { enqueueMail } from "#app/lib/mail/outbox.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { takeFormRateLimit, type FormRateLimit } from "#app/lib/http/form-guard.server.ts";
import { refused, type Result } from "#app/lib/result.ts";
import { loadSiteSettings } from "#app/domain/site/site-settings.server.ts";
import { createGrant, grantPath, GRANT_LIFE_MS, openEmailGrants } from "./grants.server.ts";
import { releaseOffer } from "./offer.server.ts";
import { releaseZipStates } from "./release-zips.server.ts";
import type { ReleaseOffer } from "./offer.ts";
import { DOWNLOAD_MAIL, FAN_TEXT } from "./ui-text.ts";

/** A grant is a row: a client asking for hundreds is refused, not stored. */
const DOWNLOAD_RATE_LIMIT: FormRateLimit = { name: "download", max: 30, windowMs: 10 * 60_000 };
/** A confirmed address asking again for the same release within this time is not mailed again. */
const REMAIL_AFTER_MS = 60 * 60_000;

/**
 * What a release offers on its page: null when it is stream only, or nothing
 * of it is out; the formats without those that could not be made (FLAC of a
 * lossy master: the editor tells the artist why).
 */
export async function offeredDownload(db: Db, releaseId: string): Promise<ReleaseOffer | null> {
  const [offer, out, states] = await Promise.all([
    releaseOffer(db, releaseId),
    db.selectFrom("songs").select("id").where("releaseId", "=", releaseId).where("released", "=", 1).limit(1).executeTakeFirst(),
    releaseZipStates(db, [releaseId]),
  ]);
  if (!offer || offer.access === "stream" || !out) return null;
  const zips = states.get(releaseId) ?? {};
  const formats = offer.formats.filter((format) => zips[format]?.state !== "failed");
  return formats.length > 0 ? { ...offer, formats } : null;
}

/** The free and the name-your-price ways: a grant at once, and its page's address. */
export async function grantOnTrust(
  services: Services,
  request: Request,
  releaseId: string,
  via: "free" | "pay",
): Promise<Result<{ path: string }>> {
  if (!(await takeFormRateLimit(services, request, DOWNLOAD_RATE_LIMIT))) return refused(429, FAN_TEXT.tooMany);
  const offer = await offeredDownload(services.db, releaseId);
  if (!offer) return refused(404, FAN_TEXT.releaseGone);
  if (offer.access !== via) return refused(409, FAN_TEXT.notOffered);
  const { token } = await createGrant(services.db, services.env.authSecret, { releaseId, via, open: true });
  return { ok: true, path: grantPath(token) };
}

/** What the e-mail way adds to the sign-up's answer. */
export type EmailDownload = { download: "ready" | "mailed" | "confirm"; downloadPath?: string };

/**
 * The e-mail way, run in the sign-up's transaction once the address is
 * stored (newsletter's handleSubscribe): without mail the grant opens at once
 * and the page goes to it; with mail a confirmed address is mailed the link,
 * and a new one waits, its grant opened when the address is confirmed
 * (openEmailGrants, from the confirmation page).
 */
export function emailDownload(services: Services, releaseId: string) {
  return async (db: Db, email: string): Promise<{ extra: EmailDownload; afterCommit?: () => void }> => {
    const now = Date.now();
    if (!services.mail) {
      const { token } = await createGrant(db, services.env.authSecret, { releaseId, via: "email", email, open: true }, now);
      return { extra: { download: "ready", downloadPath: grantPath(token) } };
    }
    const subscriber = await db.selectFrom("subscribers").select("subscribed").where("email", "=", email).executeTakeFirst();
    if (subscriber?.subscribed !== 1) {
      // One waiting grant per address and release is enough: the confirmation opens it.
      const waiting = await db
        .selectFrom("downloadGrants")
        .select("id")
        .where("email", "=", email)
        .where("releaseId", "=", releaseId)
        .where("openedAt", "is", null)
        .where("revokedAt", "is", null)
        .executeTakeFirst();
      if (!waiting) await createGrant(db, services.env.authSecret, { releaseId, via: "email", email, open: false }, now);
      return { extra: { download: "confirm" } };
    }
    const recent = await db
      .selectFrom("downloadGrants")
      .select("id")
      .where("email", "=", email)
      .where("releaseId", "=", releaseId)
      .where("openedAt", ">", now - REMAIL_AFTER_MS)
      .executeTakeFirst();
    if (!recent) {
      const { token } = await createGrant(db, services.env.authSecret, { releaseId, via: "email", email, open: true }, now);
      await mailDownloadLinks(db, services.env.publicUrl, email, [{ releaseId, token }], now);
    }
    return { extra: { download: "mailed" }, afterCommit: () => services.mail?.wake() };
  };
}

/** Queues one mail per grant with its download page's address. */
async function mailDownloadLinks(
  db: Db,
  publicUrl: string,
  email: string,
  grants: readonly { releaseId: string; token: string }[],
  now = Date.now(),
): Promise<void> {
  if (grants.length === 0) return;
  const { artist } = await loadSiteSettings(db);
  const days = Math.round(GRANT_LIFE_MS.email / (24 * 60 * 60_000));
  for (const grant of grants) {
    const release = await db.selectFrom("releases").select("title").where("id", "=", grant.releaseId).executeTakeFirst();
    if (!release) continue;
    await enqueueMail(
      db,
      {
        subject: DOWNLOAD_MAIL.subject(release.title),
        text: DOWNLOAD_MAIL.text(artist.name, release.title, `${publicUrl}${grantPath(grant.token)}`, days),
        listUnsubscribe: false,
      },
      [email],
      now,
    );
  }
}

/**
 * Once a fan confirms their address (the newsletter's confirmation page), the
 * downloads it was asked for open, each mailed and named on that page.
 */
export async function openConfirmedDownloads(
  services: Services,
  email: string,
  now = Date.now(),
): Promise<{ title: string; path: string }[]> {
  const opened = await services.db.transaction().execute(async (trx) => {
    const grants = await openEmailGrants(trx, services.env.authSecret, email, now);
    await mailDownloadLinks(trx, services.env.publicUrl, email, grants, now);
    return grants;
  });
  if (opened.length === 0) return [];
  services.mail?.wake();
  const titles = await services.db
    .selectFrom("releases")
    .select(["id", "title"])
    .where(
      "id",
      "in",
      opened.map((grant) => grant.releaseId),
    )
    .execute();
  const titleOf = new Map(titles.map((release) => [release.id, release.title]));
  return opened.map((grant) => ({ title: titleOf.get(grant.releaseId) ?? "", path: grantPath(grant.token) }));
}
