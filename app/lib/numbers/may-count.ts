import { isbot } from "isbot";

type HeadersLike = { get(name: string): string | null };

/**
 * Whether a request may be counted in the artist's Numbers (decision 029):
 * not when the browser asks not to be tracked (Global Privacy Control or Do
 * Not Track), and not for programs (isbot, or no User-Agent at all). Such a
 * request is answered as any other; it is only left out of the counts.
 */
export function mayCount(headers: HeadersLike): boolean {
  if (headers.get("sec-gpc")?.trim() === "1" || headers.get("dnt")?.trim() === "1") return false;
  const agent = headers.get("user-agent");
  return Boolean(agent) && !isbot(agent);
}
