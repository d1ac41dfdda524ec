import type { Route } from "./+types/api.subscribers";
import { NEWSLETTER_MESSAGES } from "#app/features/newsletter/newsletter.ts";
import { listSubscribers, SubscriberQueryError } from "#app/features/newsletter/subscribers.server.ts";
import { servicesOf } from "#app/lib/app-context.ts";
import { denyUnlessAdmin } from "#app/lib/require-admin.server.ts";

// The dashboard's subscriber list, admin only.
//   GET ?before=<cursor>&limit=<n> -> { subscribers, nextCursor, subscribedCount }

// Private data: never kept by a browser or a shared cache.
const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;
  const params = new URL(request.url).searchParams;
  try {
    return json(await listSubscribers(services, { before: params.get("before"), limit: params.get("limit") }));
  } catch (error) {
    if (error instanceof SubscriberQueryError) return json({ error: error.message }, 400);
    console.error("Listing subscribers failed", error);
    return json({ error: NEWSLETTER_MESSAGES.loadFailed }, 500);
  }
}
