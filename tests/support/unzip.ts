// Reads a ZIP archive with yauzl, an unzipper of its own (not ours), strictly:
// sizes checked against the headers, every entry's bytes read out.
import { buffer } from "node:stream/consumers";
import { crc32 } from "node:zlib";
import yauzl from "yauzl";

export type UnzippedEntry = { name: string; bytes: Buffer; method: number; crc32: number; crcMatches: boolean };

export function unzip(archive: Buffer): Promise<UnzippedEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: UnzippedEntry[] = [];
      zip.on("error", reject);
      zip.on("end", () => resolve(entries));
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          buffer(stream).then((bytes) => {
            entries.push({
              name: entry.fileName,
              bytes,
              method: entry.compressionMethod,
              crc32: entry.crc32,
              crcMatches: crc32(bytes) === entry.crc32,
            });
            zip.readEntry();
          }, reject);
        });
      });
      zip.readEntry();
    });
  });
}
