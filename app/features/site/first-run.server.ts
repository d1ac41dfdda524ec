import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db-schema.ts";
import { loadSiteSettingsState } from "#app/lib/site-settings.server.ts";

export type ChecklistItem = { id: "name" | "photo" | "song" | "links"; done: boolean };

/** A link to a platform's front page (https://open.spotify.com/) is the demo's, not the artist's profile. */
const isFrontPage = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.protocol !== "mailto:" && (parsed.pathname === "/" || parsed.pathname === "") && !parsed.search;
  } catch {
    return false;
  }
};

/**
 * What of the site is still the demo the site started with: the name and
 * description as site.config.ts had them, no hero photo, no song, links to the
 * platforms' front pages. The dashboard lists what is left until all is done.
 */
export async function firstRunChecklist(db: Kysely<Database>): Promise<ChecklistItem[]> {
  const [{ settings, sections }, song, hero] = await Promise.all([
    loadSiteSettingsState(db),
    db.selectFrom("songs").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("photos").select("id").where("slot", "=", "hero").limit(1).executeTakeFirst(),
  ]);
  return [
    { id: "name", done: sections.artist.revision > 0 },
    { id: "photo", done: hero !== undefined },
    { id: "song", done: song !== undefined },
    { id: "links", done: settings.social.links.length > 0 && !settings.social.links.some((link) => isFrontPage(link.url)) },
  ];
}
