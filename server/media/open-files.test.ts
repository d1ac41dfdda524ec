import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOpenFiles } from "./open-files.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "open-files-"));
  for (const name of ["a", "b", "c"]) writeFileSync(path.join(dir, name), name.repeat(10));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("open files", () => {
  it("past its limit closes the least recently used file, however recently it was opened", async () => {
    const files = createOpenFiles({ max: 2 });
    const opened: string[] = [];
    const locate = (name: string) => {
      opened.push(name);
      return path.join(dir, name);
    };
    const size = (name: string) => files.with(name, locate, async (file) => file?.size);
    try {
      expect(await size("a")).toBe(10);
      expect(await size("b")).toBe(10);
      // a, opened first, is used again: b is now the least recently used.
      expect(await size("a")).toBe(10);
      expect(await size("c")).toBe(10);
      expect(files.size).toBe(2);
      // a and c are still open; b was closed and is opened again.
      expect(await size("a")).toBe(10);
      expect(await size("c")).toBe(10);
      expect(await size("b")).toBe(10);
      expect(opened).toEqual(["a", "b", "c", "b"]);
    } finally {
      files.closeAll();
    }
  });
});
