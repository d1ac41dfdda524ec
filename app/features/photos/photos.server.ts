import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { RouterContextProvider } from "react-router";
import { appContext } from "#app/lib/platform/app-context.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import type { Database, PhotosTable } from "#app/lib/db/db-schema.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { MAX_PRESS_PHOTOS, NO_PHOTOS, publicPhoto, type PagePhotos, type Photo, type PublicPagePhotos } from "#app/domain/photo.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ImageTooLargeError } from "#app/lib/uploads/decode-limits.server.ts";
import { deleteStoredFiles, discardUpload } from "#app/domain/stored-files.server.ts";
import { streamUploadIntoStorage, type UploadBody } from "#app/lib/uploads/store-upload.server.ts";
import { ACCEPTED_PHOTO_TYPES, MAX_PHOTO_BYTES } from "./photo-rules.ts";
import { createPhotoVariants, PhotoTooSmallError } from "./photo-variants.server.ts";
import { fullSizeJpeg } from "./full-size.server.ts";
import { photoActionSchema, photoUploadSchema, type PhotoUpload } from "./schema.ts";
import { PHOTO_TEXT } from "./ui-text.ts";

const ACCEPTED: ReadonlySet<string> = new Set(ACCEPTED_PHOTO_TYPES);

function toPhoto(row: Selectable<PhotosTable>): Photo {
  return {
    id: row.id,
    slot: row.slot,
    key: row.key,
    width: row.width,
    height: row.height,
    alt: row.alt,
    focalX: row.focalX,
    focalY: row.focalY,
    placeholder: row.placeholder,
    position: row.position,
    caption: row.caption,
    credit: row.credit,
  };
}

/** Every photo, by slot; the press photos in the artist's order. */
export async function listPhotos(services: Services): Promise<PagePhotos> {
  const rows = await services.db.selectFrom("photos").selectAll().orderBy("slot").orderBy("position").orderBy("createdAt").execute();
  const photos: PagePhotos = { hero: null, portrait: null, poster: null, press: [] };
  for (const row of rows) {
    const photo = toPhoto(row);
    if (photo.slot === "press") photos.press.push(photo);
    else photos[photo.slot] = photo;
  }
  return photos;
}

/**
 * Photos for a public page. A failure is logged and keeps the page out of the
 * page cache, and the page shows its text-only design rather than an error:
 * the photos are never what a fan came for.
 */
export async function photosForPage(context: Readonly<RouterContextProvider>): Promise<PublicPagePhotos> {
  const { services, markDegraded } = context.get(appContext);
  try {
    const { hero, portrait, poster, press } = await listPhotos(services);
    const one = (photo: Photo | null) => (photo ? publicPhoto(photo) : null);
    return { hero: one(hero), portrait: one(portrait), poster: one(poster), press: press.map(publicPhoto) };
  } catch (error) {
    console.error("Loading photos failed", error);
    markDegraded();
    return NO_PHOTOS;
  }
}

/** The hero photo alone (the share image), or null. */
export async function heroPhoto(db: Kysely<Database>): Promise<Photo | null> {
  const row = await db.selectFrom("photos").selectAll().where("slot", "=", "hero").executeTakeFirst();
  return row ? toPhoto(row) : null;
}

/** A photo saved in its slot, or why not: too large (413), or anything else wrong with it (400). */
export type PhotoUploadResult = Result<{ photo: Photo }, { status: 400 | 413 }>;

/**
 * An upload of one photo with what it says about itself (`meta`, the query
 * string): refused before a byte is stored when the description is missing,
 * then streamed into storage like a cover (magic bytes, size), its variants
 * made, and saved in its slot. Nothing of a refused or interrupted upload is
 * left behind.
 */
export async function storePhotoUpload(
  services: Services,
  meta: Record<string, string | undefined>,
  originalName: string,
  body: UploadBody,
  declaredLength: number | null,
  signal?: AbortSignal,
): Promise<PhotoUploadResult> {
  const parsed = photoUploadSchema.safeParse(meta);
  if (!parsed.success) return refused(400, parsed.error.issues[0]?.message ?? PHOTO_TEXT.badRequest);
  if (parsed.data.slot === "press" && (await pressCount(services.db)) >= MAX_PRESS_PHOTOS) return refused(400, PHOTO_TEXT.tooManyPress);

  const streamed = await streamUploadIntoStorage(services, {
    folder: "photos",
    originalName,
    fallbackName: "photo",
    body,
    declaredLength,
    maxBytes: MAX_PHOTO_BYTES,
    accepted: ACCEPTED,
  });
  if (!streamed.ok) {
    if (streamed.reason === "too-large") return refused(413, PHOTO_TEXT.tooLarge);
    if (streamed.reason === "no-file") return refused(400, PHOTO_TEXT.noFile);
    return refused(400, PHOTO_TEXT.invalidImage);
  }
  return savePhoto(services, streamed.key, parsed.data, signal);
}

/**
 * Turns a stored, pending original into a photo of the site: makes its
 * variants, then, in one transaction, claims the upload, takes the slot (a
 * single slot's old photo goes) and moves the content version on. The old
 * photo's files are removed after the commit. On any refusal the upload and
 * whatever was made of it are removed.
 */
