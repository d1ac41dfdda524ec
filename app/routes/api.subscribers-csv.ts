import type { Route } from "./+types/api.subscribers-csv";
import { subscribersCsvStream } from "#app/features/newsletter/subscribers.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { denyUnlessAdmin } from "#app/lib/auth/require-admin.server.ts";

// GET /api/subscribers.csv, admin only: the current subscribers with their
// unsubscribe links, streamed page by page (never the whole list in memory).

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;
  return new Response(subscribersCsvStream(services), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="subscribers.csv"',
      // Personal data: never kept by a browser or a shared cache.
      "Cache-Control": "no-store",
    },
  });
}
