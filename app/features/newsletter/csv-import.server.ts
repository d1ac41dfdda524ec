import { randomUUID } from "node:crypto";
import type { Db } from "#app/lib/db/db.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { firstEmailIssue, newsletterEmailSchema } from "./schema.ts";

/** The most an imported file may hold. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
const MAX_ROWS = 50_000;
/** Problems listed line by line, at most; the rest are counted. */
const LISTED_PROBLEMS = 100;

/** What an import did: how many were added, already on or left off, and the rows it could not read. */
export type ImportReport = {
  added: number;
  /** Already on the list: left as they are. */
  alreadyOn: number;
  /** Left the list here (or never confirmed): an import must not put them back. */
  leftOff: number;
  problems: { line: number; message: string }[];
  moreProblems: number;
};

/**
 * RFC 4180 rows (quoted fields with commas, quotes and line breaks; CRLF or
 * LF), each with the line it starts on. A byte-order mark is skipped.
 */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== "") rows.push({ line: rowLine, fields });
    fields = [];
    field = "";
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        field += char;
      }
    } else if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      fields.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else field += char;
  }
  if (field !== "" || fields.length > 0) endRow();
  return rows;
}

const EMAIL_HEADERS = new Set(["email", "e-mail", "email address", "e-mail address", "mail", "emailaddress"]);

/** Our export guards formula-like values with a leading quote; an import takes it off again. */
const unguarded = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/**
 * Subscribers from another tool's CSV: the column headed "email" (or the first
 * column when no header names one). Each valid new address is subscribed, its
 * consent recorded as imported (from which file, by whom); the artist is told
 * these were not confirmed here. An address already on the list is left as it
 * is; one that left the list here is not put back. Every bad row is reported
 * with its line. All in one transaction: an import is stored whole or not at all.
 */
/** Rows written per transaction: small enough that other requests wait a moment at most. */
const IMPORT_CHUNK = 500;

export async function importSubscribers(
  db: Db,
  text: string,
  source: { fileName: string; by: string },
  now = Date.now(),
): Promise<Result<ImportReport>> {
  const rows = parseCsv(text);
  if (rows.length === 0) return refused(400, "The file has no rows.");
  if (rows.length > MAX_ROWS + 1) return refused(400, `At most ${MAX_ROWS.toLocaleString("en")} rows in one import: split the file.`);
  const header = rows[0]?.fields.map((name) => name.trim().toLowerCase()) ?? [];
  const named = header.findIndex((name) => EMAIL_HEADERS.has(name));
  const column = named === -1 ? 0 : named;
  const body = named === -1 ? rows : rows.slice(1);
  const problems: ImportReport["problems"] = [];
  let problemCount = 0;
  const emails = new Map<string, number>();
  for (const row of body) {
    const raw = unguarded((row.fields[column] ?? "").trim());
    const parsed = newsletterEmailSchema.safeParse(raw);
    if (!parsed.success) {
      problemCount++;
      if (problems.length < LISTED_PROBLEMS)
        problems.push({ line: row.line, message: `${firstEmailIssue(parsed.error)}: ${JSON.stringify(raw.slice(0, 80))}` });
      continue;
    }
    if (!emails.has(parsed.data)) emails.set(parsed.data, row.line);
  }
  const all = [...emails.keys()];
  const words = `Imported from ${source.fileName} by ${source.by}; not confirmed on this site.`;
  const known = new Map<string, number>();
  let added = 0;
  // A chunk at a time, each in its own transaction, with the event loop let go between them: a
  // 50,000-row file must not hold every other request (SQLite writes block the process) until it
  // is done (issue #30). Run again after a failure part-way, the rows already in count as on the list.
  for (let i = 0; i < all.length; i += IMPORT_CHUNK) {
    const chunk = all.slice(i, i + IMPORT_CHUNK);
    added += await db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom("subscribers").select(["email", "subscribed"]).where("email", "in", chunk).execute();
      for (const row of found) known.set(row.email, row.subscribed);
      const onList = new Set(found.map((row) => row.email));
      const fresh = chunk.filter((email) => !onList.has(email));
      if (fresh.length === 0) return 0;
      await trx
        .insertInto("subscribers")
        .values(fresh.map((email) => ({ id: randomUUID(), email, timestamp: now, subscribed: 1, source: "import" })))
        .execute();
      await trx
        .insertInto("consents")
        .values(fresh.map((email) => ({ id: randomUUID(), email, event: "imported" as const, at: now, words, form: "import", page: null })))
        .execute();
      return fresh.length;
    });
    await new Promise((resolve) => setImmediate(resolve));
  }
  const alreadyOn = [...known.values()].filter((subscribed) => subscribed === 1).length;
  return ok({ added, alreadyOn, leftOff: known.size - alreadyOn, problems, moreProblems: problemCount - problems.length });
}