export async function savePhoto(
  services: Services,
  key: string,
  meta: PhotoUpload,
  signal?: AbortSignal,
): Promise<Result<{ photo: Photo }, { status: 400 }>> {
  let facts: Awaited<ReturnType<typeof createPhotoVariants>>;
  try {
    facts = await createPhotoVariants(services.storage, key);
  } catch (error) {
    console.warn(`Refused photo ${key}:`, error instanceof Error ? error.message : error);
    await discardUpload(services, key);
    if (error instanceof ImageTooLargeError) return refused(400, PHOTO_TEXT.tooManyPixels);
    if (error instanceof PhotoTooSmallError) return refused(400, PHOTO_TEXT.tooSmall);
    return refused(400, PHOTO_TEXT.invalidImage);
  }
  // A press photo's full-size copy for the press kit's downloads, made now so the first download
  // does not wait for it; should it fail, the first download makes it.
  if (meta.slot === "press") {
    await fullSizeJpeg(services.storage, { key }).catch((error: unknown) => console.warn(`The full-size copy of ${key} failed`, error));
  }
  // The admin gave up while the variants were made: they will never see an answer, so keep nothing.
  if (signal?.aborted) {
    await discardUpload(services, key);
    return refused(400, PHOTO_TEXT.badRequest);
  }

  const now = Date.now();
  const row = {
    id: randomUUID(),
    slot: meta.slot,
    position: 0,
    key,
    width: facts.width,
    height: facts.height,
    alt: meta.alt,
    focalX: meta.focalX,
    focalY: meta.focalY,
    placeholder: facts.placeholder,
    caption: "",
    credit: "",
    createdAt: now,
    updatedAt: now,
  };
  let replaced: string | null = null;
  try {
    await services.db.transaction().execute(async (trx) => {
      const claimed = await trx.deleteFrom("pendingUploads").where("key", "=", key).returning("key").execute();
      if (claimed.length === 0) throw new Refused(PHOTO_TEXT.noFile);
      if (meta.slot === "press") {
        if ((await pressCount(trx)) >= MAX_PRESS_PHOTOS) throw new Refused(PHOTO_TEXT.tooManyPress);
        const last = await trx
          .selectFrom("photos")
          .select((eb) => eb.fn.max("position").as("max"))
          .where("slot", "=", "press")
          .executeTakeFirst();
        row.position = Number(last?.max ?? -1) + 1;
      } else {
        const old = await trx.deleteFrom("photos").where("slot", "=", meta.slot).returning("key").executeTakeFirst();
        replaced = old?.key ?? null;
      }
      await trx.insertInto("photos").values(row).execute();
      await bumpContentVersion(trx);
    });
  } catch (error) {
    await discardUpload(services, key);
    if (error instanceof Refused) return refused(400, error.message);
    throw error;
  }
  if (replaced) await removeFiles(services, replaced);
  return ok({ photo: toPhoto(row) });
}

class Refused extends Error {}

async function pressCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("photos")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("slot", "=", "press")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function removeFiles(services: Services, key: string): Promise<void> {
  // After the commit: a failure leaves unused files behind, never a photo without its files.
  await deleteStoredFiles(services, key).catch((error: unknown) => console.error(`Removing photo files of ${key} failed`, error));
}

/** The dashboard's edits: a description or focal point, a removal, a press photo moved. */
export async function applyPhotoAction(services: Services, input: unknown): Promise<Result> {
  const parsed = photoActionSchema.safeParse(input);
  if (!parsed.success) return refused(400, parsed.error.issues[0]?.message ?? PHOTO_TEXT.badRequest);
  const action = parsed.data;
  const now = Date.now();

  if (action.intent === "update") {
    return services.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("photos")
        .set({
          alt: action.alt,
          focalX: action.focalX,
          focalY: action.focalY,
          // Left out (every photo but a press photo), they stay as they are.
          ...(action.caption === undefined ? {} : { caption: action.caption }),
          ...(action.credit === undefined ? {} : { credit: action.credit }),
          updatedAt: now,
        })
        .where("id", "=", action.id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return refused(404, PHOTO_TEXT.notFound);
      await bumpContentVersion(trx);
      return ok();
    });
  }

  if (action.intent === "remove") {
    const removed = await services.db.transaction().execute(async (trx) => {
      const row = await trx.deleteFrom("photos").where("id", "=", action.id).returning("key").executeTakeFirst();
      if (row) await bumpContentVersion(trx);
      return row?.key ?? null;
    });
    if (!removed) return refused(404, PHOTO_TEXT.notFound);
    await removeFiles(services, removed);
    return ok();
  }

  // Swaps places with the press photo before or after it; at either end it stays.
  return services.db.transaction().execute(async (trx) => {
    const photo = await trx
      .selectFrom("photos")
      .select(["id", "position"])
      .where("id", "=", action.id)
      .where("slot", "=", "press")
      .executeTakeFirst();
    if (!photo) return refused(404, PHOTO_TEXT.notFound);
    const up = action.direction === "up";
    const neighbour = await trx
      .selectFrom("photos")
      .select(["id", "position"])
      .where("slot", "=", "press")
      .where("position", up ? "<" : ">", photo.position)
      .orderBy("position", up ? "desc" : "asc")
      .limit(1)
      .executeTakeFirst();
    if (!neighbour) return ok();
    await trx.updateTable("photos").set({ position: neighbour.position, updatedAt: now }).where("id", "=", photo.id).execute();
    await trx.updateTable("photos").set({ position: photo.position, updatedAt: now }).where("id", "=", neighbour.id).execute();
    await bumpContentVersion(trx);
    return ok();
  });
}
