// The releases as an RSS 2.0 feed with audio enclosures and Apple's podcast
// tags, so feed readers follow the artist and podcast apps subscribe to the
// songs themselves (docs/decisions/016-embeds-and-feeds.md). Every field goes
// through `xml`, which escapes it.
import { absoluteUrl } from "#app/lib/document/meta.ts";
import { FEED_PATH } from "#app/domain/public-paths.ts";
import { audioType, mediaKey, type Song } from "#app/domain/song.ts";
import type { Storage } from "#app/lib/storage/storage.server.ts";
import { type Markup, xml } from "#app/lib/text/xml.ts";

export type FeedSite = {
  origin: string;
  artistName: string;
  tagline: string;
  description: string;
  /** The site's share image (absolute or a path), the channel's picture when no song has a cover yet. */
  fallbackImage: string;
};

/** Sizes of the songs' audio files in bytes, by storage key; a missing file is left out (length 0, as RSS asks). */
export type AudioSizes = ReadonlyMap<string, number>;

/** When a song came out, as fans count it: its scheduled release, else when it was added. */
export const releasedAt = (song: Song) => song.releaseAt ?? song.createdAt;

/** RFC 822 dates, as RSS 2.0 wants them (with a four-digit year, as everyone writes them). */
const rfc822 = (ms: number) => new Date(ms).toUTCString();

/** The audio files' sizes, read together; a file that cannot be read does not hold up the feed. */
export async function audioSizes(storage: Storage, songs: readonly Song[]): Promise<AudioSizes> {
  const keys = songs.map((song) => mediaKey(song.audioUrl));
  const stats = await Promise.all(
    keys.map((key) =>
      storage.stat(key).catch((error: unknown) => {
        console.error(`Reading the size of ${key} for the feed failed`, error);
        return null;
      }),
    ),
  );
  const sizes = new Map<string, number>();
  stats.forEach((stat, i) => {
    const key = keys[i];
    if (stat && key !== undefined) sizes.set(key, stat.size);
  });
  return sizes;
}

/** The feed of `songs` (released ones), newest release first. */
export function buildFeed(site: FeedSite, songs: readonly Song[], sizes: AudioSizes): string {
  const at = (path: string) => absoluteUrl(site.origin, path);
  const ordered = [...songs].sort((a, b) => releasedAt(b) - releasedAt(a) || b.createdAt - a.createdAt);
  const latest = ordered.find((song) => song.isLatest) ?? ordered[0];
  const channelImage = at(latest ? latest.coverUrl : site.fallbackImage);
  const newest = ordered[0];
  const lastChange = ordered.reduce((max, song) => Math.max(max, song.updatedAt, releasedAt(song)), 0);
  const items: Markup[] = ordered.map((song) => {
    const link = at(song.path);
    const bytes = sizes.get(mediaKey(song.audioUrl)) ?? 0;
    const seconds = song.durationMs === null ? null : Math.max(1, Math.round(song.durationMs / 1000));
    return xml`
    <item>
      <title>${song.title}</title>
      <link>${link}</link>
      <guid isPermaLink="false">${song.id}</guid>
      <pubDate>${rfc822(releasedAt(song))}</pubDate>
      <description>${`Listen to "${song.title}" by ${song.artist}.`}</description>
      <enclosure url="${at(song.audioUrl)}" length="${bytes}" type="${audioType(song.audioUrl)}"/>
      <itunes:title>${song.title}</itunes:title>
      <itunes:author>${song.artist}</itunes:author>
      <itunes:image href="${at(song.coverUrl)}"/>
      ${seconds === null ? null : xml`<itunes:duration>${seconds}</itunes:duration>`}
      <itunes:episodeType>full</itunes:episodeType>
      <itunes:explicit>false</itunes:explicit>
    </item>`;
  });
  return xml`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${site.artistName}</title>
    <link>${at("/")}</link>
    <description>${site.description}</description>
    <language>en</language>
    <atom:link href="${at(FEED_PATH)}" rel="self" type="application/rss+xml"/>
    ${newest ? xml`<pubDate>${rfc822(releasedAt(newest))}</pubDate>` : null}
    ${lastChange > 0 ? xml`<lastBuildDate>${rfc822(lastChange)}</lastBuildDate>` : null}
    <image>
      <url>${channelImage}</url>
      <title>${site.artistName}</title>
      <link>${at("/")}</link>
    </image>
    <itunes:author>${site.artistName}</itunes:author>
    <itunes:subtitle>${site.tagline}</itunes:subtitle>
    <itunes:summary>${site.description}</itunes:summary>
    <itunes:image href="${channelImage}"/>
    <itunes:category text="Music"/>
    <itunes:explicit>false</itunes:explicit>
    <itunes:type>episodic</itunes:type>${items}
  </channel>
</rss>
`.text;
}
