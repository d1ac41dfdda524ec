import { describe, expect, it } from "vitest";
import { goPath, keepLinks, LINK_ID_PATTERN, linkBook, newLinkId, rewriteHrefs } from "./mail-links.ts";
import { mailHtml, mailText } from "./mail-markdown.server.ts";

const origin = "https://juniper.example";

/** A book whose ids are a, b, c… padded to the pattern's length, so the tests can name them. */
function namedBook() {
  let n = 0;
  return linkBook(origin, () => String.fromCharCode(97 + n++).repeat(16));
}
const go = (letter: string) => `${origin}${goPath(letter.repeat(16))}`;

describe("a mailing's link ids", () => {
  it("are 16 letters of lower-case base 32, different each time", () => {
    const ids = Array.from({ length: 1000 }, newLinkId);
    for (const id of ids) expect(id).toMatch(LINK_ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("a link book", () => {
  it("gives each distinct http(s) address one /go/ address, in the order first met", () => {
    const book = namedBook();
    expect(book.through("https://shop.example/record?size=lp&colour=red#buy")).toBe(go("a"));
    expect(book.through("http://old.example/")).toBe(go("b"));
    expect(book.through("https://shop.example/record?size=lp&colour=red#buy")).toBe(go("a"));
    expect(book.links()).toEqual([
      { id: "a".repeat(16), position: 0, url: "https://shop.example/record?size=lp&colour=red#buy" },
      { id: "b".repeat(16), position: 1, url: "http://old.example/" },
    ]);
  });

  it("keeps anything that is not an http(s) address as it is", () => {
    const book = namedBook();
    for (const url of [
      "mailto:hi@juniper.example",
      "{{unsubscribeUrl}}",
      "#top",
      "/music",
      "ftp://files.example/x",
      "https://",
      "javascript:alert(1)",
    ])
      expect(book.through(url)).toBe(url);
    expect(book.links()).toEqual([]);
  });
});

describe("hrefs rewritten in HTML", () => {
  it("reads &amp; as & and writes the new address escaped", () => {
    const seen: string[] = [];
    const html = rewriteHrefs('<a href="https://x.example/?a=1&amp;b=&quot;2&quot;">x</a>', (url) => {
      seen.push(url);
      return `${url}&c=3`;
    });
    expect(seen).toEqual(['https://x.example/?a=1&b="2"']);
    expect(html).toBe('<a href="https://x.example/?a=1&amp;b=&quot;2&quot;&amp;c=3">x</a>');
  });

  it("leaves text that only spells an href alone", () => {
    const html = mailHtml('Type href="https://x.example" here', origin);
    expect(rewriteHrefs(html, () => "changed")).toBe(html);
  });
});

describe("a mailing's words with their links through /go/", () => {
  const body = [
    "Pre-order [the record](https://shop.example/lp?size=12&colour=red#buy),",
    "read [the story](https://en.wikipedia.org/wiki/Paper_Boats_(song)),",
    "see [the shows](/shows), write to [me](mailto:hi@juniper.example),",
    "and once more: [the record](https://shop.example/lp?size=12&colour=red#buy) <https://juniper.example/music>",
  ].join("\n");

  it("sends every http(s) link of the HTML part through its own /go/ address, the same address twice to one", () => {
    const book = namedBook();
    const html = mailHtml(body, origin, book.through);
    expect(html).toContain(`<a href="${go("a")}">the record</a>`);
    expect(html).toContain(`<a href="${go("b")}">the story</a>`);
    expect(html).toContain(`<a href="${go("c")}">the shows</a>`);
    expect(html).toContain('<a href="mailto:hi@juniper.example">me</a>');
    expect(html.match(new RegExp(go("a"), "g"))).toHaveLength(2);
    // An autolink keeps its words: only where it leads changes.
    expect(html).toContain(`<a href="${go("d")}">https://juniper.example/music</a>`);
    expect(html).not.toMatch(/href="https:\/\/(shop|en)\./);
    expect(book.links().map((link) => link.url)).toEqual([
      "https://shop.example/lp?size=12&colour=red#buy",
      "https://en.wikipedia.org/wiki/Paper_Boats_(song)",
      "https://juniper.example/shows",
      "https://juniper.example/music",
    ]);
  });

  it("writes the plain-text part's links as their /go/ addresses, which no parenthesis can cut short", () => {
    const book = namedBook();
    expect(mailText(body, origin, book.through)).toBe(
      [
        `Pre-order the record (${go("a")}),`,
        `read the story (${go("b")}),`,
        `see the shows (${go("c")}), write to me (hi@juniper.example),`,
        `and once more: the record (${go("a")}) https://juniper.example/music (${go("d")})`,
      ].join("\n"),
    );
  });

  it("meets the links in the same order in both parts, so one book serves both", () => {
    const html = namedBook();
    const text = namedBook();
    mailHtml(body, origin, html.through);
    mailText(body, origin, text.through);
    expect(text.links()).toEqual(html.links());
  });

  it("changes nothing with the links kept (a preview, a test mail)", () => {
    expect(mailHtml(body, origin, keepLinks)).toBe(mailHtml(body, origin));
    expect(mailText(body, origin, keepLinks)).toContain("the story (https://en.wikipedia.org/wiki/Paper_Boats_(song))");
  });
});
