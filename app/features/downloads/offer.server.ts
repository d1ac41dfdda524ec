import type { Db } from "#app/lib/db/db.server.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { refused, type Result } from "#app/lib/result.ts";
import { DOWNLOAD_FORMATS, FORMAT_NAMES, storedFormats, type ReleaseOffer } from "./offer.ts";
import { retryReleaseZip } from "./release-zips.server.ts";
import { parseOffer } from "./schema.ts";
import { OFFER_TEXT } from "./ui-text.ts";

/** What a release offers fans to take home; null for no such release. */
export async function releaseOffer(db: Db, releaseId: string): Promise<ReleaseOffer | null> {
  const row = await db
    .selectFrom("releases")
    .select(["downloadAccess", "downloadFormats", "suggestedAmount", "currency"])
    .where("id", "=", releaseId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    access: row.downloadAccess,
    formats: storedFormats(row.downloadFormats),
    suggestedAmount: row.suggestedAmount === null ? null : Number(row.suggestedAmount),
    currency: row.currency,
  };
}

export type OfferSaveResult = Result<{ message: string }, { fields?: Record<string, string> }>;

/** Saves the release editor's Downloads form; the release's page shows the new offer at once (its cached copy goes). */
export async function saveReleaseOffer(db: Db, releaseId: string, form: Record<string, string>): Promise<OfferSaveResult> {
  const parsed = parseOffer(form);
  if (!parsed.ok) return refused(400, Object.values(parsed.fields)[0] ?? OFFER_TEXT.badRequest, { fields: { ...parsed.fields } });
  const { access, formats, suggestedAmount, currency } = parsed.offer;
  const saved = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("releases")
      .set({
        downloadAccess: access,
        downloadFormats: JSON.stringify(formats),
        ...(parsed.priceChosen ? { suggestedAmount, currency } : {}),
        updatedAt: Date.now(),
      })
      .where("id", "=", releaseId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await bumpContentVersion(trx);
    return true;
  });
  return saved ? { ok: true, message: OFFER_TEXT.saved } : refused(404, OFFER_TEXT.releaseGone);
}

/** The editor's Try again beside a file that could not be made: its making starts over at once. */
export async function retryDownloadFile(
  services: Pick<Services, "db" | "media">,
  releaseId: string,
  form: Record<string, string>,
): Promise<Result<{ message: string }>> {
  const format = DOWNLOAD_FORMATS.find((value) => value === form.format);
  if (!format) return refused(400, OFFER_TEXT.badRequest);
  const label = FORMAT_NAMES[format].label;
  switch (await retryReleaseZip(services.db, releaseId, format)) {
    case "no-release":
      return refused(404, OFFER_TEXT.releaseGone);
    case "not-offered":
      return refused(409, OFFER_TEXT.retryNotOffered(label));
    case "made":
      return { ok: true, message: OFFER_TEXT.retryMade(label) };
    case "retried":
      services.media?.wake();
      return { ok: true, message: OFFER_TEXT.retrying(label) };
    case "under-way":
      return { ok: true, message: OFFER_TEXT.retrying(label) };
  }
}
