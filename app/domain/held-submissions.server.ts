import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { z } from "zod";
import type { HeldSubmissionsTable } from "#app/lib/db/db-schema.ts";
import type { Db } from "#app/lib/db/db.server.ts";
import {
  HELD_ERRORS,
  HELD_RETENTION_DAYS,
  MAX_HELD,
  type HeldContact,
  type HeldKind,
  type HeldPage,
  type HeldReason,
  type HeldRefusedSummary,
  type HeldSignUp,
  type HeldSubmission,
} from "./held-submission.ts";
import { keysetPage, type PageRequest } from "#app/lib/db/paged-list.server.ts";
import { ok, refused, type Refusal, type Result } from "#app/lib/result.ts";

// What the public forms' bot checks catch is kept here instead of being
// dropped: a person who autofilled a form and pressed send at once looks just
// like a script, and is owed the same care as anyone else. The artist releases
// the real ones from the dashboard; the rest expire.

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
const RETENTION_MS = HELD_RETENTION_DAYS * 24 * 60 * 60 * 1000;

type Content = Omit<HeldContact, "kind"> | Omit<HeldSignUp, "kind">;
export type HoldRequest =
  | { kind: "contact"; content: Omit<HeldContact, "kind">; reason: HeldReason }
  | { kind: "newsletter"; content: Omit<HeldSignUp, "kind">; reason: HeldReason };

// The stored JSON is read back through these, so a row written by an older or
// damaged version shows as unreadable rather than breaking the dashboard.
const contactPayload = z.object({ name: z.string().nullable(), email: z.string().nullable(), message: z.string() });
const signUpPayload = z.object({ email: z.string() });

const heldIdSchema = z.string({ error: HELD_ERRORS.idRequired }).trim().min(1, HELD_ERRORS.idRequired).max(200, HELD_ERRORS.notFound);

/** A refused id: none is a bad request (400); one longer than any of ours names nothing held (404). */
function refusedId(error: z.ZodError) {
  const issue = error.issues[0];
  return issue?.code === "too_big" ? refused(404, HELD_ERRORS.notFound) : refused(400, issue?.message ?? HELD_ERRORS.idRequired);
}

const expiredBefore = (now: number) => now - RETENTION_MS;

/** What holding answered: kept, or not, because the list is full (the sender is told to try again later). */
export type HoldOutcome = { held: true; id: string } | { held: false };

/**
 * Keeps a submission the bot checks caught, unless MAX_HELD are held already:
 * then it is refused (the caller counts it for the artist: countHeldRefusal), so what is held stays
 * (a real message among a flood is not pushed out). The count and the insert
 * are two statements, so processes racing at the cap may pass it by the few
 * submissions in flight. Expired rows are removed first, so they leave room.
 */
