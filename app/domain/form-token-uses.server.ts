import { createHash } from "node:crypto";
import type { Db } from "#app/lib/db/db.server.ts";
import { FORM_TOKEN_MAX_AGE_MS } from "#app/lib/http/form-guard.ts";

// A public form's signed token proves the page was made here and when, but a
// script can fetch one page and post many times with it (issue #30). So the
// first submission carrying a token takes it, per form and client: the same
// content again is that submission repeated (a double tap, a browser resending)
// and gets the first one's answer with nothing stored twice; different content
// is held for the artist. Per client, because the page cache hands one token to
// everyone who loads a page in the same instant. A page that stays open gets a
// fresh token after each accepted post (its loaders run again) and when its
// form is next used after a while (FormGuardFields).

export type TokenUse = {
  /** The form's name (its rate limit's), so a footer sign-up and a message from one page do not collide. */
  form: string;
  client: string;
  token: string;
  /** What was submitted, as the form's schema parsed it. */
  content: unknown;
  /** What this submission becomes if it takes the token. */
  outcome: "stored" | "held";
};

export type TokenClaim =
  /** This submission took the token: go on (in the same transaction as keeping it, so a failure gives it back). */
  | { kind: "taken" }
  /** The token was taken by this same content: answer as that submission was answered. */
  | { kind: "repeat"; outcome: "stored" | "held" }
  /** The token was taken by other content: a second use, held for the artist. */
  | { kind: "reused" };

const hash = (text: string) => createHash("sha256").update(text).digest("base64url");

/** JSON with sorted keys, so the same content hashes alike however its object was built. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
}

/** Forgets uses older than any token still accepted: such a token is held as expired before it is claimed. */
export async function sweepFormTokenUses(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom("formTokenUses")
    .where("usedAt", "<", now - FORM_TOKEN_MAX_AGE_MS)
    .execute();
}

/**
 * Takes the token for this submission, or says who took it. One insert that
 * does nothing on a taken key, so two posts racing (on any process) cannot
 * both take it; inside the transaction that keeps the submission, a racing one
 * waits for it and sees what it committed.
 */
export async function claimFormToken(db: Db, use: TokenUse, now = Date.now(), attempt = 0): Promise<TokenClaim> {
  const key = hash(`${use.form}\n${use.client}\n${use.token}`);
  const contentHash = hash(canonical(use.content));
  const inserted = await db
    .insertInto("formTokenUses")
    .values({ key, contentHash, outcome: use.outcome, usedAt: now })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("key")
    .executeTakeFirst();
  if (inserted) return { kind: "taken" };
  const first = await db.selectFrom("formTokenUses").select(["contentHash", "outcome"]).where("key", "=", key).executeTakeFirst();
  // Gone between the two statements: its submission was rolled back, so this one may take it.
  if (!first) return attempt < 3 ? claimFormToken(db, use, now, attempt + 1) : { kind: "reused" };
  return first.contentHash === contentHash ? { kind: "repeat", outcome: first.outcome } : { kind: "reused" };
}
