// The site's data is its owner's alone on the machine (issue #30): the data
// folder, the database with its WAL files, and every backup, owner only, from
// the moment they are made and also when they were made before this held.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes `dir` (with any parents it creates) owner only; an existing one is made so too. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  keepPrivate(dir, PRIVATE_DIR_MODE);
}

/**
 * Makes a file owner only if it is there; with `create`, first creates it
 * empty and owner only (a database file SQLite is about to open: SQLite gives
 * its WAL files the database file's own permissions).
 */
export function ensurePrivateFile(file: string, options: { create?: boolean } = {}): void {
  if (options.create && !existsSync(file)) closeSync(openSync(file, "a", PRIVATE_FILE_MODE));
  if (existsSync(file)) keepPrivate(file, PRIVATE_FILE_MODE);
}

/** A folder mounted from elsewhere may refuse a change of mode: said, not fatal, since the site can still run. */
function keepPrivate(target: string, mode: number): void {
  try {
    chmodSync(target, mode);
  } catch (error) {
    console.warn(`Could not make ${target} readable by its owner only (${error instanceof Error ? error.message : String(error)})`);
  }
}
