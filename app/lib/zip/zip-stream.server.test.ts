import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { unzip } from "#tests/support/unzip.ts";
import { zipStream, type ZipEntry } from "./zip-stream.server.ts";

const entry = (name: string, bytes: Buffer, chunk = 1000): ZipEntry => ({
  name,
  // In chunks, as a file streams from disk or a bucket.
  open: async () =>
    Readable.from(Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) => bytes.subarray(i * chunk, (i + 1) * chunk))),
});

/** Bytes that look like nothing compressible, and some that would shrink a lot. */
const noise = (length: number, seed: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 7919 + seed * 104_729) % 251));

describe("a streamed ZIP archive", () => {
  it("holds every entry, in order, byte for byte, stored, with the CRC-32 its headers say", async () => {
    const files = [
      { name: "Juniper Vale 1.jpg", bytes: noise(150_000, 1) },
      { name: "Juniper Vale 2 – live.jpg", bytes: noise(3, 2) },
      { name: "rider.pdf", bytes: Buffer.alloc(10_000, 0x41) },
      { name: "empty.txt", bytes: Buffer.alloc(0) },
    ];
    const archive = await buffer(zipStream(files.map((file) => entry(file.name, file.bytes))));
    const entries = await unzip(archive);
    expect(entries.map((e) => e.name)).toEqual(files.map((file) => file.name));
    for (const [i, file] of files.entries()) {
      expect(entries[i]?.bytes.equals(file.bytes), file.name).toBe(true);
      expect(entries[i]?.method, file.name).toBe(0);
      expect(entries[i]?.crcMatches, file.name).toBe(true);
    }
    // Stored: the archive is the files plus headers, nothing squeezed.
    const total = files.reduce((sum, file) => sum + file.bytes.length, 0);
    expect(archive.length).toBeGreaterThan(total);
    expect(archive.length).toBeLessThan(total + 1000);
  });

  it("is read by Info-ZIP's unzip too, which tests every CRC", async () => {
    const work = mkdtempSync(path.join(tmpdir(), "zip-test-"));
    try {
      const file = path.join(work, "photos.zip");
      writeFileSync(file, await buffer(zipStream([entry("a.jpg", noise(5000, 3)), entry("b.pdf", noise(70_000, 4))])));
      let output: string;
      try {
        output = execFileSync("unzip", ["-t", file], { encoding: "utf8" });
      } catch (error) {
        // A machine without Info-ZIP: yauzl's reading above is the check.
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      expect(output).toContain("No errors detected");
      expect(output).toMatch(/testing: a\.jpg\s+OK/);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it("fails rather than write an entry whose bytes changed between its two reads", async () => {
    let reads = 0;
    const changing: ZipEntry = { name: "moving.jpg", open: async () => Readable.from([noise(100, reads++)]) };
    await expect(buffer(zipStream([changing]))).rejects.toThrow("moving.jpg changed while it was being archived");
  });
});
