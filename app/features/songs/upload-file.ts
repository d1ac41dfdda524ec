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
 * Sends one file as the request body with XMLHttpRequest (fetch cannot report
 * upload progress), calling `onProgress` with whole percentages. Aborting
 * `signal` aborts the request at once; the promise then rejects with an
 * AbortError.
 */
export function uploadFile(
  kind: UploadKind,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("The upload was cancelled", "AbortError"));
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const settle = () => signal?.removeEventListener("abort", onAbort);
    xhr.open("POST", `/api/uploads/${kind}?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      settle();
      const uploaded = parseUploaded(xhr.response);
      if (xhr.status >= 200 && xhr.status < 300 && uploaded) return resolve(uploaded);
      reject(new Error(errorOf(xhr.response) ?? `The server answered ${xhr.status}`));
    };
    xhr.onerror = () => {
      settle();
      reject(new Error("The connection was lost"));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException("The upload was cancelled", "AbortError"));
    };
    xhr.send(file);
  });
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
