import { z } from "zod";
import type { Route } from "./+types/api.messages";
import { INBOX_TEXT } from "#app/features/inbox/ui-text.ts";
import { deleteMessage, listMessages, markMessageRead } from "#app/features/inbox/inbox.server.ts";
import { adminAction } from "#app/lib/http/admin-action.server.ts";
import { adminListLoader } from "#app/lib/db/paged-list.server.ts";

// The dashboard's contact-message API, admin only.
//   GET  ?before=<cursor>&limit=<n>  -> { messages, nextCursor, unreadCount }
//   POST intent=mark-read|delete, id -> { success: true } | { success: false, error }

export const loader = (args: Route.LoaderArgs) => adminListLoader(args, listMessages, INBOX_TEXT.loadFailed);

const mutationSchema = z.object(
  {
    intent: z.enum(["mark-read", "delete"], { error: INBOX_TEXT.unknownIntent }),
    // The service checks the id, with the spec's messages ("Message ID is required").
    id: z.unknown().optional(),
  },
  { error: INBOX_TEXT.badRequest },
);

export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    schema: mutationSchema,
    words: INBOX_TEXT,
    acceptJson: true,
    run: (services, { intent, id }) => (intent === "mark-read" ? markMessageRead(services, id) : deleteMessage(services, id)),
    subject: "Message",
  });
