import { StringDecoder } from "node:string_decoder";
import { Transform, type TransformCallback } from "node:stream";

/**
 * The page's JavaScript starts once its largest picture has painted (or, with
 * none, once the page has), not while the phone is still fetching it.
 *
 * React Router preloads every module the page needs (about 120 kB compressed)
 * from the head and starts the app from a module script at the end of the
 * body. On a slow phone connection that JavaScript shares the bandwidth with
 * the hero photo or cover: the picture, the page's largest paint, arrives
 * late. Marked low priority, the preloads still went out at once and took
 * their share (Lighthouse, slow 4G: LCP 2.1–2.3 s; this way 0.9–1.2 s). So the document leaves
 * here with the preloads taken out of the head and the module script made
 * inert (`type` DEFERRED_MODULE_TYPE, the preloads listed on it), followed by
 * a small script that puts both back once the picture is on screen (the
 * `fetchpriority="high"` image; a page without one, once it has painted),
 * and after 2.5 s whatever happens (a stalled picture, a hidden tab), or at
 * once when a fan taps a control first (app/lib/document/early-taps.ts). The
 * app then loads and hydrates as before, a picture's download later; the
 * pictures are 5–15 kB (decision 019).
 *
 * React Router has no option for this, so its output is rewritten on the way
 * out, as a stream: React writes the whole head in the shell's first flush,
 * and the module script comes before any streamed data, so nothing is held
 * back but a tag that straddles two chunks.
 */
export function scriptsAfterPaint(nonce: string | undefined): Transform {
  const decoder = new StringDecoder("utf8");
  const modulePreloads: string[] = [];
  let stage: "head" | "module script" | "its end" | "rest" = "head";
  let pending = "";

  /** Moves `pending` on as far as it can, returning what may be sent now. */
  function advance(final: boolean): string {
    let out = "";
    for (;;) {
      if (stage === "head") {
        const end = pending.indexOf("</head>");
        if (end < 0) break;
        out += takePreloads(pending.slice(0, end), modulePreloads);
        pending = pending.slice(end);
        stage = "module script";
      } else if (stage === "module script") {
        const tag = MODULE_SCRIPT.exec(pending);
        if (!tag) {
          // Everything but a tag not yet complete, which may be the one.
          const open = pending.lastIndexOf("<");
          const cut = open >= 0 && !pending.includes(">", open) ? open : pending.length;
          out += pending.slice(0, cut);
          pending = pending.slice(cut);
          break;
        }
        out += pending.slice(0, tag.index) + inertTag(tag[1] ?? "", tag[2] ?? "", modulePreloads);
        pending = pending.slice(tag.index + tag[0].length);
        stage = "its end";
      } else if (stage === "its end") {
        const end = pending.indexOf(SCRIPT_END);
        if (end < 0) {
          // Everything but what may be the start of its closing tag.
          let keep = SCRIPT_END.length - 1;
          while (keep > 0 && !pending.endsWith(SCRIPT_END.slice(0, keep))) keep -= 1;
          out += pending.slice(0, pending.length - keep);
          pending = pending.slice(pending.length - keep);
          break;
        }
        const after = end + SCRIPT_END.length;
        out += pending.slice(0, after) + startScript(nonce);
        pending = pending.slice(after);
        stage = "rest";
      } else {
        out += pending;
        pending = "";
        break;
      }
    }
    if (final) {
      // A document cut short (an error page) goes out as it came.
      out += pending;
      pending = "";
    }
    return out;
  }

  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback) {
      pending += typeof chunk === "string" ? chunk : decoder.write(chunk);
      const out = advance(false);
      done(null, out || undefined);
    },
    flush(done: TransformCallback) {
      pending += decoder.end();
      const out = advance(true);
      done(null, out || undefined);
    },
  });
}

/** The `type` of the app's module script until the page has painted. */
export const DEFERRED_MODULE_TYPE = "text/x-module-after-paint";
/** Its id, for the start script to find it. */
const DEFERRED_ID = "app-module";
/** Where its module preloads are kept meanwhile, separated by spaces. */
export const DEFERRED_PRELOADS_ATTRIBUTE = "data-modulepreload";

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
/** React Router's module script: `<script type="module" async="">`, perhaps with a nonce. */
const MODULE_SCRIPT = /<script\b([^>]*?)\s+type="module"(?:\s+async="")?([^>]*)>/;
const SCRIPT_END = "</script>";

function takePreloads(head: string, into: string[]): string {
  return head.replace(MODULE_PRELOAD, (_tag, href: string) => {
    into.push(href);
    return "";
  });
}

function inertTag(before: string, after: string, modulePreloads: string[]): string {
  const preloads = modulePreloads.map((href) => href.replaceAll("&", "&amp;").replaceAll('"', "&quot;")).join(" ");
  return `<script${before} type="${DEFERRED_MODULE_TYPE}" id="${DEFERRED_ID}" ${DEFERRED_PRELOADS_ATTRIBUTE}="${preloads}"${after}>`;
}

function startScript(nonce: string | undefined): string {
  return `<script${nonce ? ` nonce="${nonce}"` : ""}>(${String(startAfterPaint)})(${JSON.stringify(DEFERRED_ID)});</script>`;
}

/**
 * Runs in the browser, from the document, right after the inert module script:
 * puts the preloads and the module script back once the page's largest
 * picture (or, with none, the page) has painted; never later than 2.5 s.
 */
function startAfterPaint(id: string) {
  const inert = document.getElementById(id);
  if (!(inert instanceof HTMLScriptElement)) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (inert.dataset.modulepreload ?? "").split(" ")) {
      if (!href) continue;
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = inert.nonce;
    script.textContent = inert.textContent;
    inert.replaceWith(script);
  };
  // A fan who taps a control before then should not wait for the picture (app/lib/document/early-taps.ts).
  const early = (window as unknown as { __early?: { start: (() => void) | null; startRequested: boolean } }).__early;
  if (early) {
    early.start = start;
    if (early.startRequested) return start();
  }
  setTimeout(start, 2500);
  const picture = document.querySelector('img[fetchpriority="high"]');
  const afterItsFrame = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
  const types: readonly string[] = (typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes) || [];
  if (types.includes("largest-contentful-paint")) {
    // Chrome says when a paint reached the screen: the picture's, or the page's first.
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
        if (picture && entry.element !== picture) continue;
        observer.disconnect();
        start();
      }
    });
    observer.observe({ type: "largest-contentful-paint", buffered: true });
  } else if (!picture) {
    afterItsFrame();
  }
  if (!(picture instanceof HTMLImageElement)) return;
  // Elsewhere, or when the picture is not the largest paint after all: a frame after it loads.
  const loaded = () => (types.includes("largest-contentful-paint") ? setTimeout(afterItsFrame, 100) : afterItsFrame());
  if (picture.complete) loaded();
  else {
    picture.addEventListener("load", loaded, { once: true });
    picture.addEventListener("error", start, { once: true });
  }
}
