import type { z } from "zod";
import { readForm, textFields } from "#app/lib/http/read-form.server.ts";
import { siteSectionSchemas, type SiteSection } from "#app/domain/site/site-config-schema.ts";
import { restoreSiteVersion, saveSiteSection, type RestoreResult, type SectionState } from "#app/domain/site/site-settings.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { siteRequestSchema } from "./schema.ts";
import { SITE_TEXT } from "./ui-text.ts";

/** What a Site-area form gets: the part saved (or restored) and its new revision; or why not, with a message per field or who saved it meanwhile. */
export type SiteEditResult = Result<
  { section: SiteSection; revision: number; restored: boolean },
  { section: SiteSection | null; fieldErrors?: Record<string, string>; conflict?: SectionState }
>;

const CONTROL_FIELDS = new Set(["intent", "section", "revision", "versionId"]);
const SEGMENT = /^(?:[A-Za-z][A-Za-z0-9]{0,39}|\d{1,2})$/;
/** Names every object answers through its prototype: never a field's (issue #30). */
const PROTOTYPE_NAMES = new Set(["__proto__", "constructor", "prototype"]);
const MAX_FIELDS = 400;

type Tree = { [key: string]: Tree | string | undefined } | (Tree | string | undefined)[];

/**
 * The form's fields as the section's shape: `influences.0.name` becomes
 * influences[0].name. Names are limited to short words and indexes below 100,
 * so a crafted form cannot build a large object; the objects are made without
 * a prototype, only their own keys are ever followed, a word never names a
 * list's item, and `constructor` or `prototype` refuse the whole form, so no
 * field name reaches a prototype (issue #30). Null for a form to refuse.
 */
function fieldsToTree(form: FormData): { tree: Record<string, unknown>; names: Set<string> } | null {
  const tree: Record<string, unknown> = Object.create(null);
  const names = new Set<string>();
  let count = 0;
  for (const [name, value] of form.entries()) {
    if (CONTROL_FIELDS.has(name) || typeof value !== "string") continue;
    if (++count > MAX_FIELDS) return null;
    const path = name.split(".");
    if (path.length > 4 || !path.every((segment) => SEGMENT.test(segment) && !PROTOTYPE_NAMES.has(segment))) return null;
    names.add(name);
    let node: Tree = tree as Tree;
    for (const [i, segment] of path.entries()) {
      const isIndex = /^\d+$/.test(segment);
      // A list takes indexes only, an object words only: `influences.length` is no field.
      if (Array.isArray(node) !== isIndex) return null;
      const key = isIndex ? Number(segment) : segment;
      const record = node as Record<string | number, Tree | string | undefined>;
      const existing = Object.hasOwn(record, key) ? record[key] : undefined;
      if (i === path.length - 1) {
        if (existing === undefined) record[key] = value;
        break;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1] ?? "");
      if (existing === undefined || typeof existing === "string") record[key] = nextIsIndex ? [] : Object.create(null);
      node = record[key] as Tree;
    }
  }
  return { tree, names };
}

const compact = (value: unknown): unknown[] => (Array.isArray(value) ? value.filter((item) => item !== undefined) : []);
const stringOf = (value: unknown): string => (typeof value === "string" ? value : "");

/** What each section's form sends, turned into what its schema reads. */
function sectionInput(section: SiteSection, tree: Record<string, unknown>): unknown {
  switch (section) {
    case "artist":
      return {
        ...tree,
        genres: stringOf(tree.genres)
          .split(",")
          .map((g) => g.trim())
          .filter(Boolean),
      };
    case "bio":
      return {
        story: stringOf(tree.story)
          .split(/\r?\n\s*\r?\n/)
          .map((p) => p.trim())
          .filter(Boolean),
        influences: compact(tree.influences),
      };
    case "featuredSong": {
      const link = (tree.link ?? {}) as Record<string, unknown>;
      const url = stringOf(link.url).trim();
      const label = stringOf(link.label).trim();
      return { songId: stringOf(tree.songId) || null, description: tree.description, link: url || label ? { url, label } : null };
    }
    case "social":
      return { links: compact(tree.links) };
    case "support":
      return { ...tree, links: compact(tree.links) };
    case "press":
      // Only the releases ticked are sent; an unticked box leaves a hole the list closes.
      return { ...tree, quotes: compact(tree.quotes), releaseIds: compact(tree.releaseIds) };
    default:
      return tree;
  }
}

/** Lists whose own problems (too many, one twice) the form shows above them, under the list's name. */
const LIST_FIELDS: Partial<Record<SiteSection, string[]>> = { press: ["quotes", "releaseIds"], support: ["links"] };

/** Each problem under the field it belongs to: the longest part of its path that is a field of the form. */
function fieldErrorsOf(error: z.ZodError, names: Set<string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    let field = "";
    for (let n = path.length; n > 0; n--) {
      const candidate = path.slice(0, n).join(".");
      if (names.has(candidate)) {
        field = candidate;
        break;
      }
    }
    errors[field] ??= issue.message;
  }
  return errors;
}

function answerOf(section: SiteSection, saved: RestoreResult, restored: boolean): SiteEditResult {
  if (saved.ok) return ok({ section, revision: saved.revision, restored });
  if (saved.status === 404) return refused(404, SITE_TEXT.versionGone, { section });
  // A conflict keeps its "conflict" and says who saved since: the form offers to load their version.
  return { ...saved, section };
}

/** A Site-area form's POST (the caller has checked the admin): save a section, or restore one of its versions. */
export async function handleSiteEdit(services: Services, request: Request, savedBy: string): Promise<SiteEditResult> {
  const read = await readForm(request);
  if (!read.ok) return { ...read, section: null };
  const control = siteRequestSchema.safeParse(textFields(read.form));
  if (!control.success) return refused(400, SITE_TEXT.unexpected, { section: null });
  const { section, revision } = control.data;
  if (control.data.intent === "restore") {
    return answerOf(section, await restoreSiteVersion(services.db, section, control.data.versionId, revision, savedBy), true);
  }
  const fields = fieldsToTree(read.form);
  if (!fields) return refused(400, SITE_TEXT.unexpected, { section });
  for (const list of LIST_FIELDS[section] ?? []) fields.names.add(list);
  const parsed = siteSectionSchemas[section].safeParse(sectionInput(section, fields.tree));
  if (!parsed.success) return refused(400, SITE_TEXT.fixFields, { section, fieldErrors: fieldErrorsOf(parsed.error, fields.names) });
  return answerOf(section, await saveSiteSection(services.db, section, parsed.data, revision, savedBy), false);
}
