// Download codes (issue #36, decision 028): batches of codes for a release,
// made by the artist and redeemed by fans at /redeem. Only each code's hash is
// kept, with the uses it has left; a redemption takes one use, makes a grant
// (grants.server.ts) and records itself, all in one transaction, so the counts
// the area shows are read from rows and cannot drift.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "#app/lib/db/db.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { formatDate } from "#app/lib/time/format-date.ts";
import { comingDayOf } from "#app/domain/release-day.server.ts";
import { formatCode, normaliseCode } from "./code-format.ts";
import { codeHash, newCode } from "./code-secrets.server.ts";
import { parseBatchRequest, type BatchField } from "./codes-schema.ts";
import { CODES_TEXT, REDEEM_TEXT } from "./codes-ui-text.ts";
import { createGrant } from "./grants.server.ts";

/** PostgreSQL's bigint columns and aggregates may come back as strings. */
const instant = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));

/** A release codes can be made for: one with a track, out or coming. */
export type CodeRelease = {
  id: string;
  title: string;
  /** The first track's cover, for the cards. */
  coverKey: string | null;
  out: boolean;
  /** When it comes out, for one not out yet with a day. */
  coming: { at: number; timeZone: string } | null;
};

/** The releases with at least one track, newest first. */
export async function releasesForCodes(db: Db): Promise<CodeRelease[]> {
  const rows = await db
    .selectFrom("releases")
    .innerJoin("songs", "songs.releaseId", "releases.id")
    .select((eb) => [
      "releases.id",
      "releases.title",
      eb.fn.sum<number | string>("songs.released").as("outCount"),
      sql<number | string | null>`min(case when songs.released = 0 then songs."releaseAt" end)`.as("comingAt"),
      sql<string | null>`min(case when songs.released = 0 then songs."releaseTimeZone" end)`.as("comingTimeZone"),
      eb
        .selectFrom("songs as first")
        .select("first.coverKey")
        .whereRef("first.releaseId", "=", "releases.id")
        .orderBy("first.trackNumber")
        .limit(1)
        .as("coverKey"),
    ])
    .groupBy(["releases.id", "releases.title", "releases.createdAt"])
    .orderBy("releases.createdAt", "desc")
    .orderBy("releases.id")
    .execute();
  return rows.map((row) => {
    const out = Number(row.outCount ?? 0) > 0;
    const comingAt = instant(row.comingAt);
    return {
      id: row.id,
      title: row.title,
      coverKey: row.coverKey ?? null,
      out,
      coming: !out && comingAt !== null ? { at: comingAt, timeZone: row.comingTimeZone ?? "UTC" } : null,
    };
  });
}

/** A batch just made: the only time its plain codes exist. */
export type MadeBatch = {
  id: string;
  releaseTitle: string;
  coverKey: string | null;
  /** As printed: 7KQ3M-XW2ZP. */
  codes: string[];
  usesPerCode: number;
  expiresAt: number | null;
  lastDay: string | null;
  zone: string;
  madeAt: number;
};

export type MakeBatchResult = Result<{ message: string; batch: MadeBatch }, { fields: Partial<Record<BatchField, string>> }>;

const INSERT_CHUNK = 200;

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && ((error as { code?: string }).code === "23505" || error.message.includes("UNIQUE constraint failed"));

/** `count` different new codes. */
function newCodes(count: number): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newCode());
  return [...codes];
}

/** Makes a batch from the area's form: its row and its codes' hashes in one transaction; the plain codes are handed back, once. */
export async function makeCodeBatch(db: Db, form: Record<string, string | undefined>, now = Date.now()): Promise<MakeBatchResult> {
  const parsed = parseBatchRequest(form, now);
  if (!parsed.ok) return refused(400, Object.values(parsed.fields)[0] ?? CODES_TEXT.badRequest, { fields: parsed.fields });
  const request = parsed.request;
  const release = (await releasesForCodes(db)).find((candidate) => candidate.id === request.releaseId);
  if (!release) return refused(404, CODES_TEXT.releaseGone, { fields: { releaseId: CODES_TEXT.releaseGone } });
  // A code of another batch drawn again (one chance in about 10^11 per code) fails the unique hash: draw the batch anew.
  for (let attempt = 1; ; attempt++) {
    const id = randomUUID();
    const codes = newCodes(request.count);
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("codeBatches")
          .values({
            id,
            releaseId: release.id,
            count: request.count,
            usesPerCode: request.usesPerCode,
            expiresAt: request.expiresAt,
            note: request.note,
            createdAt: now,
          })
          .execute();
        for (let start = 0; start < codes.length; start += INSERT_CHUNK) {
          await trx
            .insertInto("downloadCodes")
            .values(
              codes.slice(start, start + INSERT_CHUNK).map((code) => ({
                id: randomUUID(),
                batchId: id,
                codeHash: codeHash(code),
                usesLeft: request.usesPerCode,
                createdAt: now,
              })),
            )
            .execute();
        }
      });
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
    return ok({
      message: CODES_TEXT.made(request.count, release.title),
      batch: {
        id,
        releaseTitle: release.title,
        coverKey: release.coverKey,
        codes: codes.map(formatCode),
        usesPerCode: request.usesPerCode,
        expiresAt: request.expiresAt,
        lastDay: request.lastDay,
        zone: request.zone,
        madeAt: now,
      },
    });
  }
}

