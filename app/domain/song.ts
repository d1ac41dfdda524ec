// A song as every page and the player see it (SPEC section 3, Song), and the
// URLs of its media. Shared by the server and the browser.
import type { TrackGain } from "./track-gain.ts";

export type StreamingLinks = { spotify: string; apple: string; amazon: string; youtube: string };

export type Song = {
  id: string;
  title: string;
  /** Its share page, /music/{release slug}/{track slug}: the address fans paste. */
  path: string;
  /** The page of the release it is a track of. */
  releasePath: string;
  /** The release it is a track of. */
  releaseId: string;
  /** That release's title and kind, for the places that show the release rather than the track. */
  releaseTitle: string;
  releaseKind: "album" | "ep" | "single";
  artist: string;
  /** What every browser plays: the MP3 (or AAC) rendition, or a song's upload until its renditions are made. */
  audioUrl: string;
  /** The Opus rendition, for browsers that play it (the player asks: OPUS_TYPE); absent until made. */
  opusUrl?: string | null;
  /** The gains that bring it toward a common loudness (track-gain.ts); absent until measured. */
  gain?: TrackGain | null;
  /** Its waveform, a character a bar (waveform.ts), for the seek bar; absent until measured. */
  waveform?: string | null;
  coverUrl: string;
  /** Stem of the cover's responsive variants; see coverSrcSet. */
  coverKey: string;
  isLatest: boolean;
  streamingLinks: StreamingLinks;
  durationMs: number | null;
  createdAt: number;
  updatedAt: number;
  /** False until a scheduled song comes out; public lists, feeds and the sitemap hold only released songs. */
  released: boolean;
  /** When a scheduled song comes (or came) out; null for a song out on upload. */
  releaseAt: number | null;
  /** The zone the artist set the release time in, to show it as they wrote it. */
  releaseTimeZone: string | null;
  /** Whether a scheduled song's coming out mails everyone on the list (else only the fans who asked on its page). */
  releaseAnnounce: boolean;
  /** The artist marked it explicit. */
  explicit: boolean;
  /** Its ISRC, twelve characters without hyphens; "" for none. */
  isrc: string;
  /** The artist's library only: how measuring its loudness stands (app/domain/audio-facts.server.ts). */
  measure?: AudioMeasure;
  /** The artist's library only: how making its streaming renditions stands (app/domain/audio-renditions.server.ts). */
  streaming?: StreamingState;
};

/**
 * How a track's streaming renditions stand, as the artist's library shows it.
 * `waiting`: its release time has come and it comes out once they are made.
 */
export type StreamingState =
  | { state: "ready" }
  /** `percent`: how far the renditions have come, while they are being made. */
  | { state: "preparing"; waiting: boolean; percent?: number }
  | { state: "failed"; reason: string; waiting: boolean };

/** How a track's loudness measuring stands, as the artist's library shows it. */
export type AudioMeasure =
  | { state: "measured"; loudnessLufs: number | null; truePeakDb: number | null }
  | { state: "measuring" }
  | { state: "failed"; reason: string };

/** A page's songs: the list, or a promise of it while a slow query streams in (songsForPage). */
export type PageSongs = Song[] | Promise<Song[]>;

/** A song not out yet as its countdown page shows it: nothing that names or measures its audio. */
export function withoutAudio(song: Song): Song {
  return { ...song, audioUrl: "", opusUrl: null, gain: null, waveform: null };
}

export const streamingServices = [
  { key: "spotify", label: "Spotify" },
  { key: "apple", label: "Apple Music" },
  { key: "amazon", label: "Amazon Music" },
  { key: "youtube", label: "YouTube" },
] as const satisfies readonly { key: keyof StreamingLinks; label: string }[];

export const MEDIA_PREFIX = "/media/";
export const mediaUrl = (key: string) => `${MEDIA_PREFIX}${key}`;
/** The storage key behind a /media/ address (a song's audioUrl or coverUrl). */
export const mediaKey = (url: string) => (url.startsWith(MEDIA_PREFIX) ? url.slice(MEDIA_PREFIX.length) : url);

/** The audio formats uploads are sniffed as, by the extension their key keeps. */
const AUDIO_TYPES: Record<string, string> = {
  mp3: "audio/mpeg",
  wav: "audio/wav",
  aif: "audio/aiff",
  aiff: "audio/aiff",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
  weba: "audio/webm",
  flac: "audio/flac",
  m4a: "audio/mp4",
  aac: "audio/aac",
};

/** The MIME type of a song's audio (share cards, the feed's enclosures); MP3's when the extension says nothing. */
export function audioType(audioUrl: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(audioUrl)?.[1]?.toLowerCase() ?? "";
  return AUDIO_TYPES[extension] ?? "audio/mpeg";
}

/** The streaming renditions made from a track's upload (app/domain/audio-renditions.server.ts): fans hear these. */
export type RenditionFormat = "opus" | "mp3" | "m4a";
export const RENDITION_FORMATS = ["opus", "mp3", "m4a"] as const satisfies readonly RenditionFormat[];
/**
 * Opus is kept in WebM (.weba, audio/webm): browsers honour its codec delay and
 * end padding there, so two tracks cut from one take join without a gap; in Ogg,
 * Chromium plays the encoder's priming as silence (decision 026).
 */
const RENDITION_EXTENSIONS: Record<RenditionFormat, string> = { opus: "weba", mp3: "mp3", m4a: "m4a" };
export const renditionKey = (audioKey: string, format: RenditionFormat) => `${audioKey}.stream.${RENDITION_EXTENSIONS[format]}`;
/** What browsers are asked whether they play the Opus rendition. */
export const OPUS_TYPE = 'audio/webm; codecs="opus"';

/** Square cover variants, made when a cover is stored; the widths pages ask for. */
export const COVER_WIDTHS = [96, 192, 384, 768] as const;
export const COVER_FORMATS = ["avif", "webp"] as const;
export type CoverFormat = (typeof COVER_FORMATS)[number];

export const coverVariantKey = (coverKey: string, width: number, format: CoverFormat) => `${coverKey}.w${width}.${format}`;
/** The 1200×630 share image made from the cover. */
export const coverSocialKey = (coverKey: string) => `${coverKey}.og.jpg`;

export function coverSrcSet(coverKey: string, format: CoverFormat): string {
  return COVER_WIDTHS.map((w) => `${mediaUrl(coverVariantKey(coverKey, w, format))} ${w}w`).join(", ");
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms) || ms < 0) return "0:00";
  const total = Math.floor(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/** ISO 8601 duration for structured data, e.g. PT3M12S. */
export function isoDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  return `PT${Math.floor(total / 60)}M${total % 60}S`;
}
