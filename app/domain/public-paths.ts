// The addresses the site gives other sites and apps: the embeddable player,
// the oEmbed answer that points at it, the RSS feed and the sitemap
// (docs/decisions/016-embeds-and-feeds.md). Paths; make them absolute with
// absoluteUrl (app/lib/document/meta.ts) and PUBLIC_URL.

export const FEED_PATH = "/feed.xml";
export const SITEMAP_PATH = "/sitemap.xml";
const OEMBED_PATH = "/oembed";

/** The embeddable player's size when nobody says otherwise: the compact strip, cover beside the controls. */
export const EMBED_SIZE = { width: 480, height: 152 } as const;
/** The smallest the player still works at (the cover hides below 360 px wide); an oEmbed request for less gets 404. */
export const EMBED_MIN_SIZE = { width: 200, height: 120 } as const;

/** /embed/{id}, or /embed for the latest release. */
export const embedPath = (songId?: string) => (songId === undefined ? "/embed" : `/embed/${encodeURIComponent(songId)}`);

/** The embeddable player for a whole release, its tracks in running order: /embed/release/{release id}. */
export const releaseEmbedPath = (releaseId: string) => `/embed/release/${encodeURIComponent(releaseId)}`;

/** A release's page: /music/{release slug}. */
export const releasePath = (releaseSlug: string) => `/music/${encodeURIComponent(releaseSlug)}`;

/** A track's page, the address fans paste: /music/{release slug}/{track slug}. */
export const trackPath = (releaseSlug: string, trackSlug: string) => `${releasePath(releaseSlug)}/${encodeURIComponent(trackSlug)}`;

/** Which song an address names: a track's, a release's (or an old song id there), or the player's id. */
export type SongAddress = { releaseSlug: string; trackSlug: string } | { releaseSlugOrId: string } | { id: string };

/** The shape of a song id we hand out (a UUID, or the like from older versions): no slashes, spaces or controls. */
export const isIdShaped = (value: string) => /^[A-Za-z0-9._~-]{1,100}$/.test(value);

/** Where a song's share page was before releases (issue #33): answered with a 301 to its track page. */
export const oldSongPath = (songId: string) => `/music/${encodeURIComponent(songId)}`;

/** The oEmbed request for a page at `pageUrl` (absolute), as a discovery link names it. */
export const oembedPath = (pageUrl: string) => `${OEMBED_PATH}?${new URLSearchParams({ url: pageUrl, format: "json" }).toString()}`;
