// How a counted subject reads to the artist, in the area's lists and the CSV's label column.
import { parseSignupSubject } from "#app/domain/counted.ts";
import { CAMPAIGN_PARAMETERS } from "./beacon.ts";
import { NUMBERS_TEXT } from "./ui-text.ts";

/** `utm_source=x&utm_medium=y&utm_campaign=z` → "x · y · z"; `ref=x` → "x"; anything else as it is. */
export function campaignLabel(subject: string): string {
  const query = new URLSearchParams(subject);
  const parts = CAMPAIGN_PARAMETERS.map((name) => query.get(name)?.trim() ?? "").filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : subject;
}

/** A sign-up's form by the name the artist knows it, and the page it was on. */
export function signupLabel(subject: string): { form: string; path: string } {
  const { form, path } = parseSignupSubject(subject);
  return { form: NUMBERS_TEXT.signupForms[form] ?? form, path };
}
