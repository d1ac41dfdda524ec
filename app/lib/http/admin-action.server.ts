import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import type { Outcome } from "./outcome.ts";
import { containsNul, mediaTypeOf, readForm, textFields } from "./read-form.server.ts";
import { denyUnlessAdmin, privateJson } from "#app/lib/auth/require-admin.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";

/** The words an admin action answers with when it cannot do what was asked. */
export type AdminActionWords = { badRequest: string; notFound: string; unexpected: string };

type BodyRead = { ok: true; body: unknown } | { ok: false; status: 400 | 413 | 415; error: string };

async function readBody(request: Request, acceptJson: boolean, badRequest: string): Promise<BodyRead> {
  // JSON only when it says so exactly: `text/plain; x=application/json` is what a
  // form on another site can send without asking first. Anything else must be a
  // form, and readForm answers what is not one (415) or is too large (413).
  if (acceptJson && mediaTypeOf(request.headers.get("Content-Type")) === "application/json") {
    const body: unknown = await request.json().catch(() => undefined);
    if (body === undefined || containsNul(body)) return { ok: false, status: 400, error: badRequest };
    return { ok: true, body };
  }
  const read = await readForm(request);
  return read.ok ? { ok: true, body: textFields(read.form) } : { ok: false, status: read.status, error: read.error };
}

/**
 * The POST of an admin API (the inbox's and the Filtered list's actions): 405
 * for another method, 401/403 unless an admin asks, the body read (a form, or
 * exactly `application/json` where `acceptJson`) and parsed with `schema`
 * (400 with its first message), then `run`. Its refusal is a 404 when it is
 * `words.notFound`, else a 400; a throw is logged and answered with
 * `words.unexpected` (500), leaking nothing about the database.
 */
export async function adminAction<Body extends { intent: string }>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  options: {
    schema: z.ZodType<Body>;
    words: AdminActionWords;
    acceptJson?: boolean;
    run: (services: Services, body: Body) => Promise<Outcome>;
    /** What a success answers; the outcome itself by default. */
    answer?: (outcome: Outcome & { success: true }) => unknown;
    /** The log line's subject, e.g. "Message" → "Message delete failed". */
    subject: string;
  },
): Promise<Response> {
  const services = servicesOf(context);
  if (request.method !== "POST") {
    return Response.json({ success: false, error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, POST" } });
  }
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;

  const { words } = options;
  const read = await readBody(request, options.acceptJson ?? false, words.badRequest);
  if (!read.ok) return privateJson({ success: false, error: read.error }, read.status);
  const parsed = options.schema.safeParse(read.body);
  if (!parsed.success) return privateJson({ success: false, error: parsed.error.issues[0]?.message ?? words.badRequest }, 400);

  try {
    const outcome = await options.run(services, parsed.data);
    if (outcome.success) return privateJson(options.answer ? options.answer(outcome) : outcome);
    return privateJson(outcome, outcome.error === words.notFound ? 404 : 400);
  } catch (error) {
    console.error(`${options.subject} ${parsed.data.intent} failed`, error);
    return privateJson({ success: false, error: words.unexpected }, 500);
  }
}
