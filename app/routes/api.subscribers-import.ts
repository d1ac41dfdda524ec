import type { Route } from "./+types/api.subscribers-import";
import { importSubscribers, MAX_IMPORT_BYTES } from "#app/features/newsletter/csv-import.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { denyUnlessAdmin, privateJson } from "#app/lib/auth/require-admin.server.ts";
import { getProfile } from "#app/lib/auth/session.server.ts";

// POST /api/subscribers/import?name=<file name>, admin only: the body is a CSV
// file of subscribers from another tool. Answers { added, alreadyOn, leftOff,
// problems, moreProblems } or { error } (the dashboard's own answer, as the
// uploads', not one of SPEC's data operations).

const TOO_BIG = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB: split it and import the parts.`;

/**
 * The body as UTF-8 text, or null once it passes `limit` bytes (whatever
 * Content-Length says). Past the limit the rest is still read, and dropped, up
 * to a bound: a client still sending hears the 413's words instead of a reset
 * connection (issue #30).
 */
async function readText(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > DRAIN_LIMIT_BYTES) {
      await reader.cancel();
      return null;
    }
    if (size <= limit) chunks.push(value);
  }
  return size > limit ? null : new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}

/** How much of a body over the limit is read and dropped before the connection is given up. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  if (request.method !== "POST") return privateJson({ error: "Use POST" }, 405);
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;
  const profile = await getProfile(services, request);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_IMPORT_BYTES) {
    // Read (and dropped) first, as past the limit below: the sender hears the words.
    await readText(request, 0);
    return privateJson({ error: TOO_BIG }, 413);
  }
  const text = await readText(request, MAX_IMPORT_BYTES);
  if (text === null) return privateJson({ error: TOO_BIG }, 413);
  if (text.includes("\u0000")) return privateJson({ error: "This is not a CSV file: it holds binary data." }, 400);
  const fileName =
    (new URL(request.url).searchParams.get("name") ?? "a CSV file").replace(/[^\p{L}\p{N} ._()-]/gu, "").slice(0, 100) || "a CSV file";
  const result = await importSubscribers(services.db, text, { fileName, by: profile?.displayName || profile?.email || "an admin" });
  if (!result.ok) return privateJson({ error: result.error }, result.status);
  const { ok: _ok, ...report } = result;
  return privateJson(report);
}

export function loader() {
  return privateJson({ error: "Use POST" }, 405);
}
