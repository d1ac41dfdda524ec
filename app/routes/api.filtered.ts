import { z } from "zod";
import type { Route } from "./+types/api.filtered";
import { sendContactMessage } from "#app/features/inbox/contact.server.ts";
import { subscribe } from "#app/features/newsletter/subscribers.server.ts";
import { HELD_ERRORS } from "#app/lib/held-submission.ts";
import { deleteHeld, listHeld, releaseHeld, type Deliverers } from "#app/lib/held-submissions.server.ts";
import { servicesOf } from "#app/lib/app-context.ts";
import { adminListLoader } from "#app/lib/paged-list.server.ts";
import { readForm, textFields } from "#app/lib/read-form.server.ts";
import { denyUnlessAdmin, privateJson } from "#app/lib/require-admin.server.ts";

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

// A released submission lands where it would have, with the time the fan sent it.
const deliver: Deliverers = {
  contact: (db, item) =>
    sendContactMessage({ db }, { name: item.name ?? "", email: item.email ?? "", message: item.message }, item.receivedAt),
  newsletter: (db, item) => subscribe({ db }, item.email, item.receivedAt),
};

export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  if (request.method !== "POST") {
    return Response.json({ success: false, error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, POST" } });
  }
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;

  const read = await readForm(request);
  if (!read.ok) return privateJson({ success: false, error: read.error }, read.status);
  const parsed = mutationSchema.safeParse(textFields(read.form));
  if (!parsed.success) return privateJson({ success: false, error: parsed.error.issues[0]?.message ?? HELD_ERRORS.badRequest }, 400);

  const { intent, id } = parsed.data;
  try {
    const outcome = intent === "release" ? await releaseHeld(services.db, id, deliver) : await deleteHeld(services.db, id);
    if (outcome.success) return privateJson(outcome);
    return privateJson(outcome, outcome.error === HELD_ERRORS.notFound ? 404 : 400);
  } catch (error) {
    console.error(`Held submission ${intent} failed`, error);
    return privateJson({ success: false, error: HELD_ERRORS.unexpected }, 500);
  }
}