export type BatchState = "live" | "ended" | "expired" | "usedUp";

/** A batch as the area lists it: what it was made as, and what has come of it. */
export type BatchView = {
  id: string;
  releaseId: string;
  releaseTitle: string;
  count: number;
  usesPerCode: number;
  expiresAt: number | null;
  note: string;
  createdAt: number;
  usesLeft: number;
  redemptions: number;
  lastRedeemedAt: number | null;
  state: BatchState;
};

/**
 * Every batch, newest first, with its uses left and redemptions. Ended is told
 * from used up by the rows alone: every use is a redemption, so uses missing
 * beyond the redemptions were taken away by ending the batch.
 */
export async function listCodeBatches(db: Db, now = Date.now()): Promise<BatchView[]> {
  const rows = await db
    .selectFrom("codeBatches as batch")
    .innerJoin("releases", "releases.id", "batch.releaseId")
    .select((eb) => [
      "batch.id",
      "batch.releaseId",
      "releases.title as releaseTitle",
      "batch.count",
      "batch.usesPerCode",
      "batch.expiresAt",
      "batch.note",
      "batch.createdAt",
      eb
        .selectFrom("downloadCodes as code")
        .select((inner) => inner.fn.sum<number | string>("code.usesLeft").as("n"))
        .whereRef("code.batchId", "=", "batch.id")
        .as("usesLeft"),
      eb
        .selectFrom("codeRedemptions as redemption")
        .innerJoin("downloadCodes as code", "code.id", "redemption.codeId")
        .select((inner) => inner.fn.countAll<number | string>().as("n"))
        .whereRef("code.batchId", "=", "batch.id")
        .as("redemptions"),
      eb
        .selectFrom("codeRedemptions as redemption")
        .innerJoin("downloadCodes as code", "code.id", "redemption.codeId")
        .select((inner) => inner.fn.max("redemption.at").as("n"))
        .whereRef("code.batchId", "=", "batch.id")
        .as("lastRedeemedAt"),
    ])
    .orderBy("batch.createdAt", "desc")
    .orderBy("batch.id")
    .execute();
  return rows.map((row) => {
    const count = Number(row.count);
    const usesPerCode = Number(row.usesPerCode);
    const usesLeft = Number(row.usesLeft ?? 0);
    const redemptions = Number(row.redemptions ?? 0);
    const expiresAt = instant(row.expiresAt);
    const state: BatchState =
      usesLeft === 0
        ? redemptions >= count * usesPerCode
          ? "usedUp"
          : "ended"
        : expiresAt !== null && expiresAt < now
          ? "expired"
          : "live";
    return {
      id: row.id,
      releaseId: row.releaseId,
      releaseTitle: row.releaseTitle,
      count,
      usesPerCode,
      expiresAt,
      note: row.note,
      createdAt: Number(row.createdAt),
      usesLeft,
      redemptions,
      lastRedeemedAt: instant(row.lastRedeemedAt),
      state,
    };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function batchTitle(db: Db, batchId: string | undefined): Promise<{ id: string; title: string } | null> {
  if (!batchId || !UUID.test(batchId)) return null;
  const row = await db
    .selectFrom("codeBatches")
    .innerJoin("releases", "releases.id", "codeBatches.releaseId")
    .select(["codeBatches.id", "releases.title"])
    .where("codeBatches.id", "=", batchId)
    .executeTakeFirst();
  return row ?? null;
}

export type BatchStepResult = Result<{ message: string }>;

/** Ends a batch: none of its codes works from now on (each has no use left). */
export async function endCodeBatch(db: Db, batchId: string | undefined): Promise<BatchStepResult> {
  const batch = await batchTitle(db, batchId);
  if (!batch) return refused(404, CODES_TEXT.batchGone);
  await db.updateTable("downloadCodes").set({ usesLeft: 0 }).where("batchId", "=", batch.id).execute();
  return ok({ message: CODES_TEXT.ended(batch.title) });
}

/**
 * Undoes an ending: each code gets back the uses its redemptions have not
 * taken. Cheap because every use taken is a row (codeRedemptions).
 */
export async function restoreCodeBatch(db: Db, batchId: string | undefined): Promise<BatchStepResult> {
  const batch = await batchTitle(db, batchId);
  if (!batch) return refused(404, CODES_TEXT.batchGone);
  await db
    .updateTable("downloadCodes")
    .set((eb) => ({
      usesLeft: sql<number>`${eb
        .selectFrom("codeBatches")
        .select("codeBatches.usesPerCode")
        .whereRef("codeBatches.id", "=", "downloadCodes.batchId")} - ${eb
        .selectFrom("codeRedemptions")
        .select((inner) => inner.fn.countAll().as("n"))
        .whereRef("codeRedemptions.codeId", "=", "downloadCodes.id")}`,
    }))
    .where("batchId", "=", batch.id)
    .execute();
  return ok({ message: CODES_TEXT.restored(batch.title) });
}

/** Why a typed code did not open anything; `wrong` for what is not a code of ours (what the rate limit counts). */
export type RedeemRefusal = "blank" | "wrong" | "usedUp" | "withdrawn" | "expired" | "notOut";

export type RedeemResult = Result<{ grantId: string; token: string; releaseId: string }, { reason: RedeemRefusal }>;

/**
 * Redeems what a fan typed: takes one use of the code, makes an open grant
 * for its release and records the redemption, in one transaction. The use is
 * taken by a conditional update (uses left above 0, last day not over), so of
 * two fans redeeming a code's last use at once exactly one gets it, on either
 * database. A release not out yet takes no use: the code is for its day.
 */
export async function redeemCode(db: Db, authSecret: string, typed: string, now = Date.now()): Promise<RedeemResult> {
  if (typed.trim() === "") return refused(400, REDEEM_TEXT.blank, { reason: "blank" as const });
  const code = normaliseCode(typed);
  if (code === null) return refused(400, REDEEM_TEXT.malformed, { reason: "wrong" as const });
  const found = await db
    .selectFrom("downloadCodes")
    .innerJoin("codeBatches", "codeBatches.id", "downloadCodes.batchId")
    .innerJoin("releases", "releases.id", "codeBatches.releaseId")
    .select(["downloadCodes.id", "codeBatches.usesPerCode", "codeBatches.expiresAt", "releases.id as releaseId", "releases.title"])
    .where("downloadCodes.codeHash", "=", codeHash(code))
    .executeTakeFirst();
  if (!found) return refused(404, REDEEM_TEXT.notOurs, { reason: "wrong" as const });
  const expiresAt = instant(found.expiresAt);
  if (expiresAt !== null && expiresAt < now) return refused(410, REDEEM_TEXT.expired, { reason: "expired" as const });
  const out = await db
    .selectFrom("songs")
    .select("id")
    .where("releaseId", "=", found.releaseId)
    .where("released", "=", 1)
    .executeTakeFirst();
  if (!out) {
    const day = await comingDayOf(db, found.releaseId);
    return refused(409, day ? REDEEM_TEXT.notOut(formatDate(day.at, day.timeZone), found.title) : REDEEM_TEXT.notOutUndated(found.title), {
      reason: "notOut" as const,
    });
  }
  const usesPerCode = Number(found.usesPerCode);
  return db.transaction().execute(async (trx): Promise<RedeemResult> => {
    const taken = await trx
      .updateTable("downloadCodes")
      .set({ usesLeft: sql<number>`${sql.ref("usesLeft")} - 1` })
      .where("id", "=", found.id)
      .where("usesLeft", ">", 0)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("codeBatches")
            .select("codeBatches.id")
            .whereRef("codeBatches.id", "=", "downloadCodes.batchId")
            .where((eb) => eb.or([eb("codeBatches.expiresAt", "is", null), eb("codeBatches.expiresAt", ">=", now)])),
        ),
      )
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) {
      // No use left: every use went to a fan, or the artist ended the batch.
      const used = await trx
        .selectFrom("codeRedemptions")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("codeId", "=", found.id)
        .executeTakeFirstOrThrow();
      return Number(used.n) >= usesPerCode
        ? refused(410, REDEEM_TEXT.usedUp(usesPerCode), { reason: "usedUp" as const })
        : refused(410, REDEEM_TEXT.withdrawn, { reason: "withdrawn" as const });
    }
    const grant = await createGrant(trx, authSecret, { releaseId: found.releaseId, via: "code", codeId: found.id, open: true }, now);
    await trx
      .insertInto("codeRedemptions")
      .values({ id: randomUUID(), codeId: found.id, grantId: grant.id, releaseId: found.releaseId, at: now })
      .execute();
    return ok({ grantId: grant.id, token: grant.token, releaseId: found.releaseId });
  });
}
