import type { Db } from "#app/lib/db/db.server.ts";
import type { Storage } from "#app/lib/storage/storage.server.ts";
import { releasePath } from "#app/domain/public-paths.ts";
import type { DownloadFormat } from "#app/lib/db/db-schema.ts";
import { FORMAT_NAMES } from "./offer.ts";
import { releaseOffer } from "./offer.server.ts";
import { signedFilePath, type GrantRow } from "./grants.server.ts";
import { currentReleaseZip, releaseZipStates } from "./release-zips.server.ts";

/** One format on the download page: its signed address once the zip is made. */
export type GrantFile =
  | { format: DownloadFormat; state: "ready"; path: string; bytes: number }
  | { format: DownloadFormat; state: "preparing"; percent?: number };

export type GrantPage = {
  release: { title: string; path: string; artist: string; coverKey: string | null };
  files: GrantFile[];
  expiresAt: number;
};

/**
 * What a live grant's page shows: the release, and each format it offers with
 * an address signed for an hour (a new one each time the page is opened).
 * Null when the release has nothing out (a grant cannot outrun its release).
 */
export async function grantPage(db: Db, authSecret: string, token: string, grant: GrantRow, now = Date.now()): Promise<GrantPage | null> {
  const [release, tracks, offer, states] = await Promise.all([
    db.selectFrom("releases").select(["title", "slug"]).where("id", "=", grant.releaseId).executeTakeFirst(),
    db
      .selectFrom("songs")
      .select(["artist", "coverKey"])
      .where("releaseId", "=", grant.releaseId)
      .where("released", "=", 1)
      .orderBy("trackNumber")
      .limit(1)
      .execute(),
    releaseOffer(db, grant.releaseId),
    releaseZipStates(db, [grant.releaseId]),
  ]);
  const [first] = tracks;
  if (!release || !first || !offer) return null;
  const zips = states.get(grant.releaseId) ?? {};
  // Back to streaming only: nothing more, but for a code's holder (codes work however the page offers the release).
  const offered = offer.access !== "stream" || grant.via === "code";
  const files = (offered ? offer.formats : []).flatMap((format): GrantFile[] => {
    const state = zips[format];
    if (!state) return [];
    if (state.state === "ready")
      return [{ format, state: "ready", bytes: state.bytes, path: signedFilePath(authSecret, token, grant.id, format, now) }];
    if (state.state === "preparing")
      return [{ format, state: "preparing", ...(state.percent !== undefined ? { percent: state.percent } : {}) }];
    // Why a format could not be made is the artist's to read (the editor says it), not the fan's.
    return [];
  });
  return {
    release: { title: release.title, path: releasePath(release.slug), artist: first.artist, coverKey: first.coverKey },
    files,
    expiresAt: Number(grant.expiresAt),
  };
}

/**
 * The zip to serve a grant in a format: only one made from the release as it
 * is now (a changed track is never served the old file), while the release
 * offers the format and has something out; with the name it is saved as.
 */
export async function releaseZipToServe(
  db: Db,
  storage: Storage,
  grant: Pick<GrantRow, "releaseId" | "via">,
  format: DownloadFormat,
): Promise<{ key: string; fileName: string } | null> {
  const { releaseId } = grant;
  const [offer, zip, release, first] = await Promise.all([
    releaseOffer(db, releaseId),
    currentReleaseZip(db, storage, releaseId, format),
    db.selectFrom("releases").select("title").where("id", "=", releaseId).executeTakeFirst(),
    db
      .selectFrom("songs")
      .select("artist")
      .where("releaseId", "=", releaseId)
      .where("released", "=", 1)
      .orderBy("trackNumber")
      .limit(1)
      .executeTakeFirst(),
  ]);
  // A release back to streaming only gives nothing more, but to a code's holder: codes work however the page offers it.
  const offered = offer && (offer.access !== "stream" || grant.via === "code");
  if (!offer || !offered || !offer.formats.includes(format) || !zip || !release || !first) return null;
  return { key: zip.key, fileName: savedName(`${first.artist} - ${release.title} (${FORMAT_NAMES[format].label}).zip`) };
}

/** A name every system saves: the artist's words kept, only what Windows or a path would misread replaced. */
const savedName = (name: string) =>
  [...name]
    .map((char) => (char.charCodeAt(0) < 0x20 || char === "\u007f" || '\\/:*?"<>|'.includes(char) ? "-" : char))
    .join("")
    .replace(/^[.\s]+/, "")
    .slice(0, 180);
