import { absoluteUrl } from "#app/lib/document/meta.ts";
import { EMBED_SIZE, embedPath, releaseEmbedPath } from "./public-paths.ts";
import { xml } from "#app/lib/text/xml.ts";

/**
 * The HTML another site pastes to show one song's player, or a release's: what the oEmbed
 * answer carries (features/syndication) and what the dashboard's library
 * copies for the artist (features/songs). As wide as it may be (480 px) and
 * no wider than the page's column. Every value is escaped, so a title
 * like `A < B & "C"` stays one attribute.
 */
export function embedCode(
  origin: string,
  item: { id: string; title: string; artist: string; /** A release's player rather than one song's. */ release?: boolean },
  size: { width: number; height: number } = EMBED_SIZE,
): string {
  const src = absoluteUrl(origin, item.release ? releaseEmbedPath(item.id) : embedPath(item.id));
  const label = `${item.title} by ${item.artist}`;
  // The width attribute for tools that read it; the style lets it shrink to a phone's column instead of making the page scroll sideways.
  const style = `border:0;border-radius:12px;width:100%;max-width:${size.width}px`;
  return xml`<iframe src="${src}" width="${size.width}" height="${size.height}" frameborder="0" allow="autoplay; encrypted-media" loading="lazy" title="${label}" style="${style}"></iframe>`
    .text;
}
