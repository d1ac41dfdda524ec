// Browser-side handling of two kinds of stray errors (SPEC section 4 and 8):
// a script chunk that no longer exists after a deploy reloads the page once,
// and noisy rejections from analytics, permissions and the network are swallowed.

export const RELOAD_MESSAGE = "Site updated, reloading...";
export const TOAST_EVENT = "site:alert";
const RELOAD_FLAG = "site:chunk-reload";

const CHUNK_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
  /Unable to preload CSS/i,
];

function messageOf(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  if (typeof reason === "string") return reason;
  if (reason && typeof reason === "object" && "message" in reason) return String(reason.message);
  return "";
}

export function isChunkLoadError(reason: unknown): boolean {
  const message = messageOf(reason);
  return CHUNK_PATTERNS.some((pattern) => pattern.test(message));
}

/** Rejections that are noise to a visitor: analytics, permissions, network, generic TypeErrors. */
export function isIgnorableRejection(reason: unknown): boolean {
  if (isChunkLoadError(reason)) return false;
  const message = messageOf(reason);
  return (
    /analytics|gtag|googletagmanager|plausible|umami/i.test(message) ||
    /permission|NotAllowedError|denied/i.test(message) ||
    /network|Failed to fetch|Load failed|NetworkError|AbortError|timed? ?out/i.test(message) ||
    (reason instanceof TypeError && !/is not a function|undefined|null/.test(message))
  );
}

type ErrorWindow = Pick<Window, "addEventListener" | "dispatchEvent" | "setTimeout" | "sessionStorage"> & {
  location: Pick<Location, "reload">;
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/** Reloads at most once per browser session, after the page goes idle (1 s at most). */
export function reloadOnce(win: ErrorWindow): boolean {
  try {
    if (win.sessionStorage.getItem(RELOAD_FLAG)) return false;
    win.sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
  } catch {
    return false;
  }
  win.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: { message: RELOAD_MESSAGE, type: "info" } }));
  const reload = () => win.location.reload();
  if (typeof win.requestIdleCallback === "function") win.requestIdleCallback(reload, { timeout: 1000 });
  else win.setTimeout(reload, 100);
  return true;
}

export function installErrorFilters(win: ErrorWindow): void {
  win.addEventListener("unhandledrejection", (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) {
      event.preventDefault();
      reloadOnce(win);
    } else if (isIgnorableRejection(event.reason)) {
      event.preventDefault();
    }
  });
  win.addEventListener("error", (event: ErrorEvent) => {
    if (isChunkLoadError(event.error ?? event.message)) reloadOnce(win);
  });
  // Vite reports a failed preload of a lazily imported chunk with its own event.
  win.addEventListener("vite:preloadError", (event: Event) => {
    event.preventDefault();
    reloadOnce(win);
  });
}
