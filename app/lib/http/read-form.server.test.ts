import { describe, expect, it } from "vitest";
import { containsNul, FORM_ERRORS, MAX_FORM_BYTES, readForm, textFields } from "./read-form.server.ts";

const post = (body: BodyInit, headers: Record<string, string>) =>
  new Request("http://localhost/contact", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("reading a form post", () => {
  it("reads a urlencoded form, first value of each field, files left out", async () => {
    const read = await readForm(post("message=hi&message=again&name=%C3%89lise", { "content-type": "application/x-www-form-urlencoded" }));
    expect(read.ok && { ...textFields(read.form) }).toEqual({ message: "hi", name: "Élise" });
    const odd = await readForm(post("__proto__=x&constructor=y&toString=z", { "content-type": "application/x-www-form-urlencoded" }));
    expect(odd.ok && Object.entries(textFields(odd.form))).toEqual([
      ["__proto__", "x"],
      ["constructor", "y"],
      ["toString", "z"],
    ]);
    const multipart = new FormData();
    multipart.append("message", new Blob(["a file where text belongs"]), "evil.txt");
    multipart.append("name", "Ana");
    const request = new Request("http://localhost/contact", { method: "POST", body: multipart });
    const readMultipart = await readForm(request);
    expect(readMultipart.ok && { ...textFields(readMultipart.form) }).toEqual({ name: "Ana" });
  });

  it("refuses what is not a form with 415, and a broken one with 400, each with a message", async () => {
    expect(await readForm(post('{"message":"hi"}', { "content-type": "application/json" }))).toEqual({
      ok: false,
      status: 415,
      error: FORM_ERRORS.unreadable,
    });
    expect(await readForm(post("--x\r\nunterminated", { "content-type": "multipart/form-data; boundary=x" }))).toEqual({
      ok: false,
      status: 400,
      error: FORM_ERRORS.unreadable,
    });
  });

  it("refuses a null character in any field or name with its own message", async () => {
    for (const body of ["message=a%00b", "na%00me=x", "message=ok&name=%00"]) {
      expect(await readForm(post(body, { "content-type": "application/x-www-form-urlencoded" }))).toEqual({
        ok: false,
        status: 400,
        error: FORM_ERRORS.nulCharacter,
      });
    }
    expect(containsNul({ id: ["fine", { deeper: "not\u0000fine" }] })).toBe(true);
    expect(containsNul({ id: 7, text: "fine", list: [null, true] })).toBe(false);
  });

  it("refuses a body over the limit with 413, whether declared or streamed", async () => {
    const big = `message=${"a".repeat(MAX_FORM_BYTES)}`;
    expect(
      await readForm(post(big, { "content-type": "application/x-www-form-urlencoded", "content-length": String(big.length) })),
    ).toEqual({ ok: false, status: 413, error: FORM_ERRORS.tooLarge });
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(97));
      },
    });
    expect(await readForm(post(endless, { "content-type": "application/x-www-form-urlencoded" }))).toEqual({
      ok: false,
      status: 413,
      error: FORM_ERRORS.tooLarge,
    });
    // It stopped reading soon after the limit rather than taking everything offered.
    expect(sent).toBeLessThan(MAX_FORM_BYTES + 4 * 64 * 1024);
  });
});
