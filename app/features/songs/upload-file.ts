import type { UploadKind } from "./upload-rules.ts";

export type UploadedFile = { key: string; url: string; size: number; durationMs: number | null; title: string | null };

/**
 * Sends one file as the request body with XMLHttpRequest (fetch cannot report
 * upload progress), calling `onProgress` with whole percentages.
 */
export function uploadFile(kind: UploadKind, file: File, onProgress: (percent: number) => void): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/uploads/${kind}?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as Partial<UploadedFile> & { error?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.key) resolve(body as UploadedFile);
      else reject(new Error(body?.error ?? `The server answered ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error("The connection was lost"));
    xhr.onabort = () => reject(new Error("The upload was cancelled"));
    xhr.send(file);
  });
}
