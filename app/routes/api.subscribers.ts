import { z } from "zod";
import type { Route } from "./+types/api.subscribers";
import { NEWSLETTER_TEXT } from "#app/features/newsletter/ui-text.ts";
import { listSubscribers, removeSubscriber, restoreSubscriber } from "#app/features/newsletter/subscribers.server.ts";
import { adminAction } from "#app/lib/http/admin-action.server.ts";
import { adminListLoader } from "#app/lib/db/paged-list.server.ts";

// The dashboard's subscriber list, admin only.
//   GET  ?before=<cursor>&limit=<n>  -> { subscribers, nextCursor, subscribedCount, awaitingCount }
//   POST intent=remove|restore, id   -> { success: true, email } | { success: false, error }

export const loader = (args: Route.LoaderArgs) => adminListLoader(args, listSubscribers, NEWSLETTER_TEXT.loadFailed);

const mutationSchema = z.object(
  {
    intent: z.enum(["remove", "restore"], { error: NEWSLETTER_TEXT.unknownIntent }),
    // The service checks the id.
    id: z.unknown().optional(),
  },
  { error: NEWSLETTER_TEXT.badRequest },
);

export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    schema: mutationSchema,
    words: { badRequest: NEWSLETTER_TEXT.badRequest, unexpected: NEWSLETTER_TEXT.failed },
    acceptJson: true,
    run: (services, { intent, id }) => (intent === "remove" ? removeSubscriber(services, id) : restoreSubscriber(services, id)),
    subject: "Subscriber",
  });
