import { z } from "zod";
import type { Route } from "./+types/api.uploads";
import { storeUpload } from "#app/features/songs/uploads.server.ts";
import { servicesOf } from "#app/lib/app-context.ts";
import { denyUnlessAdmin } from "#app/lib/require-admin.server.ts";

const kindSchema = z.enum(["audio", "cover"]);
const nameSchema = z.string().trim().min(1).max(255).catch("upload");

/**
 * POST /api/uploads/audio|cover?name=<original file name>, the file as the raw
 * body. Admins only. Answers { key, url, size, durationMs, title } or { error }.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;
  const kind = kindSchema.safeParse(params.kind);
  if (!kind.success) return Response.json({ error: "Unknown upload kind" }, { status: 404 });
  if (request.method !== "POST") return Response.json({ error: "Use POST" }, { status: 405 });
  const name = nameSchema.parse(new URL(request.url).searchParams.get("name") ?? undefined);
  const length = request.headers.get("content-length");
  const result = await storeUpload(services, kind.data, name, request.body, length === null ? null : Number(length));
  if (!result.success) {
    // Stop the client sending the rest of a refused body.
    return Response.json({ error: result.error }, { status: result.status, headers: { Connection: "close" } });
  }
  const { success: _success, ...file } = result;
  return Response.json(file, { status: 201 });
}

export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405 });
}
