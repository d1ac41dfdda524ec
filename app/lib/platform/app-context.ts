import { createContext, type RouterContextProvider } from "react-router";
import type { Services } from "./services.server.ts";

export type RequestContext = {
  services: Services;
  /** Per-request nonce that the Content-Security-Policy allows scripts by ("" on cached pages, allowed by hash). */
  cspNonce: string;
  /**
   * The signed "form started" time the public forms carry. On a cached page it
   * is a placeholder the cache swaps for a fresh token in every response.
   */
  formStarted(): string;
  /**
   * True when this render is kept and served to many (the page cache): a slow
   * query is then waited for rather than streamed, since a page streamed with
   * its data late would be kept and show every visitor the late arrival.
   */
  renderedForCache: boolean;
  /** The content version a page rendered for the cache is kept under, read once by the cache; unset otherwise. */
  contentVersion?: number;
  /** Says this page shows a failure (a query that failed), so no cache may keep it. */
  markDegraded(): void;
  /**
   * Says what this page shows changes on its own at `instant` (a show moving to
   * the past, a countdown reaching zero), so no cache may keep it past then.
   */
  changesAt(instant: number): void;
};

// Pure: on the client no code reads it, so the bundler can leave it out.
export const appContext = /* @__PURE__ */ createContext<RequestContext>();

export function servicesOf(context: Readonly<RouterContextProvider>): Services {
  return context.get(appContext).services;
}
