import { z } from "zod";
import { METRIC } from "#app/domain/counted.ts";
import type { DailyCounter } from "#app/lib/numbers/daily-counter.server.ts";
import { mayCount } from "#app/lib/numbers/may-count.ts";
import { CAMPAIGN_PARAMETERS, type Beacon } from "./beacon.ts";

/** Bytes of a beacon's body read at most: a view with a long referrer fits many times over. */
export const BEACON_MAX_BYTES = 4096;

const slug = "[a-z0-9]+(?:-[a-z0-9]+)*";
/**
 * The public pages whose views are counted, by their path. Private pages (a
 * listening link, a download, the dashboard, an account) are never counted,
 * and their addresses, some of which carry a secret, never kept.
 */
const COUNTED_PAGES = [
  "/",
  "/bio",
  "/music",
  `/music/${slug}`,
  `/music/${slug}/${slug}`,
  "/shows",
  "/press",
  "/contact",
  "/newsletter",
  "/redeem",
  "/privacy",
  "/terms",
].map((pattern) => new RegExp(`^${pattern}$`));

/** The page a view of `path` (as the page sends it) is counted under, or null: a public page's, and no other. */
export function countedPage(path: string): string | null {
  const trimmed = path.length > 1 ? path.replace(/\/$/, "") : path;
  return COUNTED_PAGES.some((page) => page.test(trimmed)) ? trimmed : null;
}

const beaconSchema = z.discriminatedUnion("e", [
  z.object({
    e: z.literal("view"),
    p: z.string().max(300),
    r: z.string().max(2000).optional(),
    q: z.string().max(1000).optional(),
  }),
  z.object({
    e: z.literal("play"),
    s: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    t: z.enum(["start", "30s", "end"]),
  }),
]) satisfies z.ZodType<Beacon>;

const PLAY_METRIC = { start: METRIC.playStart, "30s": METRIC.play30s, end: METRIC.playEnd } as const;

type HeadersLike = { get(name: string): string | null };

export type BeaconRequest = {
  body: string;
  headers: HeadersLike;
  /** The client's address as the host trusts it: part of the day's visitor hash, never kept. */
  client: string;
};

/**
 * Counts what one beacon tells: nothing when the browser asks not to be
 * tracked or is a program, or when the beacon is not one a page of ours sends.
 * Answers whether it counted, for tests; the browser is answered 204 alike.
 */
export function recordBeacon(counter: DailyCounter, siteHost: string, request: BeaconRequest): boolean {
  if (!mayCount(request.headers)) return false;
  let json: unknown;
  try {
    json = JSON.parse(request.body);
  } catch {
    return false;
  }
  const parsed = beaconSchema.safeParse(json);
  if (!parsed.success) return false;
  const beacon = parsed.data;
  if (beacon.e === "play") {
    counter.count(PLAY_METRIC[beacon.t], beacon.s);
    return true;
  }
  const path = countedPage(beacon.p);
  if (path === null) return false;
  counter.count(METRIC.view, path);
  counter.visitor(`${request.client}\n${request.headers.get("user-agent") ?? ""}`);
  const from = referringDomain(beacon.r, siteHost);
  if (from) counter.count(METRIC.referrer, from);
  const campaign = campaignOf(beacon.q);
  if (campaign) counter.count(METRIC.campaign, campaign);
  return true;
}

/** The domain a visit came from, without `www.`; none for our own pages or what is not a web address. */
function referringDomain(referrer: string | undefined, siteHost: string): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  if (!host || host === siteHost.toLowerCase().replace(/^www\./, "")) return null;
  return host.slice(0, 253);
}

/** Campaign parameters in one order, each value trimmed and cut short; none when there are none. */
function campaignOf(query: string | undefined): string | null {
  if (!query) return null;
  const params = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of CAMPAIGN_PARAMETERS) {
    const value = params.get(name)?.trim().toLowerCase().slice(0, 100);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text || null;
}
