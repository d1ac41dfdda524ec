import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { RouterContextProvider } from "react-router";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import type { Database } from "#app/lib/db/db-schema.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { defaultPrivacyMarkdown, defaultTermsMarkdown, fillLegalTokens } from "./legal-defaults.ts";
import { SITE_SECTIONS, settingsFromConfig, siteSectionSchemas, type SiteSection, type SiteSettings } from "./site-config-schema.ts";
import { siteConfig } from "./site-config.server.ts";

/*
 * What the site says lives in the database, one row per section, with
 * site.config.ts's values until a section is first saved. Every save is
 * conditional on the revision the editor started from, in one statement, so
 * of two tabs or two admins saving the same section the later one is told,
 * never silently overwritten; every saved value is kept for restore; and the
 * content version moves in the same transaction, so every page, share card
 * and share image on every process shows the save on its next request.
 */

const firstStart: SiteSettings = settingsFromConfig(siteConfig);

/** Where a new site starts (site.config.ts): what the first-run checklist calls demo content while it is still shown. */
export const firstStartSettings = (): SiteSettings => firstStart;
/** Who "saved" a section's value before anyone did: the file it came from. */
export const FIRST_START_AUTHOR = "site.config.ts";
/** Versions kept per section; older ones go as new ones come. */
const VERSIONS_KEPT = 100;

export type SectionState = { revision: number; updatedAt: number | null; updatedBy: string | null };
export type SiteSettingsState = { settings: SiteSettings; sections: Record<SiteSection, SectionState> };

function parseSection<S extends SiteSection>(section: S, json: string): SiteSettings[S] | null {
  try {
    const parsed = siteSectionSchemas[section].safeParse(JSON.parse(json));
    return parsed.success ? (parsed.data as SiteSettings[S]) : null;
  } catch {
    return null;
  }
}

function isSection(value: string): value is SiteSection {
  return (SITE_SECTIONS as string[]).includes(value);
}

/** Every section's current value and revision. */
export async function loadSiteSettingsState(db: Kysely<Database>): Promise<SiteSettingsState> {
  const rows = await db.selectFrom("siteSettings").selectAll().execute();
  const settings: SiteSettings = { ...firstStart };
  const sections = Object.fromEntries(SITE_SECTIONS.map((s) => [s, { revision: 0, updatedAt: null, updatedBy: null }])) as Record<
    SiteSection,
    SectionState
  >;
  for (const row of rows) {
    if (!isSection(row.section)) continue;
    const value = parseSection(row.section, row.data);
    // A stored value today's schema refuses (a hand-edited row) shows the default rather than breaking every page.
    if (value === null) console.error(`Site settings: the stored "${row.section}" section is not valid; showing site.config.ts's value`);
    else (settings as Record<SiteSection, unknown>)[row.section] = value;
    sections[row.section] = { revision: row.revision, updatedAt: row.updatedAt, updatedBy: row.updatedBy };
  }
  return { settings, sections };
}

export async function loadSiteSettings(db: Kysely<Database>): Promise<SiteSettings> {
  return (await loadSiteSettingsState(db)).settings;
}

// The root loader and the page's loader run for the same request: they share one read.
const perRequest = new WeakMap<object, Promise<SiteSettings>>();

/** The site settings for this request, read once however many loaders ask. */
export function siteSettingsOf(context: Readonly<RouterContextProvider>): Promise<SiteSettings> {
  let settings = perRequest.get(context);
  if (!settings) {
    settings = loadSiteSettings(servicesOf(context).db);
    perRequest.set(context, settings);
  }
  return settings;
}

/**
 * The privacy or terms page's Markdown as the editor shows it: the artist's
 * own, or the built-in text, with the name and e-mail as tokens.
 */
export function legalTemplate(settings: SiteSettings, page: "privacy" | "terms"): string {
  return settings[page].markdown || (page === "privacy" ? defaultPrivacyMarkdown() : defaultTermsMarkdown());
}

/** The privacy or terms page's Markdown as fans read it: the tokens filled with the name and general e-mail now. */
export function legalMarkdown(settings: SiteSettings, page: "privacy" | "terms"): string {
  return fillLegalTokens(legalTemplate(settings, page), { name: settings.artist.name, email: settings.contact.general.email });
}

/**
 * The artist's name as stored now (or site.config.ts's). Every song is
 * credited to it as it is read, so a rename reaches every page, feed, embed
 * and mail at once, whatever name a song was uploaded under.
 */
export async function currentArtistName(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom("siteSettings").select("data").where("section", "=", "artist").executeTakeFirst();
  return (row ? parseSection("artist", row.data)?.name : null) ?? firstStart.artist.name;
}

