// Answers that may be personal are kept by no cache (issue #30): a signed-in
// visitor's pages and their data, and everything under the dashboard and the
// account, whatever the route itself said.
import type { RequestHandler } from "express";
import { carriesPersonalCookie } from "./page-cache/page-cache.ts";

const PRIVATE_ANSWER = "private, no-store";

/**
 * Sets Cache-Control to PRIVATE_ANSWER as the answer's head goes out (so after
 * any the route set) for a request with one of our cookies, or for a path
 * under `privatePrefixes`.
 */
export function keepPersonalAnswersPrivate(privatePrefixes: readonly string[]): RequestHandler {
  const underPrivatePath = (path: string) =>
    privatePrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`));
  return (req, res, next) => {
    if (!carriesPersonalCookie(req.headers.cookie) && !underPrivatePath(req.path)) return next();
    const writeHead = res.writeHead;
    // Every head goes out through writeHead, the implicit one of a first write included.
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (!this.headersSent) this.setHeader("Cache-Control", PRIVATE_ANSWER);
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}
