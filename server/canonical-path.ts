/**
 * The one spelling of a page's address. Routers forgive many spellings of the
 * same page (`//x/../terms`, `/./terms`, `/TERMS`, `/terms/`, `/%74erms`), and
 * a cache keyed on the raw address would keep a copy for each: anyone could
 * fill it with copies and push the real pages out. Every other spelling is
 * redirected here (server/host.ts) and only this one is kept (server/page-cache/).
 *
 * The canonical form: one slash between segments, no `.` or `..` segments, no
 * trailing slash (but `/`), lower case (every route and song id is), percent
 * escapes only where needed, with upper-case hex, and a page's React Router
 * data as `/page.data`.
 */

/** Characters a path segment may hold as they are (RFC 3986 pchar, less `%`). */
const PLAIN = /^[a-z0-9\-._~!$&'()*+,;=:@]$/;
const UNRESERVED = /^[a-z0-9\-._~]$/i;

/**
 * The canonical spelling of `path` (no query), or null when it cannot name a
 * page at all (a broken percent escape, or not starting with `/`).
 */
export function canonicalPath(path: string): string | null {
  if (!path.startsWith("/")) return null;
  const segments: string[] = [];
  for (const raw of path.split("/")) {
    const segment = canonicalSegment(raw);
    if (segment === null) return null;
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  const canonical = `/${segments.join("/")}`;
  // React Router asks for the root's data as /_.data; for any other page
  // /page/_.data is /page.data spelt another way.
  return canonical !== "/_.data" && canonical.endsWith("/_.data") ? `${canonical.slice(0, -"/_.data".length)}.data` : canonical;
}

function canonicalSegment(raw: string): string | null {
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    const char = raw[i] ?? "";
    if (char === "%") {
      const hex = raw.slice(i + 1, i + 3);
      if (!/^[0-9a-f]{2}$/i.test(hex)) return null;
      i += 2;
      const decoded = String.fromCharCode(Number.parseInt(hex, 16));
      out += UNRESERVED.test(decoded) ? decoded.toLowerCase() : `%${hex.toUpperCase()}`;
      continue;
    }
    const lower = char.toLowerCase();
    if (PLAIN.test(lower)) out += lower;
    else out += encodeChar(char, raw.codePointAt(i) ?? 0, () => (i += 1));
  }
  return out;
}

/** UTF-8 percent escapes of one character (a surrogate pair counts as one; `skipLow` steps over its second half). */
function encodeChar(char: string, codePoint: number, skipLow: () => void): string {
  const whole = codePoint > 0xffff ? String.fromCodePoint(codePoint) : char;
  if (codePoint > 0xffff) skipLow();
  // A lone surrogate has no UTF-8 form; U+FFFD is what the router would read anyway.
  const text = whole.isWellFormed() ? whole : "\ufffd";
  return [...Buffer.from(text, "utf8")].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
}

/** The path part of a request target (`/a/b?x=1` → `/a/b`). */
export function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}
