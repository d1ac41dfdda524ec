import { createContext, type RouterContextProvider } from "react-router";
import type { Services } from "./services.server.ts";

export type RequestContext = {
  services: Services;
  /** Per-request nonce that the Content-Security-Policy allows scripts by. */
  cspNonce: string;
};

export const appContext = createContext<RequestContext>();

export function servicesOf(context: Readonly<RouterContextProvider>): Services {
  return context.get(appContext).services;
}
