import { createHash } from "node:crypto";
import { brotliDecompressSync, crc32, deflateRawSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encode, type Encoding, type Filled, ownScripts, scriptHashes, type Template, toTemplate } from "./gzip-template.ts";

const PLACEHOLDER = "__TOKEN__";
const NONCE = "5ec2e7";
const hash = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

/** A body and a response stand-in that remembers the Content-Encoding it was given. */
function encoded(template: Template, filled: Filled, encoding: Encoding) {
  const headers = new Map<string, string>();
  const body = encode(template, filled, encoding, { setHeader: (name, value) => headers.set(name.toLowerCase(), value) });
  return { body, contentEncoding: headers.get("content-encoding") };
}

const templateOf = (html: string, placeholder: string | undefined = PLACEHOLDER) => toTemplate(Buffer.from(html), [], placeholder);

describe("gzip template", () => {
  it("stitches a gzip stream that inflates to the page with the value filled in, wherever the placeholders are", async () => {
    // Placeholders at both ends and side by side give empty pieces; a long page spans many deflate blocks.
    const long = Array.from({ length: 5_000 }, (_, i) => `<li>song ${i} ${i * 7919}</li>`).join("");
    const html = `${PLACEHOLDER}<p>é ${PLACEHOLDER}${PLACEHOLDER} 🎵</p>${long}<input value="${PLACEHOLDER}">${PLACEHOLDER}`;
    const template = await templateOf(html);
    expect(template.pieces).toHaveLength(6);
    expect(template.gzip).toBeNull();
    for (const value of ["token-1", "", "1700000000.é🎵.sig"]) {
      const filled = html.split(PLACEHOLDER).join(value);
      const { body, contentEncoding } = encoded(template, { value }, "gzip");
      expect(contentEncoding).toBe("gzip");
      // gunzip checks the trailer too: a wrong CRC or length would throw.
      expect(gunzipSync(body).toString("utf8")).toBe(filled);
      expect(body.readUInt32LE(body.length - 8)).toBe(crc32(filled));
      expect(body.readUInt32LE(body.length - 4)).toBe(Buffer.byteLength(filled));
    }
  });

  it("compresses the text after a placeholder against the text before it, for values of the length it was made for", async () => {
    // The router's data repeats the page: only a stream that can refer back is small.
    const words = Array.from({ length: 400 }, (_, i) => `verse ${i} of the song ${(i * 7919) % 1000}`).join(" ");
    const html = `<main>${words}</main><input value="${PLACEHOLDER}"><script>data = ${JSON.stringify(words)}</script>`;
    const value = "1700000000000.abcdefghij";
    const chained = await toTemplate(Buffer.from(html), [], PLACEHOLDER, Buffer.byteLength(value));
    const apart = html
      .split(PLACEHOLDER)
      .concat(value)
      .reduce((sum, piece) => sum + deflateRawSync(piece, { level: 9 }).length, 0);
    expect(encoded(chained, { value }, "gzip").body.length).toBeLessThan(apart * 0.7);
    for (const [template, v] of [
      [chained, value],
      [chained, "1700000000001.ABCDEFGHIJ"],
      // Another length than the pieces were made for: still the right page, compressed whole.
      [chained, "short"],
      [chained, ""],
    ] as const) {
      expect(gunzipSync(encoded(template, { value: v }, "gzip").body).toString("utf8")).toBe(html.split(PLACEHOLDER).join(v));
    }
  });

  it("does not refer into the value's place when the page itself has NUL characters", async () => {
    const value = "\0\0\0\0\0\0";
    const html = `<p>a\0\0\0\0\0\0b</p>${PLACEHOLDER}<p>a\0\0\0\0\0\0b</p>`;
    const template = await toTemplate(Buffer.from(html), [], PLACEHOLDER, 6);
    for (const v of ["xyzxyz", value]) {
      expect(gunzipSync(encoded(template, { value: v }, "gzip").body).toString("utf8")).toBe(html.split(PLACEHOLDER).join(v));
    }
  });

  it("makes each body once per value and fills the plain text the same way", async () => {
    const html = `<form><input value="${PLACEHOLDER}"></form><script>x = "${PLACEHOLDER}"</script>`;
    const template = await templateOf(html);
    const filled: Filled = { value: "token-9" };
    const identity = encoded(template, filled, "identity");
    expect(identity.contentEncoding).toBeUndefined();
    expect(identity.body.toString("utf8")).toBe(html.split(PLACEHOLDER).join("token-9"));
    expect(encoded(template, filled, "identity").body).toBe(identity.body);
    const gzip = encoded(template, filled, "gzip").body;
    expect(encoded(template, filled, "gzip").body).toBe(gzip);
  });

  it("compresses a page without placeholders once, as brotli and gzip, and sends its body as it is", async () => {
    const html = `<p>${"the same for everyone ".repeat(100)}</p>`;
    const template = await templateOf(html);
    expect(template.pieces).toHaveLength(1);
    const br = encoded(template, { value: "" }, "br");
    expect(br.contentEncoding).toBe("br");
    expect(br.body).toBe(template.br);
    expect(brotliDecompressSync(br.body).toString("utf8")).toBe(html);
    const gzip = encoded(template, { value: "" }, "gzip");
    expect(gzip.body).toBe(template.gzip);
    expect(gunzipSync(gzip.body).toString("utf8")).toBe(html);
    expect(encoded(template, { value: "" }, "identity").body.toString("utf8")).toBe(html);
    // No placeholder given at all: the same.
    expect((await templateOf(html, undefined)).br).not.toBeNull();
  });

  it("sends brotli made once per value to a client that takes it when the page has a per-response value", async () => {
    const template = await templateOf(`<p>${PLACEHOLDER}</p>${"<p>words</p>".repeat(50)}`);
    expect(template.br).toBeNull();
    const filled = { value: "t" };
    const first = encoded(template, filled, "br");
    expect(first.contentEncoding).toBe("br");
    expect(brotliDecompressSync(first.body).toString("utf8")).toBe(`<p>t</p>${"<p>words</p>".repeat(50)}`);
    // The responses sharing the value share the body; another value gets its own.
    expect(encoded(template, filled, "br").body).toBe(first.body);
    expect(brotliDecompressSync(encoded(template, { value: "u" }, "br").body).toString("utf8")).toMatch(/^<p>u<\/p>/);
  });

  it("takes only the scripts marked with the render's nonce as the server's own, and removes the mark", () => {
    const html =
      `<head><script nonce="${NONCE}">theme()</script><script nonce="${NONCE}" src="/assets/app.js"></script></head>` +
      `<h2><script>alert(1)</script></h2><script nonce="other">alert(2)</script>` +
      `<script type="module" nonce="${NONCE}">boot("${PLACEHOLDER}")</script>`;
    const own = ownScripts(html, NONCE);
    expect(own.scripts).toEqual(["theme()", `boot("${PLACEHOLDER}")`]);
    expect(own.text).not.toContain(NONCE);
    expect(own.text).toContain(`<script type="module">boot("${PLACEHOLDER}")</script>`);
    expect(own.text).toContain(`<script nonce="other">alert(2)</script>`);
  });

  it("hashes the server's own scripts, those holding the value once it is filled in, each hash once", async () => {
    const scripts = ["theme()", `boot("${PLACEHOLDER}")`, "theme()"];
    const template = await toTemplate(Buffer.from(`<p>${PLACEHOLDER}</p>`), scripts, PLACEHOLDER);
    expect(scriptHashes(template, "token-1")).toEqual([hash("theme()"), hash(`boot("token-1")`)]);
    expect(scriptHashes(template, "token-2")).toEqual([hash("theme()"), hash(`boot("token-2")`)]);
    // Only what it was given: nothing found in the page itself.
    const withContent = await toTemplate(Buffer.from(`<script>alert(1)</script>`), [], PLACEHOLDER);
    expect(scriptHashes(withContent, "t")).toEqual([]);
  });
});
