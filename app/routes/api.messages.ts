import { z } from "zod";
import type { Route } from "./+types/api.messages";
import { INBOX_TEXT } from "#app/features/inbox/ui-text.ts";
import { deleteMessage, listMessages, markMessageRead } from "#app/features/inbox/inbox.server.ts";
import { servicesOf } from "#app/lib/app-context.ts";
import { adminListLoader } from "#app/lib/paged-list.server.ts";
import { containsNul, mediaTypeOf, readForm, textFields } from "#app/lib/read-form.server.ts";
import { denyUnlessAdmin, privateJson } from "#app/lib/require-admin.server.ts";

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

type BodyRead = { ok: true; body: unknown } | { ok: false; status: 400 | 413 | 415; error: string };

async function readBody(request: Request): Promise<BodyRead> {
  // JSON only when it says so exactly: `text/plain; x=application/json` is what a
  // form on another site can send without asking first. Anything else must be a
  // form, and readForm answers what is not one (415) or is too large (413).
  if (mediaTypeOf(request.headers.get("Content-Type")) === "application/json") {
    const body: unknown = await request.json().catch(() => undefined);
    if (body === undefined || containsNul(body)) return { ok: false, status: 400, error: INBOX_TEXT.badRequest };
    return { ok: true, body };
  }
  const read = await readForm(request);
  return read.ok ? { ok: true, body: textFields(read.form) } : { ok: false, status: read.status, error: read.error };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  if (request.method !== "POST") {
    return Response.json({ success: false, error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, POST" } });
  }
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;

  const read = await readBody(request);
  if (!read.ok) return privateJson({ success: false, error: read.error }, read.status);
  const parsed = mutationSchema.safeParse(read.body);
  if (!parsed.success) return privateJson({ success: false, error: parsed.error.issues[0]?.message ?? INBOX_TEXT.badRequest }, 400);

  const { intent, id } = parsed.data;
  try {
    const outcome = intent === "mark-read" ? await markMessageRead(services, id) : await deleteMessage(services, id);
    if (outcome.success) return privateJson({ success: true });
    return privateJson(outcome, outcome.error === INBOX_TEXT.notFound ? 404 : 400);
  } catch (error) {
    // Logged in full here; the browser gets a message that leaks nothing about the database.
    console.error(`Message ${intent} failed`, error);
    return privateJson({ success: false, error: INBOX_TEXT.unexpected }, 500);
  }
}
