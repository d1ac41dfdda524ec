import { z } from "zod";
import { SITE_SECTIONS, type SiteSection } from "#app/domain/site/site-config-schema.ts";

const section = z.enum(SITE_SECTIONS as [SiteSection, ...SiteSection[]]);
const revision = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** What a Site-area form posts besides its fields: which part, which revision it was editing, and what to do. */
export const siteRequestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), section, revision }),
  z.object({ intent: z.literal("restore"), section, revision, versionId: z.string().min(1).max(100) }),
]);
