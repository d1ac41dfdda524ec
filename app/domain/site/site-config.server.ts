import rawConfig from "#site-config";
import { parseSiteConfig, type SiteConfig } from "./site-config-schema.ts";

/** The validated artist content; importing this module throws on a bad site.config.ts. */
export const siteConfig: SiteConfig = parseSiteConfig(rawConfig);

export const dashboardPath = `/${siteConfig.artist.slug}-dashboard`;
