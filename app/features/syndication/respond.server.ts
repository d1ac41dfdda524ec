import { createHash } from "node:crypto";

/**
 * A public text document (the feed, the sitemap, robots.txt) with an ETag, so
 * feed readers and crawlers that poll get a 304 until it changes. Paths with
 * a dot are never page-cached (server/page-cache), so this sets its own
 * Cache-Control. Any site may read it from a script.
 */
export function publicText(request: Request, body: string, type: string, maxAgeSeconds: number): Response {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = {
    "Content-Type": type,
    "Cache-Control": `public, max-age=${maxAgeSeconds}`,
    ETag: etag,
    "Access-Control-Allow-Origin": "*",
  };
  const ifNoneMatch = request.headers.get("if-none-match") ?? "";
  const fresh = ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
  return fresh ? new Response(null, { status: 304, headers }) : new Response(body, { headers });
}
