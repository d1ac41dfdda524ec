import { z } from "zod";
import type { Route } from "./+types/api.filtered";
import { sendContactMessage } from "#app/features/inbox/contact.server.ts";
import { subscribe } from "#app/features/newsletter/subscribers.server.ts";
import { METRIC, signupSubject } from "#app/domain/counted.ts";
import { HELD_ERRORS } from "#app/domain/held-submission.ts";
import { deleteHeld, listHeld, releaseHeld, type Deliverers } from "#app/domain/held-submissions.server.ts";
import { adminAction } from "#app/lib/http/admin-action.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { adminListLoader } from "#app/lib/db/paged-list.server.ts";

// The dashboard's Filtered list (what the public forms' bot checks held back), admin only.
//   GET  ?before=<cursor>&limit=<n> -> { items, nextCursor, heldCount }
//   POST intent=release|delete, id  -> { success: true, kind? } | { success: false, error }

export const loader = (args: Route.LoaderArgs) =>
  adminListLoader(args, (services, page) => listHeld(services.db, page), HELD_ERRORS.loadFailed);

const mutationSchema = z.object(
  {
    intent: z.enum(["release", "delete"], { error: HELD_ERRORS.unknownIntent }),
    // The service checks the id, with its own messages.
    id: z.unknown().optional(),
  },
  { error: HELD_ERRORS.badRequest },
);

// A released submission lands where it would have, with the time the fan sent it
// (a sign-up, with mail on, still waits for its owner to confirm).
const deliverersFor = (services: Services): Deliverers => ({
  contact: (db, item) =>
    sendContactMessage({ db }, { name: item.name ?? "", email: item.email ?? "", message: item.message }, item.receivedAt),
  newsletter: (db, item) => subscribe({ db, mail: services.mail, env: services.env }, item.email, item.receivedAt),
});

async function release(services: Services, id: unknown) {
  const released = await releaseHeld(services.db, id, deliverersFor(services));
  if (released.ok) {
    services.mail?.wake();
    // Counted in the artist's Numbers as it is kept now, on the day it is released.
    if (released.kind === "contact") services.numbers.count(METRIC.message, "");
    else services.numbers.count(METRIC.signup, signupSubject("filtered", ""));
  }
  return released;
}

export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    schema: mutationSchema,
    words: HELD_ERRORS,
    run: (services, { intent, id }) => (intent === "release" ? release(services, id) : deleteHeld(services.db, id)),
    subject: "Held submission",
  });
