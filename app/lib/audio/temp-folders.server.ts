import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";

/** Far longer than any job runs (a 10 GB master takes minutes): a folder this old is a killed process's. */
const STALE_AFTER_MS = 6 * 60 * 60_000;

/**
 * Removes the temporary folders named `{prefix}…` in `dir` that a killed
 * process left behind (a job removes its own otherwise); run as the media work starts.
 */
export async function sweepStaleTempFolders(prefix: string, dir: string, now: number): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir)) {
    if (!name.startsWith(prefix)) continue;
    const folder = path.join(dir, name);
    const info = await stat(folder).catch(() => null);
    if (!info?.isDirectory() || now - info.mtimeMs < STALE_AFTER_MS) continue;
    await rm(folder, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
