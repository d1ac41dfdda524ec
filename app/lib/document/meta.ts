import type { MetaDescriptor } from "react-router";

export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;
export const DEFAULT_SOCIAL_IMAGE_PATH = "/social-image.png";

/**
 * The default share image's address for a content version: the image is made
 * from the site's content (the hero photo), and a new address per version makes
 * every share card and cache fetch the new bytes.
 */
export const socialImagePath = (contentVersion: number) => `${DEFAULT_SOCIAL_IMAGE_PATH}?v=${contentVersion}`;

/** What every page's meta needs from the root loader. */
export type SiteMeta = {
  origin: string;
  artistName: string;
  tagline: string;
  description: string;
  genres: string[];
  /** The default share image, with its version (socialImagePath). */
  socialImagePath?: string;
};

/** On a page's robots meta: noindex, yet counted in the Numbers (`PageMeta.counted`). */
export const COUNTED_ATTRIBUTE = "data-counted";

export type PageMeta = {
  title: string;
  description: string;
  /** Path of the page, e.g. "/bio"; made absolute with PUBLIC_URL. */
  path: string;
  image?: { path: string; width: number; height: number; alt: string };
  type?: string;
  noindex?: boolean;
  /**
   * With `noindex`: a public page kept out of search results for now, yet
   * counted in the artist's Numbers (a release's coming-soon page). Without
   * it, a noindex page (an error, a private page) is never counted.
   */
  counted?: boolean;
  genres?: string[];
  /** The home page's title stands alone; every other page is "Title | Artist". */
  bareTitle?: boolean;
  /**
   * A player other sites may frame (a path, /embed/{id}): the Twitter card
   * becomes a player card. Card consumers only play it from an https site.
   */
  player?: { path: string; width: number; height: number };
  /** Page-specific tags (og:audio, JSON-LD), appended. */
  extra?: MetaDescriptor[];
};

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** Finds the root loader's site facts among a meta function's matches. */
export function siteMetaFrom(matches: readonly MatchLike[]): SiteMeta {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { siteMeta?: SiteMeta } | undefined;
  if (!root?.siteMeta) throw new Error("Root loader data is missing siteMeta");
  return root.siteMeta;
}

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).toString();
}

/** Title, description, canonical link, Open Graph and Twitter card for one page. */
export function pageMeta(site: SiteMeta, page: PageMeta): MetaDescriptor[] {
  const title = page.bareTitle ? page.title : `${page.title} | ${site.artistName}`;
  const url = absoluteUrl(site.origin, page.path);
  const image = page.image ?? {
    path: site.socialImagePath ?? DEFAULT_SOCIAL_IMAGE_PATH,
    width: SOCIAL_IMAGE_WIDTH,
    height: SOCIAL_IMAGE_HEIGHT,
    alt: `${site.artistName}: ${(page.genres ?? site.genres).join(", ")}`,
  };
  const imageUrl = absoluteUrl(site.origin, image.path);
  return [
    { title },
    { name: "description", content: page.description },
    { name: "keywords", content: [site.artistName, ...(page.genres ?? site.genres), "music"].join(", ") },
    ...(page.noindex
      ? [{ name: "robots", content: "noindex", ...(page.counted ? { [COUNTED_ATTRIBUTE]: "" } : {}) }]
      : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:site_name", content: site.artistName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: page.player ? "player" : "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
    ...(page.player
      ? [
          { name: "twitter:player", content: absoluteUrl(site.origin, page.player.path) },
          { name: "twitter:player:width", content: String(page.player.width) },
          { name: "twitter:player:height", content: String(page.player.height) },
        ]
      : []),
    ...(page.extra ?? []),
  ];
}
