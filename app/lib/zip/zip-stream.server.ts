// A ZIP archive written as a stream (PKWARE APPNOTE 6.3.x), entries stored,
// not deflated: what goes in is JPEG or PDF, which do not shrink, and storing
// costs no CPU. Each entry's CRC-32 and size are in its local header (read in a
// first pass over the file), so every unzipper reads it, those that read
// forwards without the central directory included; no data descriptors, no
// ZIP64 (an archive stays under 4 GiB), names in UTF-8.
import { Readable } from "node:stream";
import { crc32 } from "node:zlib";

export type ZipEntry = {
  /** The entry's name in the archive: a plain file name, no folders. */
  name: string;
  /** Opens the entry's bytes; called twice (its CRC-32 first, then its copy), so it must give the same bytes each time. */
  open(): Promise<Readable>;
  modified?: Date;
};

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Bit 11: the name is UTF-8. */
const UTF8_NAMES = 0x0800;
/** 1.0: stored entries need nothing newer. */
const VERSION_NEEDED = 10;
/** Made on Unix (3), by a 2.0-level writer: the external attributes are Unix permissions. */
const VERSION_MADE_BY = (3 << 8) | 20;
/** A regular file, rw-r--r--. */
const UNIX_FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
const MAX_32 = 0xffff_ffff;
const MAX_ENTRIES = 0xffff;

class ZipTooLargeError extends Error {}

/** MS-DOS date and time, as ZIP keeps them (two-second steps, from 1980). */
function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    day: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

type Written = { name: Buffer; crc: number; size: number; offset: number; time: number; day: number };

function localHeader(entry: Written): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(VERSION_NEEDED, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(entry.time, 10);
  header.writeUInt16LE(entry.day, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.size, 18); // compressed = uncompressed
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function centralHeader(entry: Written): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(VERSION_MADE_BY, 4);
  header.writeUInt16LE(VERSION_NEEDED, 6);
  header.writeUInt16LE(UTF8_NAMES, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(entry.time, 12);
  header.writeUInt16LE(entry.day, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.size, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  // Extra field, comment, disk number and internal attributes: none.
  header.writeUInt32LE(UNIX_FILE_ATTRIBUTES, 38);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/** The CRC-32 and length of a stream, read through once. */
async function measure(body: Readable): Promise<{ crc: number; size: number }> {
  let crc = 0;
  let size = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    crc = crc32(bytes, crc);
    size += bytes.length;
  }
  return { crc, size };
}

/**
 * The archive of `entries`, in their order, as a stream: one entry's bytes at
 * a time, never a whole file in memory. A file that changes between its two
 * reads fails the stream rather than write an entry its header does not match.
 */
export function zipStream(entries: readonly ZipEntry[], now = new Date()): Readable {
  if (entries.length > MAX_ENTRIES) throw new ZipTooLargeError(`At most ${MAX_ENTRIES} entries`);
  return Readable.from(
    (async function* () {
      const written: Written[] = [];
      let offset = 0;
      for (const entry of entries) {
        const { crc, size } = await measure(await entry.open());
        if (offset + size > MAX_32) throw new ZipTooLargeError("The archive would pass 4 GiB");
        const record: Written = { name: Buffer.from(entry.name, "utf8"), crc, size, offset, ...dosDateTime(entry.modified ?? now) };
        const header = localHeader(record);
        yield header;
        let copied = 0;
        let check = 0;
        for await (const chunk of await entry.open()) {
          const bytes = chunk as Buffer;
          copied += bytes.length;
          check = crc32(bytes, check);
          yield bytes;
        }
        if (copied !== size || check !== crc) throw new Error(`${entry.name} changed while it was being archived`);
        written.push(record);
        offset += header.length + size;
      }
      const central = Buffer.concat(written.map(centralHeader));
      if (offset + central.length > MAX_32) throw new ZipTooLargeError("The archive would pass 4 GiB");
      yield central;
      yield endOfCentralDirectory(written.length, central.length, offset);
    })(),
    { objectMode: false },
  );
}
