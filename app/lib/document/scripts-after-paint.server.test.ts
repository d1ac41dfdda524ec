import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE, scriptsAfterPaint } from "./scripts-after-paint.server.ts";

const HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Björk · Ålborg 🎸</title><style data-href="/assets/app.css">a{color:red}</style>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n0nce"/><link rel="modulepreload" href="/assets/framework.js" nonce="n0nce"/>' +
  '<link rel="preload" as="image" href="/media/photos/hero.avif" fetchPriority="high"/></head>';
const MODULE = 'import "/assets/manifest.js";\nimport * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");';
const BODY =
  '<body><main><p>Writing about &lt;script type="module"&gt; and <code>&lt;link rel="modulepreload"&gt;</code> stays as written: «ünïcödé»</p></main>' +
  `<script nonce="n0nce">window.__reactRouterContext = {};</script><script nonce="n0nce" type="module" async="">${MODULE}</script>` +
  '<!--$?--><template id="B:0"></template><!--/$--><script nonce="n0nce">$RC("B:0","S:0")</script></body></html>';

/** The document through the transform as bytes cut every `size` bytes, as a stream may cut it (through a character too). */
const through = (document: string, size: number, nonce?: string) => {
  const bytes = Buffer.from(document);
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return text(Readable.from(pieces).pipe(scriptsAfterPaint(nonce)));
};

describe("scriptsAfterPaint", () => {
  it("takes the module preloads out of the head, makes the module script inert with them listed on it, and starts it from a script of its own, however the stream is cut", async () => {
    const results = await Promise.all([1, 2, 7, 64, 1_000_000].map((size) => through(HEAD + BODY, size, "n0nce")));
    for (const result of results) expect(result).toBe(results[0]);
    const out = results[0] ?? "";
    // The head keeps everything but the module preloads; the hero photo's preload stays.
    expect(out).not.toMatch(/<link rel="modulepreload"/);
    expect(out).toContain('<link rel="preload" as="image" href="/media/photos/hero.avif" fetchPriority="high"/></head>');
    expect(out).toContain("<title>Björk · Ålborg 🎸</title>");
    // The page's words, untouched, as every other script.
    expect(out).toContain(BODY.slice(0, BODY.indexOf("<script")));
    expect(out).toContain('<script nonce="n0nce">window.__reactRouterContext = {};</script>');
    expect(out).toContain('<script nonce="n0nce">$RC("B:0","S:0")</script></body></html>');
    // The module script: the same text, a type no browser runs, the preloads on it.
    expect(out).toContain(
      `<script nonce="n0nce" type="${DEFERRED_MODULE_TYPE}" id="app-module" data-modulepreload="/assets/entry.client.js /assets/framework.js">${MODULE}</script>`,
    );
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    // Right after it, once, with the page's nonce: the script that starts it.
    const after = out.slice(out.indexOf(`${MODULE}</script>`) + `${MODULE}</script>`.length);
    expect(after).toMatch(/^<script nonce="n0nce">\(function startAfterPaint\(id\) \{[\s\S]+\}\)\("app-module"\);<\/script><!--\$\?-->/);
    expect(out.match(/startAfterPaint/g)).toHaveLength(1);
  });

  it("adds no nonce where the page has none", async () => {
    const out = await through((HEAD + BODY).replaceAll(' nonce="n0nce"', ""), 13);
    expect(out).toContain("</script><script>(function startAfterPaint(id)");
  });

  it("passes a document without React Router's scripts through unchanged: an error page cut short, the embeddable player", async () => {
    for (const document of [
      "<p>Internal error</p>",
      "",
      `${HEAD}<body><p>No scripts</p></body></html>`.replaceAll(/<link rel="modulepreload"[^>]*>/g, ""),
      `${HEAD.replaceAll(/<link rel="modulepreload"[^>]*>/g, "")}<body><script>player()</script><p>a < b</p></body></html>`,
      HEAD.slice(0, 40),
    ]) {
      for (const size of [1, 5, 1000]) expect(await through(document, size, "n0nce")).toBe(document);
    }
  });
});
