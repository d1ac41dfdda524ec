import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
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
      entry.isDirectory()
        ? filesUnder(path.join(dir, entry.name))
        : [path.relative(root, path.join(dir, entry.name))],
    );

  it("stores under '{folder}/{Date.now()}_{name}', reads back by streaming and deletes", async () => {
    const storage = createLocalStorage(root);
    const before = Date.now();
    const { key, size } = await storage.put("music", "My Song.mp3", Readable.from([Buffer.from("abc"), Buffer.from("def")]));
    const [, stamp, name] = /^music\/(\d+)_(.+)$/.exec(key) ?? [];
    expect(Number(stamp)).toBeGreaterThanOrEqual(before);
    expect(Number(stamp)).toBeLessThanOrEqual(Date.now());
    expect(name).toBe("My_Song.mp3");
    expect(size).toBe(6);
    expect(readFileSync(path.join(root, key), "utf8")).toBe("abcdef");

    expect(await text((await storage.read(key))!)).toBe("abcdef");
    expect(await text((await storage.read(key, { start: 2, end: 3 }))!)).toBe("cd");
    expect(await storage.stat(key)).toMatchObject({ size: 6 });

    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
    expect(await storage.stat(key)).toBeNull();
  });

  it.each([
    ["../../x", "covers/", "_x"],
    ["..\\..\\evil.png", "covers/", "_evil.png"],
    ["/etc/passwd", "covers/", "_passwd"],
    ["a\u0000b\u001f\u007fc.png", "covers/", "_a_b_c.png"],
    ["....png", "covers/", "_png"],
    ["", "covers/", "_file"],
  ])("keeps the hostile name %j inside its folder", async (hostile, prefix, suffix) => {
    const storage = createLocalStorage(root);
    const { key } = await storage.put("covers", hostile, Readable.from([Buffer.from("x")]));
    expect(key.startsWith(prefix)).toBe(true);
    expect(key.endsWith(suffix)).toBe(true);
    expect(filesUnder()).toEqual([key]);
  });

  it("aborts a file over the limit while streaming and leaves nothing behind", async () => {
    const storage = createLocalStorage(root);
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(1024, 1));
    await expect(storage.put("music", "big.wav", Readable.from(chunks), { maxBytes: 10 * 1024 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(filesUnder()).toEqual([]);
  });

  it("refuses keys that could reach outside the storage root", async () => {
    const storage = createLocalStorage(root);
    for (const key of ["../site.db", "music/../../site.db", "music/1_x/../../y", "other/1700000000000_x", "/etc/passwd"]) {
      expect(isValidKey(key)).toBe(false);
      await expect(storage.read(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
    }
  });
});
