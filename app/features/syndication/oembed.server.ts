// oEmbed (https://oembed.com), the provider side: a song page's address in,
// the embeddable player as a "rich" answer out, so that a link pasted into
// WordPress, Mastodon and the like becomes a player. Only this site's own
// song pages, and only released songs (docs/decisions/016-embeds-and-feeds.md).
import { z } from "zod";
import { absoluteUrl, SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from "#app/lib/document/meta.ts";
import { embedCode } from "#app/domain/embed-code.ts";
import { EMBED_MIN_SIZE, EMBED_SIZE, isIdShaped, type SongAddress } from "#app/domain/public-paths.ts";
import { isSlugShaped } from "#app/domain/slug.ts";
import { COVER_WIDTHS, coverSocialKey, coverVariantKey, mediaUrl, type Song } from "#app/domain/song.ts";
import { OEMBED_TEXT } from "./ui-text.ts";

/** What the oEmbed spec calls a rich answer, with the thumbnail we have for every song. */
export type OembedRich = {
  version: "1.0";
  type: "rich";
  provider_name: string;
  provider_url: string;
  title: string;
  author_name: string;
  author_url: string;
  html: string;
  width: number;
  height: number;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
  cache_age: number;
};

export type OembedRefusal = { status: 400 | 404 | 501; message: string };
type OembedQuery = { url: string; maxwidth?: number | undefined; maxheight?: number | undefined };

/** How long consumers may keep an answer (seconds): a title edit shows within the hour. */
export const OEMBED_CACHE_SECONDS = 3600;

// Pixels as the spec means them: positive whole numbers. Five digits are more than any screen.
const dimension = (name: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,4}$/, OEMBED_TEXT.dimension(name))
    .transform(Number)
    .optional();

const oembedQuery = z.object({
  url: z.string({ error: OEMBED_TEXT.urlMissing }).trim().min(1, OEMBED_TEXT.urlMissing),
  format: z.string().optional(),
  maxwidth: dimension("maxwidth"),
  maxheight: dimension("maxheight"),
});

/**
 * The request's query, checked: 400 for a missing url, a repeated parameter
 * or a size that is not a positive whole number; 501 for any format but JSON
 * (the spec's answer for a format the provider does not offer). Parameters
 * the spec does not name are ignored, as it asks. Its refusal keeps its own
 * shape (`refusal: { status, message }`) rather than a Result's: the route
 * answers it as oEmbed's plain text, and the browser tests
 * (tests/e2e/bad-input.spec.ts) read it so to know what the route must say.
 */
export function readOembedQuery(params: URLSearchParams): { ok: true; query: OembedQuery } | { ok: false; refusal: OembedRefusal } {
  const fields: Record<string, string> = {};
  for (const name of ["url", "format", "maxwidth", "maxheight"]) {
    const values = params.getAll(name);
    if (values.length > 1) return { ok: false, refusal: { status: 400, message: OEMBED_TEXT.repeated(name) } };
    if (values[0] !== undefined) fields[name] = values[0];
  }
  const parsed = oembedQuery.safeParse(fields);
  if (!parsed.success) return { ok: false, refusal: { status: 400, message: parsed.error.issues[0]?.message ?? OEMBED_TEXT.urlMissing } };
  const { url, format, maxwidth, maxheight } = parsed.data;
  if (format !== undefined && format !== "json") return { ok: false, refusal: { status: 501, message: OEMBED_TEXT.formatUnsupported } };
  return { ok: true, query: { url, maxwidth, maxheight } };
}

/** Longer than any address of ours could be. */
const MAX_URL_LENGTH = 2048;

/**
 * The song `raw` names when it is one of this site's song addresses, as fans
 * paste them: a track's page {PUBLIC_URL}/music/{release}/{track}, a release's
 * {PUBLIC_URL}/music/{release} (its first track), the older {PUBLIC_URL}/music/{id},
 * or the player's own /embed/{id} (a trailing slash, a query or a fragment
 * allowed). Anything else is null: another scheme, host or port, credentials,
 * any other path.
 */
export function songAddressFromUrl(raw: string, publicUrl: string): SongAddress | null {
  if (raw.length > MAX_URL_LENGTH || !URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (url.origin !== new URL(publicUrl).origin || url.username || url.password) return null;
  const match = /^\/(music|embed)\/([^/]+)(?:\/([^/]+))?\/?$/.exec(url.pathname);
  if (!match) return null;
  const [, area, first = "", second] = match;
  const one = decoded(first);
  if (one === null) return null;
  if (second !== undefined) {
    const two = decoded(second);
    return area === "music" && two !== null && isSlugShaped(one) && isSlugShaped(two) ? { releaseSlug: one, trackSlug: two } : null;
  }
  if (area === "embed") return isIdShaped(one) ? { id: one } : null;
  return isIdShaped(one) || isSlugShaped(one) ? { releaseSlugOrId: one } : null;
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The answer for a released song: the compact player at its usual size, or
 * narrower and lower when the consumer asks (maxwidth, maxheight), or null
 * when the room asked for is smaller than the player works in. The thumbnail
 * respects the same limits: the share card when it fits, else the largest
 * square cover that does.
 */
export function oembedAnswer(
  song: Song,
  site: { origin: string; artistName: string },
  limits: { maxwidth?: number | undefined; maxheight?: number | undefined },
  /** For a release's address with more than one track out: its player, the tracks in running order. */
  release: { id: string; title: string } | null = null,
): OembedRich | null {
  const maxwidth = limits.maxwidth ?? Infinity;
  const maxheight = limits.maxheight ?? Infinity;
  const width = Math.min(EMBED_SIZE.width, maxwidth);
  const height = Math.min(EMBED_SIZE.height, maxheight);
  if (width < EMBED_MIN_SIZE.width || height < EMBED_MIN_SIZE.height) return null;
  const siteUrl = absoluteUrl(site.origin, "/");
  return {
    version: "1.0",
    type: "rich",
    provider_name: site.artistName,
    provider_url: siteUrl,
    title: release?.title ?? song.title,
    author_name: song.artist,
    author_url: siteUrl,
    html: embedCode(site.origin, release ? { id: release.id, title: release.title, artist: song.artist, release: true } : song, {
      width,
      height,
    }),
    width,
    height,
    ...thumbnail(song, site.origin, maxwidth, maxheight),
    cache_age: OEMBED_CACHE_SECONDS,
  };
}

function thumbnail(song: Song, origin: string, maxwidth: number, maxheight: number) {
  if (SOCIAL_IMAGE_WIDTH <= maxwidth && SOCIAL_IMAGE_HEIGHT <= maxheight) {
    return {
      thumbnail_url: absoluteUrl(origin, mediaUrl(coverSocialKey(song.coverKey))),
      thumbnail_width: SOCIAL_IMAGE_WIDTH,
      thumbnail_height: SOCIAL_IMAGE_HEIGHT,
    };
  }
  const side = COVER_WIDTHS.filter((w) => w <= maxwidth && w <= maxheight).at(-1);
  if (side === undefined) return {};
  return {
    thumbnail_url: absoluteUrl(origin, mediaUrl(coverVariantKey(song.coverKey, side, "webp"))),
    thumbnail_width: side,
    thumbnail_height: side,
  };
}
