// What a page tells the site for the artist's Numbers (decision 029): a page
// seen, a track's play reaching a stage. Sent by the browser as a beacon, to
// be counted and forgotten: no cookie, nothing about the person.
import { BEACON_PATH } from "#app/domain/counted.ts";
import { COUNTED_ATTRIBUTE } from "#app/lib/document/meta.ts";

export type PlayStage = "start" | "30s" | "end";

export type Beacon =
  /** A page seen: its path; on the page's first load, the site it came from and its campaign parameters. */
  { e: "view"; p: string; r?: string; q?: string } | { e: "play"; s: string; t: PlayStage };

/** The only query parameters a view carries: where a visit came from (`utm_*`, `ref`), never anything else in the address. */
export const CAMPAIGN_PARAMETERS = ["utm_source", "utm_medium", "utm_campaign", "ref"] as const;

/** On <html>: this page's visitor is not counted (the artist, signed in). */
export const UNCOUNTED_ATTRIBUTE = "data-uncounted";

/** A page kept out of search results and out of the Numbers: an error, a private page (not a coming-soon page, which is counted). */
const UNCOUNTED_NOINDEX = `meta[name="robots"][content*="noindex"]:not([${COUNTED_ATTRIBUTE}])`;

/**
 * Whether this page may be counted: not the artist's own visits, not a page
 * marked noindex (errors, private pages), not a browser driven by a program
 * (`navigator.webdriver`: a person's browser never says so).
 */
function pageIsCounted(): boolean {
  return !navigator.webdriver && !document.documentElement.hasAttribute(UNCOUNTED_ATTRIBUTE) && !document.querySelector(UNCOUNTED_NOINDEX);
}

function send(beacon: Beacon): void {
  const body = JSON.stringify(beacon);
  try {
    if (navigator.sendBeacon?.(BEACON_PATH, body)) return;
  } catch {
    // A browser that refuses the beacon (a policy, a full queue) gets the fetch below.
  }
  fetch(BEACON_PATH, { method: "POST", body, keepalive: true }).catch(() => {});
}

/** The campaign parameters of an address's query, and nothing else of it. */
function campaignQuery(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of CAMPAIGN_PARAMETERS) {
    const value = params.get(name);
    if (value) kept.set(name, value);
  }
  return kept.toString();
}

/** A page seen after a navigation inside the app (the document's first page is the head script's: `viewBeaconScript`). */
export function countView(): void {
  if (!pageIsCounted()) return;
  const q = campaignQuery(location.search);
  send({ e: "view", p: location.pathname, ...(q ? { q } : {}) });
}

/** A track's play reached a stage. */
export function countPlay(songId: string, stage: PlayStage): void {
  if (!pageIsCounted() || location.pathname.startsWith("/listen/")) return;
  send({ e: "play", s: songId, t: stage });
}

/**
 * The head script that counts the document's own page once it is parsed,
 * before (and without) the app: a fan who leaves before the app has started
 * on a slow phone was still here. Its referrer is sent only from here: after
 * a navigation inside the app, `document.referrer` still names the first.
 */
export function viewBeaconScript(): string {
  return `(function(){try{var go=function(){var h=document.documentElement;if(navigator.webdriver||h.hasAttribute(${JSON.stringify(UNCOUNTED_ATTRIBUTE)})||document.querySelector(${JSON.stringify(UNCOUNTED_NOINDEX)}))return;var d={e:"view",p:location.pathname};var r=document.referrer;if(r&&r.indexOf(location.origin+"/")!==0)d.r=r;var s=new URLSearchParams(location.search),k=new URLSearchParams();${JSON.stringify(CAMPAIGN_PARAMETERS)}.forEach(function(n){var v=s.get(n);if(v)k.set(n,v)});if(k.toString())d.q=k.toString();var b=JSON.stringify(d);if(!(navigator.sendBeacon&&navigator.sendBeacon(${JSON.stringify(BEACON_PATH)},b)))fetch(${JSON.stringify(BEACON_PATH)},{method:"POST",body:b,keepalive:true}).catch(function(){})};if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",go);else go()}catch(e){}})();`;
}
