import type { PhotoSlot } from "#app/domain/photo.ts";
import { uploadWithProgress } from "#app/lib/uploads/upload-with-progress.ts";
import type { WireAnswer } from "#app/lib/http/wire.ts";
import { PHOTO_TEXT } from "./ui-text.ts";

export type PhotoDraftFields = { slot: PhotoSlot; alt: string; focalX: number; focalY: number };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const errorOf = (body: unknown): string | null => (isRecord(body) && typeof body.error === "string" ? body.error : null);

/**
 * Uploads one photo with progress (`uploadWithProgress`), its description and focal
 * point in the address. At 100 % the server is still making the sizes.
 * Rejects with the server's words, or ours when there were none.
 */
export async function uploadPhoto(
  fields: PhotoDraftFields,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const query = new URLSearchParams({
    slot: fields.slot,
    alt: fields.alt,
    focalX: String(fields.focalX),
    focalY: String(fields.focalY),
    name: file.name,
  });
  const { status, body } = await uploadWithProgress(`/api/uploads/photo?${query.toString()}`, file, {
    onProgress,
    signal,
    connectionLost: PHOTO_TEXT.connectionLost,
  });
  if (status !== 201) throw new Error(errorOf(body) ?? `The server answered ${status}`);
}

/** One of the dashboard's edits (update, remove, move), answered in words a person can read. */
export async function photoAction(fields: Record<string, string>): Promise<WireAnswer> {
  try {
    const response = await fetch("/api/photos", { method: "POST", body: new URLSearchParams(fields) });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && isRecord(body) && body.success === true) return { success: true };
    return { success: false, error: errorOf(body) ?? PHOTO_TEXT.unexpected };
  } catch {
    return { success: false, error: PHOTO_TEXT.connectionLost };
  }
}
