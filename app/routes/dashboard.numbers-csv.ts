import type { Route } from "./+types/dashboard.numbers-csv";
import { numbersCsv } from "#app/features/numbers/numbers-csv.server.ts";
import { parseNumbersQuery } from "#app/features/numbers/schema.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { denyUnlessAdmin } from "#app/lib/auth/require-admin.server.ts";

// GET {dashboard}/numbers.csv?days=7|30|365, admin only: the span's counts,
// one line per day, metric and subject, streamed.

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;
  const { days } = parseNumbersQuery(new URL(request.url));
  const { fileName, body } = numbersCsv(services.db, days);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename=${fileName}`,
      // The site's own numbers: never kept by a browser's cache or a shared one.
      "Cache-Control": "private, no-store",
    },
  });
}
