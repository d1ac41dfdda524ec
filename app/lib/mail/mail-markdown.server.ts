import MarkdownIt from "markdown-it";
import type { Token } from "markdown-it";
import { keepLinks, rewriteHrefs, type LinkThrough } from "./mail-links.ts";

/*
 * What the artist writes for a mailing, as a mail's two parts. A mail is a
 * letter: a single line break stays a line break (breaks: true), in the HTML
 * part and in the plain-text one. Raw HTML is shown as text; links may only be
 * http(s), mailto or on this site.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true, breaks: true });
markdown.validateLink = (url) => /^(https?:|mailto:|\/(?!\/)|#)/i.test(url.trim());
// A mail's pictures are the song's card; an image in the text stays a link to it.
markdown.disable("image");

/**
 * The HTML part's body, links made absolute against `origin` (a mail has no
 * address of its own), then each passed `through` (a mailing's /go/ links).
 */
export function mailHtml(source: string, origin: string, through: LinkThrough = keepLinks): string {
  return rewriteHrefs(markdown.render(source).replace(/href="\/(?!\/)/g, `href="${origin}/`), through);
}

/**
 * The plain-text part: the words without Markdown's marks, a link as
 * "its words (its address)", lists with their bullets and numbers, line
 * breaks where the artist made them. A link passed `through` to another
 * address (a mailing's /go/ link) is always written with that address, even
 * when its words are the address it stood for.
 */
export function mailText(source: string, origin: string, through: LinkThrough = keepLinks): string {
  // Each block with whether it follows the one before on the next line (an item after an item of its list).
  const blocks: { text: string; tight: boolean }[] = [];
  const lists: { ordered: boolean; next: number; items: number }[] = [];
  let tight = false;
  let quoteDepth = 0;
  let itemPrefix: string | null = null;
  const push = (text: string) => {
    const indent = "  ".repeat(Math.max(0, lists.length - 1));
    const quote = "> ".repeat(quoteDepth);
    const lines = text.split("\n").map((line, index) => {
      const lead = index === 0 && itemPrefix !== null ? itemPrefix : itemPrefix !== null ? " ".repeat(itemPrefix.length) : "";
      return `${quote}${indent}${lead}${line}`;
    });
    itemPrefix = null;
    blocks.push({ text: lines.join("\n"), tight });
    tight = false;
  };
  for (const token of markdown.parse(source, {})) {
    switch (token.type) {
      case "bullet_list_open":
        lists.push({ ordered: false, next: 1, items: 0 });
        break;
      case "ordered_list_open":
        lists.push({ ordered: true, next: Number(token.attrGet("start") ?? 1), items: 0 });
        break;
      case "bullet_list_close":
      case "ordered_list_close":
        lists.pop();
        break;
      case "list_item_open": {
        const list = lists.at(-1);
        itemPrefix = list?.ordered ? `${list.next++}. ` : "- ";
        tight = (list?.items ?? 0) > 0;
        if (list) list.items++;
        break;
      }
      case "blockquote_open":
        quoteDepth++;
        break;
      case "blockquote_close":
        quoteDepth--;
        break;
      case "inline":
        push(inlineText(token.children ?? [], origin, through));
        break;
      case "fence":
      case "code_block":
        push(token.content.replace(/\n$/, ""));
        break;
      case "hr":
        push("* * *");
        break;
    }
  }
  return blocks.map((block, index) => (index === 0 ? "" : block.tight ? "\n" : "\n\n") + block.text).join("");
}

function inlineText(children: Token[], origin: string, through: LinkThrough): string {
  let out = "";
  const links: { href: string; start: number }[] = [];
  for (const child of children) {
    switch (child.type) {
      case "text":
      case "code_inline":
        out += child.content;
        break;
      case "softbreak":
      case "hardbreak":
        out += "\n";
        break;
      case "link_open": {
        const href = String(child.attrGet("href") ?? "");
        links.push({ href: href.startsWith("/") && !href.startsWith("//") ? `${origin}${href}` : href, start: out.length });
        break;
      }
      case "link_close": {
        const link = links.pop();
        if (!link) break;
        const words = out.slice(link.start).trim();
        const shown = through(link.href);
        const address = shown.replace(/^mailto:/i, "");
        if (shown !== link.href || (words !== address && words !== link.href)) out += ` (${address})`;
        break;
      }
    }
  }
  return out;
}
