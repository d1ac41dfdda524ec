import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { readStoredFile } from "#app/lib/uploads/decode-limits.server.ts";
import { siteSectionSchemas } from "#app/domain/site/site-config-schema.ts";
import { tinyPdf } from "#tests/support/pdf.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { applyPressFileAction, listPressFiles, pressFileToServe, storePressFileUpload } from "./press-files.server.ts";
import { pressKitIsPublic } from "./press-kit.server.ts";
import { MAX_PRESS_FILE_BYTES, MAX_PRESS_FILES, PRESS_FILES_TEXT } from "./ui-text.ts";

/** A request body of `bytes` in chunks, or `total` bytes of `head` and then zeros when the sender says no length. */
function body(bytes: Buffer, total = bytes.length, chunk = 256 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const part = Buffer.alloc(Math.min(chunk, total - sent));
      if (sent < bytes.length) bytes.copy(part, 0, sent, Math.min(bytes.length, sent + part.length));
      controller.enqueue(new Uint8Array(part));
      sent += part.length;
    },
  });
}

const noPress = siteSectionSchemas.press.parse({});

describe.each(testStacks)("the press kit's files on %s", (stack) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(stack);
  });
  afterAll(() => site.cleanup());

  const storedPress = async () => {
    const keys: string[] = [];
    for await (const key of site.services.storage.keys("press")) keys.push(key);
    return keys.sort();
  };
  const pending = () => site.services.db.selectFrom("pendingUploads").select("key").execute();
  const upload = (
    title: string | undefined,
    bytes: Buffer,
    name = "rider.pdf",
    declared: number | null = bytes.length,
    total = bytes.length,
  ) => storePressFileUpload(site.services, { title }, name, body(bytes, total), declared);

  it("stores a PDF under press/ with its title and size, names it in the kit at once, and makes the kit public", async () => {
    expect(await pressKitIsPublic(site.services.db, noPress)).toBe(false);
    const version = await currentContentVersion(site.services.db);
    const pdf = tinyPdf();
    const saved = await upload("  Technical rider ", pdf, "Tech Rider 2026.PDF");
    expect(saved).toMatchObject({ ok: true, file: { title: "Technical rider", size: pdf.length } });
    if (!saved.ok) return;
    const served = await pressFileToServe(site.services.db, saved.file.id);
    expect(served?.key).toMatch(/^press\/\d{13,}_Tech_Rider_2026\.pdf$/);
    expect((await readStoredFile(site.services.storage, served?.key ?? "")).equals(pdf)).toBe(true);
    expect(await pending()).toEqual([]);
    expect(await listPressFiles(site.services.db)).toEqual([saved.file]);
    expect(await pressKitIsPublic(site.services.db, noPress)).toBe(true);
    expect(await currentContentVersion(site.services.db)).not.toBe(version);
  });

  it("refuses what is not a PDF, whatever its name says, too large a file, and a file without a title, keeping nothing", async () => {
    const before = await storedPress();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000)]);
    expect(await upload("Stage plot", jpeg, "stage-plot.pdf")).toEqual({ ok: false, status: 400, error: PRESS_FILES_TEXT.notPdf });
    expect(await upload("Stage plot", Buffer.from("<html>%PDF-1.4</html>"), "plot.pdf")).toEqual({
      ok: false,
      status: 400,
      error: PRESS_FILES_TEXT.notPdf,
    });
    // Said too large by its length before a byte is read, and found too large as it streams when no length is given.
    expect(await upload("One-sheet", tinyPdf(), "one.pdf", MAX_PRESS_FILE_BYTES + 1)).toEqual({
      ok: false,
      status: 413,
      error: PRESS_FILES_TEXT.tooLarge,
    });
    expect(await upload("One-sheet", tinyPdf(), "one.pdf", null, MAX_PRESS_FILE_BYTES + 1)).toEqual({
      ok: false,
      status: 413,
      error: PRESS_FILES_TEXT.tooLarge,
    });
    expect(await upload(undefined, tinyPdf())).toEqual({ ok: false, status: 400, error: PRESS_FILES_TEXT.titleRequired });
    expect(await upload("   ", tinyPdf())).toEqual({ ok: false, status: 400, error: PRESS_FILES_TEXT.titleRequired });
    expect(await upload("x".repeat(81), tinyPdf())).toEqual({ ok: false, status: 400, error: PRESS_FILES_TEXT.titleTooLong });
    expect(await upload("Empty", Buffer.alloc(0))).toEqual({ ok: false, status: 400, error: PRESS_FILES_TEXT.noFile });
    expect(await storedPress()).toEqual(before);
    expect(await pending()).toEqual([]);
    expect(await listPressFiles(site.services.db)).toHaveLength(1);
  });

  it(`holds at most ${MAX_PRESS_FILES} files`, async () => {
    for (let n = (await listPressFiles(site.services.db)).length; n < MAX_PRESS_FILES; n++) {
      expect((await upload(`File ${n}`, tinyPdf(`File ${n}`))).ok).toBe(true);
    }
    expect(await upload("One too many", tinyPdf())).toEqual({ ok: false, status: 400, error: PRESS_FILES_TEXT.tooMany });
    expect(await listPressFiles(site.services.db)).toHaveLength(MAX_PRESS_FILES);
  });

  it("removes a file with its stored bytes; the kit is private again once nothing is in it", async () => {
    for (const file of await listPressFiles(site.services.db)) {
      const key = (await pressFileToServe(site.services.db, file.id))?.key ?? "";
      expect(await applyPressFileAction(site.services, { intent: "remove", id: file.id })).toEqual({ ok: true });
      expect(await site.services.storage.stat(key)).toBeNull();
      expect(await pressFileToServe(site.services.db, file.id)).toBeNull();
    }
    expect(await storedPress()).toEqual([]);
    expect(await pressKitIsPublic(site.services.db, noPress)).toBe(false);
    expect(await applyPressFileAction(site.services, { intent: "remove", id: "gone" })).toEqual({
      ok: false,
      status: 404,
      error: PRESS_FILES_TEXT.notFound,
    });
    expect(await applyPressFileAction(site.services, { intent: "rename", id: "x" })).toMatchObject({ ok: false, status: 400 });
  });
});
