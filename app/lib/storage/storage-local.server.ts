import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, opendir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ByteLimit, assertValidKey, freeObjectKey, isValidKey, storageFolders, type Storage } from "./storage.server.ts";

/** Stores objects as files under `root` (DATA_DIR/uploads), one folder per kind. */
export function createLocalStorage(root: string): Storage & { localPath(key: string): string } {
  const localPath = (key: string) => {
    assertValidKey(key);
    const full = path.resolve(root, key);
    // Belt and braces: the key pattern already forbids anything that could escape.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error("Key escapes storage root");
    return full;
  };

  async function write(key: string, body: Readable, options: { maxBytes?: number } = {}) {
    const finalPath = localPath(key);
    await mkdir(path.dirname(finalPath), { recursive: true });
    const tempPath = path.join(path.dirname(finalPath), `.partial-${randomBytes(8).toString("hex")}`);
    const counter = new ByteLimit(options.maxBytes);
    try {
      await pipeline(body, counter, createWriteStream(tempPath, { flags: "wx" }));
      // Flush to disk before the object becomes visible, so a crash never
      // leaves a song pointing at a half-written file.
      const handle = await open(tempPath, "r");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tempPath, finalPath);
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
    return { key, size: counter.bytes };
  }

  return {
    localPath,
    write,

    async put(folder, originalName, body, options = {}) {
      const key = await freeObjectKey(folder, originalName, async (candidate) => !!(await stat(localPath(candidate)).catch(() => null)));
      return write(key, body, options);
    },

    async read(key, range) {
      const file = localPath(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return createReadStream(file, range) as Readable;
    },

    async stat(key) {
      const info = await stat(localPath(key)).catch(() => null);
      return info?.isFile() ? { size: info.size, modified: info.mtime } : null;
    },

    async delete(key) {
      await rm(localPath(key), { force: true });
    },

    async *keys(folder) {
      if (!storageFolders.includes(folder)) throw new Error(`Unknown folder ${folder}`);
      const dir = await opendir(path.join(root, folder)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
      if (!dir) return;
      // The key pattern leaves out in-flight `.partial-*` files and anything else
      // that is not an object (an operator's stray file, a folder).
      for await (const entry of dir) {
        const key = `${folder}/${entry.name}`;
        if (entry.isFile() && isValidKey(key)) yield key;
      }
    },
  };
}