/**
 * A save: the section's new revision; or, when someone saved it since the
 * editor opened (409, error "conflict"), who and when. The Site area says it
 * in its own words.
 */
export type SaveResult = Result<{ revision: number }, { status: 409; conflict: SectionState }>;

async function sectionState(db: Kysely<Database>, section: SiteSection): Promise<SectionState> {
  const row = await db
    .selectFrom("siteSettings")
    .select(["revision", "updatedAt", "updatedBy"])
    .where("section", "=", section)
    .executeTakeFirst();
  return row ?? { revision: 0, updatedAt: null, updatedBy: null };
}

async function insertVersion(db: Kysely<Database>, section: SiteSection, revision: number, data: string, savedAt: number, savedBy: string) {
  await db
    .insertInto("siteSettingVersions")
    .values({ id: randomUUID(), section, revision, data, savedAt, savedBy })
    .onConflict((oc) => oc.columns(["section", "revision"]).doNothing())
    .execute();
}

/**
 * Saves a section's parsed value if the section is still at `expectedRevision`
 * (what the editor was showing); otherwise changes nothing and says who saved
 * it since.
 */
export async function saveSiteSection<S extends SiteSection>(
  db: Kysely<Database>,
  section: S,
  value: SiteSettings[S],
  expectedRevision: number,
  savedBy: string,
  now = Date.now(),
): Promise<SaveResult> {
  const data = JSON.stringify(value);
  const revision = expectedRevision + 1;
  return db.transaction().execute(async (trx) => {
    const written =
      expectedRevision === 0
        ? await trx
            .insertInto("siteSettings")
            .values({ section, data, revision, updatedAt: now, updatedBy: savedBy })
            .onConflict((oc) => oc.column("section").doNothing())
            .executeTakeFirst()
            .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0))
        : await trx
            .updateTable("siteSettings")
            .set({ data, revision, updatedAt: now, updatedBy: savedBy })
            .where("section", "=", section)
            .where("revision", "=", expectedRevision)
            .executeTakeFirst()
            .then((r) => Number(r.numUpdatedRows));
    if (written !== 1) return refused(409, "conflict", { conflict: await sectionState(trx, section) });
    // The first save keeps the value it replaces too, so the first-start text can be restored.
    if (expectedRevision === 0) await insertVersion(trx, section, 0, JSON.stringify(firstStart[section]), now, FIRST_START_AUTHOR);
    await insertVersion(trx, section, revision, data, now, savedBy);
    await trx
      .deleteFrom("siteSettingVersions")
      .where("section", "=", section)
      .where("revision", "<=", revision - VERSIONS_KEPT)
      .execute();
    await bumpContentVersion(trx);
    return ok({ revision });
  });
}

export type SiteVersion = { id: string; section: SiteSection; revision: number; savedAt: number; savedBy: string; summary: string };

/** A line of a version's words, so the artist can tell versions apart before restoring one. */
function summarise(value: unknown): string {
  const words: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") words.push(v);
    else if (typeof v === "number") words.push(String(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(value);
  const line = words.filter(Boolean).join(" · ").replace(/\s+/g, " ");
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

/** The section's most recent versions, newest first. */
export async function listSiteVersions(db: Kysely<Database>, section: SiteSection, limit = 10): Promise<SiteVersion[]> {
  const rows = await db
    .selectFrom("siteSettingVersions")
    .selectAll()
    .where("section", "=", section)
    .orderBy("revision", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => {
    let value: unknown = null;
    try {
      value = JSON.parse(row.data);
    } catch {
      // Shown without a summary; restoring it is refused below.
    }
    return { id: row.id, section, revision: row.revision, savedAt: row.savedAt, savedBy: row.savedBy, summary: summarise(value) };
  });
}

/** A restore: as a save, or a version no longer kept (404, error "missing"). */
export type RestoreResult = Result<{ revision: number }, { status: 409; conflict: SectionState } | { status: 404 }>;

/** Saves an older version's value as the section's newest (so a restore can itself be undone). */
export async function restoreSiteVersion(
  db: Kysely<Database>,
  section: SiteSection,
  versionId: string,
  expectedRevision: number,
  savedBy: string,
): Promise<RestoreResult> {
  const row = await db
    .selectFrom("siteSettingVersions")
    .select("data")
    .where("id", "=", versionId)
    .where("section", "=", section)
    .executeTakeFirst();
  const value = row ? parseSection(section, row.data) : null;
  if (!value) return refused(404, "missing");
  return saveSiteSection(db, section, value, expectedRevision, savedBy);
}
