import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { containsNul, mediaTypeOf, readForm, textFields } from "./read-form.server.ts";
import { toWire } from "./wire.ts";
import { denyUnlessAdmin, wireJson } from "#app/lib/auth/require-admin.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";

/** The words an admin action answers with when it cannot read what was asked, or fails. */
export type AdminActionWords = { badRequest: string; unexpected: string };

type BodyRead = Result<{ body: unknown }, { status: 400 | 413 | 415 }>;

async function readBody(request: Request, acceptJson: boolean, badRequest: string): Promise<BodyRead> {
  // JSON only when it says so exactly: `text/plain; x=application/json` is what a
  // form on another site can send without asking first. Anything else must be a
  // form, and readForm answers what is not one (415) or is too large (413).
  if (acceptJson && mediaTypeOf(request.headers.get("Content-Type")) === "application/json") {
    const body: unknown = await request.json().catch(() => undefined);
    if (body === undefined || containsNul(body)) return refused(400, badRequest);
    return ok({ body });
  }
  const read = await readForm(request);
  return read.ok ? ok({ body: textFields(read.form) }) : read;
}

/**
 * The POST of an admin API (the inbox's and the Filtered list's actions): 405
 * for another method, 401/403 unless an admin asks, the body read (a form, or
 * exactly `application/json` where `acceptJson`) and parsed with `schema`
 * (400 with its first message), then `run`, whose Result is answered in
 * SPEC's words (toWire) with its own status; a throw is logged and answered
 * with `words.unexpected` (500), leaking nothing about the database.
 */
export async function adminAction<Body extends { intent: string }>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  options: {
    schema: z.ZodType<Body>;
    words: AdminActionWords;
    acceptJson?: boolean;
    run: (services: Services, body: Body) => Promise<Result>;
    /** The log line's subject, e.g. "Message" → "Message delete failed". */
    subject: string;
  },
): Promise<Response> {
  const services = servicesOf(context);
  if (request.method !== "POST") {
    return Response.json(toWire(refused(405, "Method not allowed")), { status: 405, headers: { Allow: "GET, POST" } });
  }
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;

  const { words } = options;
  const read = await readBody(request, options.acceptJson ?? false, words.badRequest);
  if (!read.ok) return wireJson(read);
  const parsed = options.schema.safeParse(read.body);
  if (!parsed.success) return wireJson(refused(400, parsed.error.issues[0]?.message ?? words.badRequest));

  try {
    return wireJson(await options.run(services, parsed.data));
  } catch (error) {
    console.error(`${options.subject} ${parsed.data.intent} failed`, error);
    return wireJson(refused(500, words.unexpected));
  }
}
