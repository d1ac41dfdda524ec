// The beacon pages send for the artist's Numbers (decision 029), answered
// before Express like local media: it is the most frequent request a page
// makes, and counting must never cost a page or a play anything.
import type { IncomingMessage, ServerResponse } from "node:http";
import { BEACON_PATH } from "#app/domain/counted.ts";
import { BEACON_MAX_BYTES, type BeaconRequest } from "#app/features/numbers/beacon.server.ts";

type BeaconListenerOptions = {
  /** Counts one beacon (recordBeacon with the site's counter); never throws into the request. */
  record: (request: BeaconRequest) => void;
  /** Origins whose pages may send beacons: the site's own (trustedOrigins). */
  origins: string[];
  clientAddress: (req: IncomingMessage) => string;
  baseHeaders: [string, string][];
};

/** Answers POST /api/numbers (true), or leaves the request alone (false). */
export function createBeaconListener(options: BeaconListenerOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const origins = new Set(options.origins);
  const answer = (res: ServerResponse, status: number, extra: [string, string][] = []) => {
    res.writeHead(status, [...options.baseHeaders, ["Cache-Control", "no-store"], ...extra]);
    res.end();
  };
  return (req, res) => {
    const url = req.url ?? "";
    if (url !== BEACON_PATH && !url.startsWith(`${BEACON_PATH}?`)) return false;
    if (req.method !== "POST") {
      answer(res, 405, [["Allow", "POST"]]);
      return true;
    }
    // Another site's page must not count here: the same rule as every other write (sameOriginOnly).
    const origin = req.headers.origin;
    const site = req.headers["sec-fetch-site"];
    if (origin ? !origins.has(origin) : site !== undefined && site !== "same-origin" && site !== "none") {
      answer(res, 403);
      req.resume();
      return true;
    }
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > BEACON_MAX_BYTES) {
      answer(res, 413, [["Connection", "close"]]);
      req.resume();
      return true;
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > BEACON_MAX_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on("end", () => {
      if (tooLarge) return answer(res, 413);
      try {
        options.record({
          body: Buffer.concat(chunks).toString("utf8"),
          headers: { get: (name) => headerValue(req, name) },
          client: options.clientAddress(req),
        });
      } catch (error) {
        console.error("Counting a beacon failed", error);
      }
      answer(res, 204);
    });
    req.on("error", () => res.destroy());
    return true;
  };
}

function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}
