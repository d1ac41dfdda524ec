import { z } from "zod";
import type { Route } from "./+types/api.uploads";
import { storePhotoUpload } from "#app/features/photos/photos.server.ts";
import { storePressFileUpload } from "#app/features/press/press-files.server.ts";
import { discardPendingUpload, storeUpload } from "#app/features/songs/uploads.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { denyUnlessAdmin, privateJson, wireJson } from "#app/lib/auth/require-admin.server.ts";
import { ok, refused } from "#app/lib/result.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { refusedUpload } from "#app/lib/uploads/refused-upload.server.ts";

const kindSchema = z.enum(["audio", "cover", "photo", "press"]);
const nameSchema = z.string().trim().min(1).max(255).catch("upload");
const keySchema = z.string().trim().min(1).max(1000);

/**
 * POST /api/uploads/audio|cover?name=<original file name>, the file as the raw
 * body. Admins only. Answers { key, url, size, durationMs, title } or { error }.
 *
 * DELETE /api/uploads/audio|cover?key=<key>: the wizard's Cancel gives back an
 * upload no song has claimed; answers { success, discarded }.
 *
 * POST /api/uploads/photo?slot=&alt=&focalX=&focalY=&name=: one photo, saved in
 * its slot at once (so there is nothing to give back); answers { photo } or { error }.
 *
 * POST /api/uploads/press?title=&name=: one PDF for the press kit, named by the
 * kit at once; answers { file } or { error }.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const denied = await denyUnlessAdmin(services, request);
  if (denied) return denied;
  const kind = kindSchema.safeParse(params.kind);
  if (!kind.success) return Response.json({ error: "Unknown upload kind" }, { status: 404 });
  const url = new URL(request.url);

  if (kind.data === "photo") return uploadPhoto(request, services, url);
  if (kind.data === "press") return uploadPressFile(request, services, url);

  if (request.method === "DELETE") {
    const key = keySchema.safeParse(url.searchParams.get("key"));
    if (!key.success) return wireJson(refused(400, "Upload key is required"));
    return wireJson(ok({ discarded: await discardPendingUpload(services, kind.data, key.data) }));
  }
  if (request.method !== "POST") return Response.json({ error: "Use POST" }, { status: 405 });

  const name = nameSchema.parse(url.searchParams.get("name") ?? undefined);
  const length = request.headers.get("content-length");
  let result: Awaited<ReturnType<typeof storeUpload>>;
  try {
    result = await storeUpload(services, kind.data, name, request.body, length === null ? null : Number(length));
  } catch (error) {
    // The admin cancelled mid-file (the body stopped short); storage has
    // already removed the partial file, and nobody is left to answer.
    if (request.signal.aborted) return new Response(null, { status: 400 });
    throw error;
  }
  if (!result.ok) return refusedUpload(request.body, result.status, result.error);
  if (request.signal.aborted) {
    // Cancelled after the last byte arrived: the browser will never learn the
    // key, so no song can claim the file. Remove it now rather than at the sweep.
    await discardPendingUpload(services, kind.data, result.key);
    return new Response(null, { status: 400 });
  }
  const { ok: _ok, ...file } = result;
  return Response.json(file, { status: 201 });
}

type SavedUpload = { ok: true } | { ok: false; status: number; error: string };

/**
 * An upload saved at once with what its query string says of it (`fields`: a
 * photo's slot and description, a PDF's title); answers `answer` of what was
 * saved (201), or the refusal with its words.
 */
async function uploadAndSave<R extends SavedUpload>(
  request: Request,
  url: URL,
  fields: readonly string[],
  save: (meta: Record<string, string | undefined>, name: string, body: Request["body"], length: number | null) => Promise<R>,
  answer: (saved: Extract<R, { ok: true }>) => object,
) {
  if (request.method !== "POST") return Response.json({ error: "Use POST" }, { status: 405 });
  const name = nameSchema.parse(url.searchParams.get("name") ?? undefined);
  const length = request.headers.get("content-length");
  const meta = Object.fromEntries(fields.map((field) => [field, url.searchParams.get(field) ?? undefined]));
  let result: R;
  try {
    result = await save(meta, name, request.body, length === null ? null : Number(length));
  } catch (error) {
    // Cut off mid-file: storage has already removed the partial file.
    if (request.signal.aborted) return new Response(null, { status: 400 });
    throw error;
  }
  if (!result.ok) return refusedUpload(request.body, result.status, result.error);
  return privateJson(answer(result as Extract<R, { ok: true }>), 201);
}

const uploadPhoto = (request: Request, services: Services, url: URL) =>
  uploadAndSave(
    request,
    url,
    ["slot", "alt", "focalX", "focalY"],
    (meta, name, body, length) => storePhotoUpload(services, meta, name, body, length, request.signal),
    (saved) => ({ photo: saved.photo }),
  );

const uploadPressFile = (request: Request, services: Services, url: URL) =>
  uploadAndSave(
    request,
    url,
    ["title"],
    (meta, name, body, length) => storePressFileUpload(services, meta, name, body, length),
    (saved) => ({ file: saved.file }),
  );

export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405 });
}
