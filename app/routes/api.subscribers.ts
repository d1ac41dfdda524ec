import type { Route } from "./+types/api.subscribers";
import { NEWSLETTER_TEXT } from "#app/features/newsletter/ui-text.ts";
import { listSubscribers } from "#app/features/newsletter/subscribers.server.ts";
import { servicesOf } from "#app/lib/app-context.ts";
import { PageQueryError } from "#app/lib/keyset-cursor.server.ts";
import { denyUnlessAdmin, privateJson } from "#app/lib/require-admin.server.ts";

// The dashboard's subscriber list, admin only.
//   GET ?before=<cursor>&limit=<n> -> { subscribers, nextCursor, subscribedCount }


export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;
  const params = new URL(request.url).searchParams;
  try {
    return privateJson(await listSubscribers(services, { before: params.get("before"), limit: params.get("limit") }));
  } catch (error) {
    if (error instanceof PageQueryError) return privateJson({ error: error.message }, 400);
    console.error("Listing subscribers failed", error);
    return privateJson({ error: NEWSLETTER_TEXT.loadFailed }, 500);
  }
}
