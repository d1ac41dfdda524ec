/**
 * Sends one file as a POST's body with XMLHttpRequest (fetch cannot report
 * upload progress), calling `onProgress` with whole percentages, and resolves
 * with the status and the JSON answer for the caller to judge. Aborting
 * `signal` aborts the request at once (an AbortError); a dropped connection
 * rejects with `connectionLost`.
 */
export function uploadWithProgress(
  url: string,
  file: File,
  options: { onProgress: (percent: number) => void; signal?: AbortSignal; connectionLost: string },
): Promise<{ status: number; body: unknown }> {
  const { onProgress, signal, connectionLost } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("The upload was cancelled", "AbortError"));
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const settle = () => signal?.removeEventListener("abort", onAbort);
    xhr.open("POST", url);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, body: xhr.response as unknown });
    };
    xhr.onerror = () => {
      settle();
      reject(new Error(connectionLost));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException("The upload was cancelled", "AbortError"));
    };
    xhr.send(file);
  });
}
