// npm run restore -- DIR [--force]: puts a backup made by npm run backup back
// into this site's database and storage (same configuration as the server).
// Every file is checked against the manifest first. A site that already has
// data is only replaced with --force. Stop the server first on SQLite if you
// can; the restore is safe while it runs, but requests in flight see a mix.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { restoreBackup, describeCounts } from "#scripts/lib/backup.ts";
import { createServices } from "#app/services.server.ts";

if (existsSync(".env")) process.loadEnvFile(".env");
const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: "boolean", default: false } } });
const [source] = positionals;
if (!source) {
  console.error("Usage: npm run restore -- DIR [--force]");
  process.exit(2);
}
const services = await createServices();
try {
  const manifest = await restoreBackup(services, path.resolve(source), { force: values.force });
  const counts = describeCounts(manifest.counts);
  console.log(`Restored the backup of ${manifest.createdAt}: ${counts}; ${manifest.objects.length} files.`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await services.close();
}
