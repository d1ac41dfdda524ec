// npm run strip-cover-metadata: re-writes, without their metadata (EXIF with
// where a phone took the picture, XMP, IPTC), the song covers stored before
// uploads lost it at the door (issue #30). Covers are served as uploaded, so
// run this once after updating, then restart the site (a running process may
// keep a cover's old bytes open). A cover already clean is left untouched.
import { existsSync } from "node:fs";
import { stripStoredCoverMetadata } from "#app/features/songs/cover-variants.server.ts";
import { createServices } from "#app/services.server.ts";

if (existsSync(".env")) process.loadEnvFile(".env");
const services = await createServices();
try {
  const rows = await services.db.selectFrom("songs").select("coverKey").distinct().execute();
  const rewritten = await stripStoredCoverMetadata(
    services.storage,
    rows.map((row) => row.coverKey),
  );
  console.log(
    rewritten.length === 0
      ? `All ${rows.length} covers already carry no metadata.`
      : `Re-wrote ${rewritten.length} of ${rows.length} covers without their metadata. Restart the site so it serves them.`,
  );
} finally {
  await services.close();
}
