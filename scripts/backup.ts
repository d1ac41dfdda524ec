// npm run backup [-- DIR]: a consistent copy of the site, taken while it runs:
// the database (SQLite VACUUM INTO, or pg_dump on PostgreSQL) and every stored
// object, with a manifest of sizes and SHA-256s. DIR defaults to
// backups/site-<date>-<time>. Restore with npm run restore -- DIR.
import { existsSync } from "node:fs";
import path from "node:path";
import { createBackup, describeCounts } from "#scripts/lib/backup.ts";
import { createServices } from "#app/services.server.ts";
import { ensurePrivateDir } from "#app/lib/platform/private-files.server.ts";

if (existsSync(".env")) process.loadEnvFile(".env");
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
// The default folder of backups is the site's own, so owner only as they are (a folder named by hand is left as it is).
if (!process.argv[2]) ensurePrivateDir("backups");
const dir = path.resolve(process.argv[2] ?? path.join("backups", `site-${stamp}`));
const services = await createServices();
try {
  const manifest = await createBackup(services, dir);
  const bytes = manifest.objects.reduce((sum, object) => sum + object.size, 0);
  const counts = describeCounts(manifest.counts);
  console.log(`Backed up to ${dir}: ${counts}; ${manifest.objects.length} files (${(bytes / 1e6).toFixed(1)} MB).`);
  if (manifest.missing.length > 0)
    console.warn(`Files deleted while the backup ran (their songs were deleted too): ${manifest.missing.join(", ")}`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await services.close();
}
