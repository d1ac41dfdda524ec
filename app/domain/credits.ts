// Who made a track or a release (issue #33): "Written by", "Produced by",
// "Featuring" or any role the artist names, each with its people. The artist
// writes them one to a line, "Produced by: Sam Okafor", which reads the same in
// a plain text area with JavaScript off as on the page; they are kept as a list
// in the order written. Shared by the server and the browser.

export type Credit = { role: string; name: string };

/** The roles the editor suggests; any other role is welcome. */
export const COMMON_CREDIT_ROLES = [
  "Written by",
  "Produced by",
  "Mixed by",
  "Mastered by",
  "Featuring",
  "Recorded by",
  "Artwork by",
] as const;

export const CREDITS_MAX = 50;
const CREDIT_ROLE_MAX = 60;
const CREDIT_NAME_MAX = 300;

const CREDIT_TEXT = {
  noColon: (line: number) => `Line ${line}: write the role, a colon, then the names (Produced by: Sam Okafor).`,
  noRole: (line: number) => `Line ${line}: the role before the colon is missing.`,
  noName: (line: number) => `Line ${line}: the names after the colon are missing.`,
  roleTooLong: (line: number) => `Line ${line}: the role can be at most ${CREDIT_ROLE_MAX} characters.`,
  nameTooLong: (line: number) => `Line ${line}: the names can be at most ${CREDIT_NAME_MAX} characters.`,
  tooMany: `At most ${CREDITS_MAX} credits: put several names on one line, separated by commas.`,
} as const;

/** The credits typed one to a line, or the first line that cannot be read, said as the artist can mend it. */
export function parseCreditLines(text: string): { ok: true; credits: Credit[] } | { ok: false; error: string } {
  const credits: Credit[] = [];
  const lines = text.replaceAll("\r\n", "\n").split("\n");
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const number = index + 1;
    const colon = line.indexOf(":");
    if (colon === -1) return { ok: false, error: CREDIT_TEXT.noColon(number) };
    const role = line.slice(0, colon).trim().replace(/\s+/g, " ");
    const name = line
      .slice(colon + 1)
      .trim()
      .replace(/\s+/g, " ");
    if (!role) return { ok: false, error: CREDIT_TEXT.noRole(number) };
    if (!name) return { ok: false, error: CREDIT_TEXT.noName(number) };
    if (role.length > CREDIT_ROLE_MAX) return { ok: false, error: CREDIT_TEXT.roleTooLong(number) };
    if (name.length > CREDIT_NAME_MAX) return { ok: false, error: CREDIT_TEXT.nameTooLong(number) };
    credits.push({ role, name });
  }
  if (credits.length > CREDITS_MAX) return { ok: false, error: CREDIT_TEXT.tooMany };
  return { ok: true, credits };
}

/** The credits as the editor shows them, one to a line. */
export const creditLines = (credits: readonly Credit[]): string => credits.map((credit) => `${credit.role}: ${credit.name}`).join("\n");

/** Credits as stored (JSON); anything unreadable is shown as none rather than breaking a page. */
export function storedCredits(json: string): Credit[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.flatMap((item: unknown) => {
      if (typeof item !== "object" || item === null) return [];
      const { role, name } = item as Record<string, unknown>;
      return typeof role === "string" && typeof name === "string" ? [{ role, name }] : [];
    });
  } catch {
    return [];
  }
}
