import MarkdownIt from "markdown-it";

/*
 * The artist's Markdown (privacy and terms pages) as HTML, rendered on the
 * server. Raw HTML in the source is shown as text (html: false), links may only
 * be http(s), mailto or on this site, and every link that leaves the site
 * opens with rel="noopener noreferrer".
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

markdown.validateLink = (url) => /^(https?:|mailto:|\/(?!\/)|#)/i.test(url.trim());

const renderLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (token && /^https?:/i.test(String(token.attrGet("href") ?? ""))) {
    token.attrSet("rel", "noopener noreferrer");
    token.attrSet("target", "_blank");
  }
  return renderLinkOpen(tokens, idx, options, env, self);
};
// Pictures are not part of these pages: an image in the Markdown stays a link to it.
markdown.disable("image");

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
