import type { RouterContextProvider } from "react-router";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { renderMarkdown } from "#app/lib/text/markdown.server.ts";
import { legalMarkdown, loadSiteSettingsState } from "./site-settings.server.ts";

/** Until the artist saves their own text, the built-in one's date. */
const BUILT_IN_DATE = "November 2026";

/** The privacy or terms page: its HTML and the month it last changed. */
export async function legalPage(context: Readonly<RouterContextProvider>, page: "privacy" | "terms") {
  const { settings, sections } = await loadSiteSettingsState(servicesOf(context).db);
  const updatedAt = settings[page].markdown ? sections[page].updatedAt : null;
  const updated = updatedAt
    ? new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(updatedAt)
    : BUILT_IN_DATE;
  return { html: renderMarkdown(legalMarkdown(settings, page)), updated };
}
