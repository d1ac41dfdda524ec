import { createHash } from "node:crypto";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "kysely";
import type { Db } from "#app/lib/db/db.server.ts";

/*
 * What npm run backup and npm run transfer share: a consistent copy of a
 * running SQLite database, and streaming objects while hashing them.
 */

/** Copies a live SQLite database into `file` as one consistent snapshot (VACUUM INTO), while the site keeps writing. */
export async function sqliteSnapshot(db: Db, file: string): Promise<void> {
  await sql`vacuum into ${file}`.execute(db);
}

export type Hashed = { size: number; sha256: string };

/** A pass-through that counts and hashes what streams through it; `result()` once the stream has ended. */
export function hashingTap(): { tap: Transform; result(): Hashed } {
  const hash = createHash("sha256");
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { tap, result: () => ({ size, sha256: hash.digest("hex") }) };
}

/** Size and SHA-256 of a stream, read to its end. */
export async function hashStream(body: Readable): Promise<Hashed> {
  const hash = createHash("sha256");
  let size = 0;
  await pipeline(body, async function (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      hash.update(chunk);
      size += chunk.length;
    }
  });
  return { size, sha256: hash.digest("hex") };
}
