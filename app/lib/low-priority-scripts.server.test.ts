import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityScripts } from "./low-priority-scripts.server.ts";

const HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><style data-href="/assets/app.css">a{color:red}</style>' +
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/framework.js"/>' +
  '<link rel="preload" as="image" href="/media/photos/hero.avif" fetchPriority="high"/></head>';
const BODY =
  '<body><p>Writing about <link rel="modulepreload"> in a post stays as written.</p><script type="module" async="">import("/assets/entry.client.js");</script></body></html>';

/** The document sent through the transform in pieces of `size` characters, as a stream may cut it. */
const through = (document: string, size: number) => {
  const pieces: string[] = [];
  for (let at = 0; at < document.length; at += size) pieces.push(document.slice(at, at + size));
  return text(Readable.from(pieces).pipe(lowPriorityScripts()));
};

describe("lowPriorityScripts", () => {
  it("marks every module preload in the head low priority, however the stream is cut, and leaves the rest as it was", async () => {
    const expected = HEAD.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') + BODY;
    for (const size of [1, 7, 64, 100_000]) expect(await through(HEAD + BODY, size)).toBe(expected);
    expect(expected.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(expected).toContain('fetchPriority="high"');
  });

  it("passes a document without a head through unchanged", async () => {
    expect(await through("<p>Internal error</p>", 5)).toBe("<p>Internal error</p>");
    expect(await through("", 5)).toBe("");
  });
});
