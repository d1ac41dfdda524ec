import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";

/**
 * Which proxies in front of the site are trusted to say who the client is
 * (TRUST_PROXY). A client writes whatever it likes into X-Forwarded-For, and a
 * proxy (nginx's `$proxy_add_x_forwarded_for`, a cloud load balancer, a CDN)
 * appends the address it saw. So the client is the rightmost address that was
 * not added by a trusted proxy, never the first one.
 * - `false`: no proxy; the socket's peer is the client.
 * - `{ hops: n }`: n proxies in a chain in front of the site; `true` means 1.
 * - `{ ranges }`: proxies known by address (CIDR ranges, or proxy-addr's
 *   `loopback`, `linklocal`, `uniquelocal`), for chains of varying length.
 */
export type TrustProxy = false | { hops: number } | { ranges: string[] };

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY's value, or a sentence saying what is wrong with it. `ok` as a
 * Result's, but not a Result: a setting read at start has no HTTP status.
 */
export function parseTrustProxy(value: string | undefined): { ok: true; trust: TrustProxy } | { ok: false; error: string } {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || text === "false" || text === "0") return { ok: true, trust: false };
  if (text === "true") return { ok: true, trust: { hops: 1 } };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) return { ok: false, error: "must be at most 10 proxies" };
    return { ok: true, trust: { hops } };
  }
  const ranges = text
    .split(",")
    .map((range) => range.trim())
    .filter(Boolean);
  try {
    for (const range of ranges) if (!NAMED_RANGES.has(range)) proxyaddr.compile(range);
  } catch {
    return {
      ok: false,
      error:
        "must be true, false, a number of proxies, or a comma-separated list of proxy addresses or CIDR ranges (loopback, uniquelocal, 10.0.0.0/8…)",
    };
  }
  return { ok: true, trust: { ranges } };
}

/** The same trust as Express's `trust proxy` setting, so req.protocol and req.hostname follow the same rule. */
export function expressTrustProxy(trust: TrustProxy): false | number | string[] {
  if (!trust) return false;
  return "hops" in trust ? trust.hops : trust.ranges;
}

/** Reads the client's address: the socket's peer, or the rightmost X-Forwarded-For entry no trusted proxy added. */
export function clientAddressReader(trust: TrustProxy): (req: IncomingMessage) => string {
  if (!trust) return (req) => req.socket.remoteAddress ?? "unknown";
  const isTrusted = "hops" in trust ? (_address: string, i: number) => i < trust.hops : proxyaddr.compile(trust.ranges);
  return (req) => proxyaddr(req, isTrusted) || "unknown";
}
