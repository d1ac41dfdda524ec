import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { escapeXml, Markup, xml } from "./xml.ts";

/** The text of <t> in a document, as a real XML parser reads it (entities decoded). */
function parsedText(document: string): unknown {
  expect(XMLValidator.validate(document)).toBe(true);
  return (new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: false }).parse(document) as { t: unknown }).t;
}

describe("xml", () => {
  it("escapes the five markup characters, so ]]> and quotes are harmless anywhere", () => {
    expect(escapeXml(`A < B & "C" ]]> D 'E'`)).toBe("A &lt; B &amp; &quot;C&quot; ]]&gt; D &apos;E&apos;");
    expect(escapeXml("&amp;")).toBe("&amp;amp;");
  });

  it("drops what XML 1.0 cannot hold, and keeps tabs, line breaks and every other character", () => {
    expect(escapeXml("a\u0000b\u0001c\u0008\u000b\u000c\u001fd\ufffe\uffff")).toBe("abcd");
    expect(escapeXml("x\ud800y\udc00z")).toBe("xyz");
    const kept = "tab\tline\nreturn\r é 𝄞 🎵 \u2028 \u0085 \u007f";
    expect(escapeXml(kept)).toBe(kept);
  });

  it("escapes every interpolated value and takes its own markup back as it is", () => {
    const title = `A < B & "C" ]]> D`;
    const items = ["one", "two"].map((name) => xml`<i n="${name}">${name}</i>`);
    const built = xml`<t a="${title}">${title}${items}${null}${undefined}${false}${3}</t>`;
    expect(built).toBeInstanceOf(Markup);
    expect(built.text).toBe(
      '<t a="A &lt; B &amp; &quot;C&quot; ]]&gt; D">A &lt; B &amp; &quot;C&quot; ]]&gt; D<i n="one">one</i><i n="two">two</i>3</t>',
    );
    expect(String(xml`<b>${built}</b>`)).toBe(`<b>${built.text}</b>`);
  });

  it("gives documents a real parser reads back to the very text that went in", () => {
    for (const text of [`A < B & "C" ]]> D`, "<![CDATA[x]]>", "&lt;", 'Tom\'s "song" <b>', "🎵 é x"]) {
      const document = xml`<?xml version="1.0" encoding="UTF-8"?><t a="${text}">${text}</t>`.text;
      expect(parsedText(document)).toEqual({ "#text": text, "@_a": text });
    }
  });
});
