import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server.ts";

describe("renderMarkdown", () => {
  it("renders headings, lists and links, opening outside links safely", () => {
    const html = renderMarkdown("## Data\n\n- one\n- two\n\n[Write](mailto:a@example.com) or [visit](https://example.com).");
    expect(html).toContain("<h2>Data</h2>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<a href="mailto:a@example.com">Write</a>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">visit</a>');
  });

  it("shows raw HTML as text and refuses script links", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[click](javascript:alert(1)) [data](data:text/html,hi)',
    );
    expect(html).not.toMatch(/<script|<img|href="javascript|href="data/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=");
    expect(html).toContain("[click](javascript:alert(1))");
  });

  it("keeps images out: an image stays text", () => {
    expect(renderMarkdown("![me](https://example.com/me.jpg)")).not.toContain("<img");
  });
});
