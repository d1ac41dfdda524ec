// What search engines are told about: every public page, every release with a
// track out and every released track's page (sitemaps.org), and the robots.txt
// that points at the list.
import { absoluteUrl } from "#app/lib/document/meta.ts";
import { SITEMAP_PATH } from "#app/domain/public-paths.ts";
import type { Song } from "#app/domain/song.ts";
import { xml } from "#app/lib/text/xml.ts";

/**
 * The pages anyone may open, each answering 200 with content of its own. Not
 * /newsletter (only a form's answer; opened directly it goes home), nor the
 * pages a mail's link opens, sign-in, set-up, the dashboard or the embed.
 */
export const PUBLIC_PAGES = ["/", "/bio", "/music", "/shows", "/contact", "/privacy", "/terms"] as const;

/**
 * The sitemap: the public pages (and `extraPages`, those out only sometimes,
 * like the press kit), then the page of every release the released `songs`
 * belong to (changed when its newest-changed track was), then every released
 * song's own page with when it last changed.
 */
export function buildSitemap(origin: string, songs: readonly Song[], extraPages: readonly string[] = []): string {
  const pages = [...PUBLIC_PAGES, ...extraPages].map(
    (path) => xml`
  <url><loc>${absoluteUrl(origin, path)}</loc></url>`,
  );
  const releases = new Map<string, number>();
  for (const song of songs) releases.set(song.releasePath, Math.max(releases.get(song.releasePath) ?? 0, song.updatedAt));
  const entry = (path: string, changedAt: number) => xml`
  <url><loc>${absoluteUrl(origin, path)}</loc><lastmod>${new Date(changedAt).toISOString()}</lastmod></url>`;
  const releasePages = [...releases].map(([path, changedAt]) => entry(path, changedAt));
  const songPages = songs.map((song) => entry(song.path, song.updatedAt));
  return xml`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${pages}${releasePages}${songPages}
</urlset>
`.text;
}

/**
 * robots.txt: everything may be crawled but sign-in, set-up and the API, and
 * the sitemap is named. The dashboard is not listed: its address is told to
 * admins only, and it answers everyone else with a redirect anyway.
 */
export function buildRobotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /login",
    "Disallow: /setup",
    "Disallow: /api/",
    "",
    `Sitemap: ${absoluteUrl(origin, SITEMAP_PATH)}`,
    "",
  ].join("\n");
}
