import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import type { Database, PressFilesTable } from "#app/lib/db/db-schema.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { deleteStoredFiles, discardUpload } from "#app/domain/stored-files.server.ts";
import { streamUploadIntoStorage, type UploadBody } from "#app/lib/uploads/store-upload.server.ts";
import { sniffPdf } from "./pdf-rules.ts";
import type { PressFile } from "./press-file.ts";
import { pressFileActionSchema, pressFileUploadSchema } from "./schema.ts";
import { MAX_PRESS_FILE_BYTES, MAX_PRESS_FILES, PRESS_FILES_TEXT } from "./ui-text.ts";

const toPressFile = (row: Pick<Selectable<PressFilesTable>, "id" | "title" | "size" | "createdAt">): PressFile => ({
  id: row.id,
  title: row.title,
  size: Number(row.size),
  createdAt: Number(row.createdAt),
});

/** The kit's files in the order they were added. */
export async function listPressFiles(db: Kysely<Database>): Promise<PressFile[]> {
  const rows = await db.selectFrom("pressFiles").select(["id", "title", "size", "createdAt"]).orderBy("position").orderBy("id").execute();
  return rows.map(toPressFile);
}

export async function hasPressFiles(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom("pressFiles").select("id").limit(1).executeTakeFirst()) !== undefined;
}

/** A file the kit names, with its stored key: the only way its bytes are served. */
export async function pressFileToServe(db: Kysely<Database>, id: string): Promise<(PressFile & { key: string }) | null> {
  const row = await db.selectFrom("pressFiles").select(["id", "key", "title", "size", "createdAt"]).where("id", "=", id).executeTakeFirst();
  return row ? { ...toPressFile(row), key: row.key } : null;
}

async function fileCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("pressFiles")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

class Refused extends Error {}

/**
 * An upload of one PDF with its title (`meta`, the query string): refused
 * before a byte is stored when the title is wrong or the kit is full, then
 * streamed into storage only if it begins with a PDF's header and stays
 * within the size limit, and named by the kit in the same transaction that
 * claims it. Nothing of a refused or interrupted upload is left behind.
 */
export async function storePressFileUpload(
  services: Services,
  meta: Record<string, string | undefined>,
  originalName: string,
  body: UploadBody,
  declaredLength: number | null,
): Promise<Result<{ file: PressFile }, { status: 400 | 413 }>> {
  const parsed = pressFileUploadSchema.safeParse(meta);
  if (!parsed.success) return refused(400, parsed.error.issues[0]?.message ?? PRESS_FILES_TEXT.badRequest);
  if ((await fileCount(services.db)) >= MAX_PRESS_FILES) return refused(400, PRESS_FILES_TEXT.tooMany);

  const streamed = await streamUploadIntoStorage(services, {
    folder: "press",
    originalName,
    fallbackName: "file",
    body,
    declaredLength,
    maxBytes: MAX_PRESS_FILE_BYTES,
    accepted: new Set(["pdf"]),
    sniff: sniffPdf,
  });
  if (!streamed.ok) {
    if (streamed.reason === "too-large") return refused(413, PRESS_FILES_TEXT.tooLarge);
    if (streamed.reason === "no-file") return refused(400, PRESS_FILES_TEXT.noFile);
    return refused(400, PRESS_FILES_TEXT.notPdf);
  }

  const now = Date.now();
  const row = { id: randomUUID(), key: streamed.key, title: parsed.data.title, size: streamed.size, position: 0, createdAt: now };
  try {
    await services.db.transaction().execute(async (trx) => {
      const claimed = await trx.deleteFrom("pendingUploads").where("key", "=", streamed.key).returning("key").execute();
      if (claimed.length === 0) throw new Refused(PRESS_FILES_TEXT.noFile);
      if ((await fileCount(trx)) >= MAX_PRESS_FILES) throw new Refused(PRESS_FILES_TEXT.tooMany);
      const last = await trx
        .selectFrom("pressFiles")
        .select((eb) => eb.fn.max("position").as("max"))
        .executeTakeFirst();
      row.position = Number(last?.max ?? -1) + 1;
      await trx.insertInto("pressFiles").values(row).execute();
      await bumpContentVersion(trx);
    });
  } catch (error) {
    await discardUpload(services, streamed.key);
    if (error instanceof Refused) return refused(400, error.message);
    throw error;
  }
  return ok({ file: toPressFile(row) });
}

/** The dashboard's edit of the kit's files: a removal, its file deleted after the row. */
export async function applyPressFileAction(services: Services, input: unknown): Promise<Result> {
  const parsed = pressFileActionSchema.safeParse(input);
  if (!parsed.success) return refused(400, parsed.error.issues[0]?.message ?? PRESS_FILES_TEXT.badRequest);
  const { id } = parsed.data;
  const removed = await services.db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("pressFiles").where("id", "=", id).returning("key").executeTakeFirst();
    if (row) await bumpContentVersion(trx);
    return row?.key ?? null;
  });
  if (!removed) return refused(404, PRESS_FILES_TEXT.notFound);
  // After the commit: a failure leaves an unused file behind (not public: no row names it), never a row without its file.
  await deleteStoredFiles(services, removed).catch((error: unknown) => console.error(`Removing press file ${removed} failed`, error));
  return ok();
}
