import { describe, expect, it } from "vitest";
import { mailHtml, mailText } from "./mail-markdown.server.ts";

const origin = "https://juniper.example";

describe("a mailing's plain-text part", () => {
  it("drops Markdown's marks and writes a link as its words and its address", () => {
    expect(mailText("It is **out** _now_: [listen here](https://juniper.example/music/x).", origin)).toBe(
      "It is out now: listen here (https://juniper.example/music/x).",
    );
  });

  it("keeps single line breaks, and a blank line between paragraphs", () => {
    expect(mailText("Dear friends,\nthe tour starts Friday.\n\nLove,\nJuniper", origin)).toBe(
      "Dear friends,\nthe tour starts Friday.\n\nLove,\nJuniper",
    );
  });

  it("makes the site's own links absolute, and names an address only once", () => {
    expect(mailText("See [the shows](/shows), or https://x.example and [https://y.example](https://y.example)", origin)).toBe(
      "See the shows (https://juniper.example/shows), or https://x.example and https://y.example",
    );
    expect(mailText("Write to [me](mailto:hi@juniper.example) or [hi@juniper.example](mailto:hi@juniper.example)", origin)).toBe(
      "Write to me (hi@juniper.example) or hi@juniper.example",
    );
  });

  it("keeps lists' bullets and numbers, headings' words and quotes' marks", () => {
    expect(mailText("# Tour\n\n- Oslo\n- Bergen\n\n3. one\n4. two\n\n> a quote", origin)).toBe(
      "Tour\n\n- Oslo\n- Bergen\n\n3. one\n4. two\n\n> a quote",
    );
  });

  it("shows raw HTML as the text it is", () => {
    expect(mailText("<b>hi</b>", origin)).toBe("<b>hi</b>");
  });
});

describe("a mailing's HTML part", () => {
  it("keeps a single line break, makes the site's links absolute and refuses script links", () => {
    const html = mailHtml("Dear friends,\nsee [shows](/shows) [x](javascript:alert(1))", origin);
    expect(html).toContain("Dear friends,<br>");
    expect(html).toContain('href="https://juniper.example/shows"');
    expect(html).not.toContain(`href="javascript`);
  });
});
