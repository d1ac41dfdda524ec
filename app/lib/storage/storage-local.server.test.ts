// What only the disk driver can get wrong: the files it leaves on disk. The
// behaviour every driver shares is in storage.contract.test.ts.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalStorage } from "./storage-local.server.ts";
import { FileTooLargeError, isValidKey } from "./storage.server.ts";

describe("local disk storage", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "storage-test-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Every file under root, relative, so a test can see exactly what was written. */
  const filesUnder = (dir = root): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.relative(root, path.join(dir, entry.name))],
    );

  const listed = async (storage: ReturnType<typeof createLocalStorage>, folder: "music" | "covers") => {
    const keys: string[] = [];
    for await (const key of storage.keys(folder)) keys.push(key);
    return keys;
  };

  it("writes the object to DATA_DIR/uploads/{key} and nothing else", async () => {
    const storage = createLocalStorage(root);
    const { key } = await storage.put("music", "../../My Song.mp3", Readable.from([Buffer.from("abc"), Buffer.from("def")]));
    expect(filesUnder()).toEqual([key]);
    expect(readFileSync(path.join(root, key), "utf8")).toBe("abcdef");
    expect(storage.localPath(key)).toBe(path.join(root, key));
  });

  it("aborts a file over the limit while streaming and leaves no partial file behind", async () => {
    const storage = createLocalStorage(root);
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(1024, 1));
    await expect(storage.put("music", "big.wav", Readable.from(chunks), { maxBytes: 10 * 1024 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(filesUnder()).toEqual([]);
  });

  it("lists stored objects only: no in-flight partial files, stray files or folders", async () => {
    const storage = createLocalStorage(root);
    expect(await listed(storage, "covers")).toEqual([]);
    const { key } = await storage.put("covers", "cover.png", Readable.from([Buffer.from("x")]));
    writeFileSync(path.join(root, "covers", ".partial-0123456789abcdef"), "half");
    writeFileSync(path.join(root, "covers", "notes.txt"), "an operator's file");
    mkdirSync(path.join(root, "covers", "1700000000000_folder"));
    expect(await listed(storage, "covers")).toEqual([key]);
  });

  it("refuses keys that could reach outside the storage root", async () => {
    const storage = createLocalStorage(root);
    for (const key of ["../site.db", "music/../../site.db", "music/1_x/../../y", "other/1700000000000_x", "/etc/passwd"]) {
      expect(isValidKey(key)).toBe(false);
      expect(() => storage.localPath(key)).toThrow(/Invalid storage key/);
    }
  });
});
