// What a private link's page shows and plays, and the download it may offer.
import { Readable } from "node:stream";
import type { Selectable } from "kysely";
import type { ListeningLinksTable } from "#app/lib/db/db-schema.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { mediaKey, withoutAudio, type Song } from "#app/domain/song.ts";
import type { Release } from "#app/domain/release.ts";
import { safeFileName } from "#app/lib/storage/safe-file-name.ts";
import { LINK_MEDIA_LIFE_MS, signedMediaUrl } from "./link-secrets.server.ts";

type LinkRow = Selectable<ListeningLinksTable>;

/** A track of the page: playable at signed addresses, or still being prepared. */
export type ListenTrack = { song: Song; playable: boolean };

export type ListenPage = {
  release: Omit<Release, "tracks">;
  tracks: ListenTrack[];
  /** The songs the player holds: the playable tracks, their media addresses signed for this link. */
  songs: Song[];
  expiresAt: number | null;
  allowDownload: boolean;
  /** When the page's addresses lapse: it asks for new ones well before. */
  renewBy: number;
};

/** The release a link plays (or plays a track of): what the route reads, with every track, out or not. */
export async function linkReleaseId(services: Services, link: LinkRow): Promise<string | null> {
  if (link.releaseId !== null) return link.releaseId;
  const song = await services.db
    .selectFrom("songs")
    .select("releaseId")
    .where("id", "=", link.songId ?? "")
    .executeTakeFirst();
  return song?.releaseId ?? null;
}

/** The release's tracks the link plays; null when none is left. */
function linkedMusic(link: LinkRow, release: Release | null): { release: Release; tracks: Song[] } | null {
  if (!release) return null;
  const tracks = link.songId === null ? release.tracks : release.tracks.filter((track) => track.id === link.songId);
  return tracks.length > 0 ? { release, tracks } : null;
}

/**
 * A track plays through the link once its renditions exist (opusUrl is set
 * with them), or when it is out (what fans hear, it hears), or where no
 * renditions are made; never its master.
 */
const playableThroughLink = (song: Song, uploadsPlay: boolean) => song.opusUrl != null || song.released || uploadsPlay;

/** The page of `link`, playing `release` (its release, as linkReleaseId named it). */
export function listenPage(services: Services, link: LinkRow, release: Release | null, now = Date.now()): ListenPage | null {
  const music = linkedMusic(link, release);
  if (!music) return null;
  const { tracks: _all, ...details } = music.release;
  const uploadsPlay = !services.media;
  const sign = (url: string) => signedMediaUrl(services.env.authSecret, url, mediaKey(url), link.id, now);
  const tracks = music.tracks.map((song) => {
    const playable = playableThroughLink(song, uploadsPlay);
    // The cover is public (a coming release's countdown shows it); the audio is the link's alone, and a track still being prepared names none.
    const shown = playable
      ? { ...song, audioUrl: sign(song.audioUrl), opusUrl: song.opusUrl ? sign(song.opusUrl) : null }
      : withoutAudio(song);
    // Its public page does not exist before it is out: nothing here leads there.
    return { song: { ...shown, isLatest: false }, playable };
  });
  return {
    release: details,
    tracks,
    songs: tracks.filter((track) => track.playable).map((track) => track.song),
    expiresAt: link.expiresAt === null ? null : Number(link.expiresAt),
    allowDownload: link.allowDownload === 1,
    renewBy: now + LINK_MEDIA_LIFE_MS / 2,
  };
}

/**
 * The MP3 of one of the link's tracks as a download, when the link allows it:
 * the rendition fans would stream (or the upload where none are made), never
 * the master.
 */
export async function linkDownload(services: Services, link: LinkRow, release: Release | null, songId: string): Promise<Response | null> {
  if (link.allowDownload !== 1) return null;
  const music = linkedMusic(link, release);
  const song = music?.tracks.find((track) => track.id === songId);
  if (!song) return null;
  const rendition = await services.db
    .selectFrom("audioRenditions")
    .innerJoin("songs", "songs.audioKey", "audioRenditions.audioKey")
    .select("audioRenditions.fallbackKey")
    .where("songs.id", "=", song.id)
    .executeTakeFirst();
  const key = rendition?.fallbackKey ?? (!services.media ? mediaKey(song.audioUrl) : null);
  if (!key) return null;
  const [info, body] = await Promise.all([services.storage.stat(key), services.storage.read(key)]);
  if (!info || !body) {
    body?.destroy();
    return null;
  }
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1] ?? "mp3";
  const name = safeFileName(`${song.artist} - ${song.title}.${extension}`);
  return new Response(Readable.toWeb(body) as ReadableStream, {
    headers: {
      "Content-Type": extension === "mp3" ? "audio/mpeg" : "application/octet-stream",
      "Content-Length": String(info.size),
      "Content-Disposition": `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(`${song.artist} - ${song.title}.${extension}`)}`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
