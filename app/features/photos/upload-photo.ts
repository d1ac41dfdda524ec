import type { PhotoSlot } from "#app/lib/photo.ts";
import { PHOTO_TEXT } from "./ui-text.ts";

export type PhotoDraftFields = { slot: PhotoSlot; alt: string; focalX: number; focalY: number };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const errorOf = (body: unknown): string | null => (isRecord(body) && typeof body.error === "string" ? body.error : null);

/**
 * Sends one photo as the request body with XMLHttpRequest (fetch cannot report
 * upload progress), its description and focal point in the address. Calls
 * `onProgress` with whole percentages; at 100 the server is still making the
 * sizes. Rejects with the server's words, or ours when there were none.
 */
export function uploadPhoto(
  fields: PhotoDraftFields,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("The upload was cancelled", "AbortError"));
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const settle = () => signal?.removeEventListener("abort", onAbort);
    const query = new URLSearchParams({
      slot: fields.slot,
      alt: fields.alt,
      focalX: String(fields.focalX),
      focalY: String(fields.focalY),
      name: file.name,
    });
    xhr.open("POST", `/api/uploads/photo?${query.toString()}`);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      settle();
      if (xhr.status === 201) return resolve();
      reject(new Error(errorOf(xhr.response) ?? `The server answered ${xhr.status}`));
    };
    xhr.onerror = () => {
      settle();
      reject(new Error(PHOTO_TEXT.connectionLost));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException("The upload was cancelled", "AbortError"));
    };
    xhr.send(file);
  });
}

export type ActionAnswer = { success: true } | { success: false; error: string };

/** One of the dashboard's edits (update, remove, move), answered in words a person can read. */
export async function photoAction(fields: Record<string, string>): Promise<ActionAnswer> {
  try {
    const response = await fetch("/api/photos", { method: "POST", body: new URLSearchParams(fields) });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && isRecord(body) && body.success === true) return { success: true };
    return { success: false, error: errorOf(body) ?? PHOTO_TEXT.unexpected };
  } catch {
    return { success: false, error: PHOTO_TEXT.connectionLost };
  }
}
