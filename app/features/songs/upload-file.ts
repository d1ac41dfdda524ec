import { uploadWithProgress } from "#app/lib/uploads/upload-with-progress.ts";
import type { UploadKind } from "./upload-rules.ts";

export type UploadedFile = { key: string; url: string; size: number; durationMs: number | null; title: string | null };

// The server's answer (app/routes/api.uploads.ts) is checked rather than
// trusted. By hand, not with zod: these two shapes do not warrant shipping zod
// to the browser.
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isNullable = <T>(value: unknown, check: (v: unknown) => v is T): value is T | null => value === null || check(value);
const isString = (value: unknown): value is string => typeof value === "string";
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

function parseUploaded(body: unknown): UploadedFile | null {
  if (!isRecord(body)) return null;
  const { key, url, size, durationMs, title } = body;
  if (!isString(key) || key === "" || !isString(url) || !isNumber(size)) return null;
  if (!isNullable(durationMs, isNumber) || !isNullable(title, isString)) return null;
  return { key, url, size, durationMs, title };
}
const errorOf = (body: unknown): string | null => (isRecord(body) && isString(body.error) ? body.error : null);

/**
 * Uploads one file with progress (`uploadWithProgress`); resolves with what the server
 * stored, or rejects with its words.
 */
export async function uploadFile(
  kind: UploadKind,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  const { status, body } = await uploadWithProgress(`/api/uploads/${kind}?name=${encodeURIComponent(file.name)}`, file, {
    onProgress,
    signal,
    connectionLost: "The connection was lost",
  });
  const uploaded = parseUploaded(body);
  if (status >= 200 && status < 300 && uploaded) return uploaded;
  throw new Error(errorOf(body) ?? `The server answered ${status}`);
}

/**
 * Gives back an upload no song will claim (the wizard was cancelled), so it
 * does not wait hours for the server's sweep. The server removes it only while
 * it is still unclaimed. `keepalive` lets the request outlive a page being left.
 * Best effort: if it fails, the sweep removes the file later.
 */
export function discardUpload(kind: UploadKind, key: string): Promise<void> {
  return fetch(`/api/uploads/${kind}?key=${encodeURIComponent(key)}`, { method: "DELETE", keepalive: true }).then(
    () => undefined,
    () => undefined,
  );
}
