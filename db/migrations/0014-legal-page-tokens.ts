import type { Kysely } from "kysely";
import siteConfig from "#site-config";

// The privacy and terms pages now hold the artist's name and general e-mail as
// tokens ({artist name}, {contact email}) filled in as the page is shown, so
// an edited page follows the Site area's settings. A page the artist saved
// before held the address as it was that day: where it still holds the general
// e-mail of now, that becomes the token, so it follows from here on.

const EMAIL_TOKEN = "{contact email}";

type Row = { section: string; data: string };

function generalEmail(contact: Row | undefined): string | null {
  const fromConfig = siteConfig.contact.general.email;
  if (!contact) return fromConfig || null;
  try {
    const email = (JSON.parse(contact.data) as { general?: { email?: unknown } }).general?.email;
    return typeof email === "string" && email !== "" ? email : null;
  } catch {
    return null;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Kysely<{ siteSettings: Row }>;
  const rows = await typed
    .selectFrom("siteSettings")
    .select(["section", "data"])
    .where("section", "in", ["contact", "privacy", "terms"])
    .execute();
  const email = generalEmail(rows.find((row) => row.section === "contact"));
  if (!email) return;
  for (const row of rows) {
    if (row.section === "contact") continue;
    let value: { markdown?: unknown };
    try {
      value = JSON.parse(row.data) as { markdown?: unknown };
    } catch {
      continue;
    }
    if (typeof value.markdown !== "string" || !value.markdown.includes(email)) continue;
    const data = JSON.stringify({ ...value, markdown: value.markdown.replaceAll(email, EMAIL_TOKEN) });
    await typed.updateTable("siteSettings").set({ data }).where("section", "=", row.section).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The token reads as the address it replaced; nothing to undo that a page would show differently.
  void db;
}
