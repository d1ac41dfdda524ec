import type { Route } from "./+types/api.subscribers";
import { NEWSLETTER_TEXT } from "#app/features/newsletter/ui-text.ts";
import { listSubscribers } from "#app/features/newsletter/subscribers.server.ts";
import { adminListLoader } from "#app/lib/paged-list.server.ts";

// The dashboard's subscriber list, admin only.
//   GET ?before=<cursor>&limit=<n> -> { subscribers, nextCursor, subscribedCount, awaitingCount }

export const loader = (args: Route.LoaderArgs) => adminListLoader(args, listSubscribers, NEWSLETTER_TEXT.loadFailed);
