import type { SiteConfigInput } from "./site-config-schema.ts";

/** Typed helper for site.config.ts; validation happens when the server loads it. */
export function defineSiteConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
