/**
 * Where to go after signing in: a path on this site, from a query string or a
 * form field a stranger may have written. Anything that could leave the site
 * (`//evil.example`, `/\evil.example`, `https://…`, an encoded slash or
 * backslash that a browser would read as one, control characters) is refused
 * with null, as is anything that does not start with one `/`.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // Browsers read a backslash as a slash; percent-escapes of either could be decoded on the way.
  if (/[\\]|%2f|%5c|%00/i.test(value) || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(value, "http://return.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://return.invalid") return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page's address that comes back to `path` (or plain /login when there is none). */
export function signInPath(path: string | null): string {
  const returnTo = path ? safeReturnPath(path) : null;
  return returnTo && returnTo !== "/" ? `/login?returnTo=${encodeURIComponent(returnTo)}` : "/login";
}
