/*
 * A mailing's links as they go out: each http(s) address behind the site's
 * own /go/{id}, which counts a click on that link and redirects to it
 * (issue #37). One id per address per mailing, the same in every fan's copy:
 * clicks are counted per link, never per fan. Pure: the caller stores the
 * links (in the transaction that sends the mailing) and serves /go/.
 */

/** The redirect a mailing's link goes through. */
export const goPath = (id: string) => `/go/${id}`;

/** 16 letters of lower-case base 32 (RFC 4648's alphabet): 80 random bits, and already in the one spelling page addresses have. */
const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const ID_LENGTH = 16;
export const LINK_ID_PATTERN = /^[a-z2-7]{16}$/;

export function newLinkId(): string {
  // 32 letters divide 256 evenly: every letter is as likely.
  const bytes = crypto.getRandomValues(new Uint8Array(ID_LENGTH));
  return Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("");
}

export type MailLink = { id: string; position: number; url: string };

/** What a renderer does with a link's address: keep it (a preview, a test mail) or send it through /go/. */
export type LinkThrough = (url: string) => string;

/** Every address as it is: previews and test mails, whose clicks count for nothing. */
export const keepLinks: LinkThrough = (url) => url;

const isHttp = (url: string) => {
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
};

/**
 * Hands out one /go/ address per distinct http(s) address, in the order they
 * are first met (`position` from 0); anything else (mailto:, the unsubscribe
 * placeholder, a fragment) comes back as it was.
 */
export function linkBook(origin: string, newId: () => string = newLinkId): { through: LinkThrough; links(): MailLink[] } {
  const byUrl = new Map<string, MailLink>();
  return {
    through(url) {
      if (!isHttp(url)) return url;
      let link = byUrl.get(url);
      if (!link) {
        link = { id: newId(), position: byUrl.size, url };
        byUrl.set(url, link);
      }
      return `${origin}${goPath(link.id)}`;
    },
    links: () => [...byUrl.values()],
  };
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&lt;": "<", "&gt;": ">", "&#39;": "'" };
const unescapeAttribute = (text: string) => text.replace(/&(?:amp|quot|lt|gt|#39);/g, (entity) => ENTITIES[entity] ?? entity);
const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Every `href="…"` of an HTML fragment passed through `through`: read as the
 * address it stands for (`&amp;` is `&`), written back escaped. For HTML we
 * render ourselves (Markdown without raw HTML), where a quoted href is only
 * ever a link's: text that spells one is escaped (`href=&quot;`).
 */
export function rewriteHrefs(html: string, through: LinkThrough): string {
  return html.replace(/\bhref="([^"]*)"/g, (_, value: string) => `href="${escapeAttribute(through(unescapeAttribute(value)))}"`);
}
