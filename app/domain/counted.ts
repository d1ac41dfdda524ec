/**
 * What the site counts for the artist's Numbers (decision 029), as kept in
 * `dailyCounts.metric`, with the subject each is counted for. Visitors are
 * app/lib/numbers' own (a salted hash, rolled up).
 */
/** Where pages (and the embeddable player) send what they count: answered before Express (server/numbers-beacon.ts). */
export const BEACON_PATH = "/api/numbers";

export const METRIC = {
  /** A public page seen; subject: its path. */
  view: "view",
  /** A track started, played past 30 seconds, played to its end; subject: the song's id. */
  playStart: "play-start",
  play30s: "play-30s",
  playEnd: "play-end",
  /** A mailing-list sign-up kept; subject: the form and the page (`signupSubject`). */
  signup: "signup",
  /** A message through the contact form kept; subject: "". */
  message: "message",
  /** A link in a mailing followed; subject: the mailingLinks row's id. */
  click: "click",
  /** A visit that came from another site; subject: its domain. */
  referrer: "referrer",
  /** A visit that came with campaign parameters; subject: them, as a query string (`utm_source=…&…` or `ref=…`). */
  campaign: "campaign",
} as const;

/** A sign-up's subject: the form's variant, a space, the page's path. */
export const signupSubject = (form: string, path: string): string => `${form} ${path}`;

export function parseSignupSubject(subject: string): { form: string; path: string } {
  const space = subject.indexOf(" ");
  return space < 0 ? { form: subject, path: "" } : { form: subject.slice(0, space), path: subject.slice(space + 1) };
}
