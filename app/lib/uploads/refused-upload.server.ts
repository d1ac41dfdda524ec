/**
 * The answer to an upload refused before its body was read (too large by its
 * Content-Length, the wrong kind of file). A client still sending hears it only
 * if the rest of the body is read first: closing the connection mid-upload shows
 * in the browser as a network error, not as the refusal's words. So the rest is
 * read and thrown away, up to a limit; past it, the connection is closed.
 */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

export async function refusedUpload(
  body: ReadableStream<Uint8Array> | null,
  status: number,
  error: string,
  limitBytes = DRAIN_LIMIT_BYTES,
): Promise<Response> {
  const drained = await drain(body, limitBytes);
  return Response.json({ error }, drained ? { status } : { status, headers: { Connection: "close" } });
}

/** True once the body has ended within `limitBytes`. */
async function drain(body: ReadableStream<Uint8Array> | null, limitBytes: number): Promise<boolean> {
  if (!body) return true;
  if (body.locked) return false;
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      read += value.byteLength;
      if (read > limitBytes) {
        await reader.cancel();
        return false;
      }
    }
  } catch {
    return false;
  } finally {
    reader.releaseLock();
  }
}