export async function holdSubmission(db: Db, request: HoldRequest, now = Date.now()): Promise<HoldOutcome> {
  await db.deleteFrom("heldSubmissions").where("receivedAt", "<", expiredBefore(now)).execute();
  const { held } = await db
    .selectFrom("heldSubmissions")
    .select((eb) => eb.fn.countAll<number | string>().as("held"))
    .where("receivedAt", ">=", expiredBefore(now))
    .executeTakeFirstOrThrow();
  if (Number(held) >= MAX_HELD) return { held: false };
  const id = randomUUID();
  const payload: Content = request.content;
  await db
    .insertInto("heldSubmissions")
    .values({ id, kind: request.kind, payload: JSON.stringify(payload), reason: request.reason, receivedAt: now })
    .execute();
  return { held: true, id };
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** One more submission refused today because the list was full. */
export async function countHeldRefusal(db: Db, now = Date.now()): Promise<void> {
  await db
    .insertInto("heldRefusals")
    .values({ day: utcDay(now), refused: 1, lastAt: now })
    .onConflict((oc) => oc.column("day").doUpdateSet({ refused: (eb) => eb("heldRefusals.refused", "+", 1), lastAt: now }))
    .execute();
}

/** How many were refused while the list was full, over the retention time; null for none. */
async function refusedSummary(db: Db, now: number): Promise<HeldRefusedSummary | null> {
  await db
    .deleteFrom("heldRefusals")
    .where("day", "<", utcDay(expiredBefore(now)))
    .execute();
  const row = await db
    .selectFrom("heldRefusals")
    .select((eb) => [eb.fn.sum<number | string | null>("refused").as("count"), eb.fn.max<number | string | null>("lastAt").as("lastAt")])
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  return count > 0 ? { count, lastAt: Number(row?.lastAt ?? 0) } : null;
}

function toHeld(row: Selectable<HeldSubmissionsTable>): HeldSubmission | null {
  let json: unknown;
  try {
    json = JSON.parse(row.payload);
  } catch {
    return null;
  }
  const base = { id: row.id, reason: row.reason, receivedAt: Number(row.receivedAt) };
  if (row.kind === "contact") {
    const parsed = contactPayload.safeParse(json);
    return parsed.success ? { ...base, kind: "contact", ...parsed.data } : null;
  }
  const parsed = signUpPayload.safeParse(json);
  return parsed.success ? { ...base, kind: "newsletter", ...parsed.data } : null;
}

/** One page of held submissions, newest first, with how many are held. Throws PageQueryError for a bad cursor or limit. */
export async function listHeld(db: Db, options: PageRequest = {}, now = Date.now()): Promise<HeldPage> {
  // Expired rows are left out even before anything has deleted them.
  const held = db.selectFrom("heldSubmissions").where("receivedAt", ">=", expiredBefore(now));
  const page = await keysetPage({
    query: held.selectAll(),
    time: "receivedAt",
    request: options,
    size: { default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE },
    toItem: toHeld,
    count: held,
  });
  return { items: page.items, nextCursor: page.nextCursor, heldCount: page.count, refused: await refusedSummary(db, now) };
}

export async function deleteHeld(db: Db, id: unknown): Promise<Result> {
  const parsedId = heldIdSchema.safeParse(id);
  if (!parsedId.success) return refusedId(parsedId.error);
  const result = await db.deleteFrom("heldSubmissions").where("id", "=", parsedId.data).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return refused(404, HELD_ERRORS.notFound);
  return ok();
}

/** Where a released submission goes: the inbox or the mailing list, written inside the release's transaction. */
export type Deliverers = {
  [K in HeldKind]: (db: Db, item: Extract<HeldSubmission, { kind: K }>) => Promise<Result>;
};

/**
 * Moves a held submission to where it was meant to go, exactly once: the row
 * is taken (deleted) and delivered in one transaction, so two admins pressing
 * at once deliver it once, and a failed delivery leaves it held (with the
 * delivery's refusal as the answer).
 */
export async function releaseHeld(db: Db, id: unknown, deliver: Deliverers, now = Date.now()): Promise<Result<{ kind: HeldKind }>> {
  const parsedId = heldIdSchema.safeParse(id);
  if (!parsedId.success) return refusedId(parsedId.error);
  return db
    .transaction()
    .execute(async (trx): Promise<Result<{ kind: HeldKind }>> => {
      const row = await trx.deleteFrom("heldSubmissions").where("id", "=", parsedId.data).returningAll().executeTakeFirst();
      if (!row || Number(row.receivedAt) < expiredBefore(now)) return refused(404, HELD_ERRORS.notFound);
      const item = toHeld(row);
      if (!item) throw new Error(`Held submission ${row.id} could not be read`);
      const delivered = item.kind === "contact" ? await deliver.contact(trx, item) : await deliver.newsletter(trx, item);
      // Throwing rolls the delete back: the submission stays held, and the artist is told it failed.
      if (!delivered.ok) throw new ReleaseRefused(delivered);
      return ok({ kind: item.kind });
    })
    .catch((error: unknown) => {
      if (error instanceof ReleaseRefused) return error.refusal;
      throw error;
    });
}

/** Thrown inside the release's transaction to roll it back, carrying the delivery's refusal. */
class ReleaseRefused extends Error {
  override name = "ReleaseRefused";
  readonly refusal: Refusal;
  constructor(refusal: Refusal) {
    super(refusal.error);
    this.refusal = refusal;
  }
}
