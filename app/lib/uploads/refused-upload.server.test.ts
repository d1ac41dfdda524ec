import { describe, expect, it } from "vitest";
import { refusedUpload } from "./refused-upload.server.ts";

/** A body of `chunks` chunks of `size` bytes, counting how many were read. */
function body(chunks: number, size: number) {
  const state = { read: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.read === chunks) return controller.close();
      state.read++;
      controller.enqueue(new Uint8Array(size));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe("refusedUpload", () => {
  it("reads the rest of a refused body, then answers with the refusal's words on a connection kept open", async () => {
    const { stream, state } = body(10, 1024);
    const answer = await refusedUpload(stream, 413, "Image file is too large. Maximum size is 5MB.", 1024 * 1024);
    expect(state).toEqual({ read: 10, cancelled: false });
    expect(answer.status).toBe(413);
    expect(answer.headers.get("connection")).toBeNull();
    expect(await answer.json()).toEqual({ error: "Image file is too large. Maximum size is 5MB." });
  });

  it("past its limit stops reading and closes the connection, still with the words", async () => {
    const { stream, state } = body(100, 1024);
    const answer = await refusedUpload(stream, 413, "Too large", 10 * 1024);
    expect(state.cancelled).toBe(true);
    expect(state.read).toBeLessThan(100);
    expect(answer.headers.get("connection")).toBe("close");
    expect(await answer.json()).toEqual({ error: "Too large" });
  });

  it("closes the connection when the body is already held by a reader, and answers at once without one", async () => {
    const { stream } = body(5, 10);
    stream.getReader();
    expect((await refusedUpload(stream, 400, "Bad")).headers.get("connection")).toBe("close");
    const none = await refusedUpload(null, 400, "No file provided");
    expect(none.headers.get("connection")).toBeNull();
    expect(await none.json()).toEqual({ error: "No file provided" });
  });
});
