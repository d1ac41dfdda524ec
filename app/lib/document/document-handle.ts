import { useMatches } from "react-router";

/** What a route's `handle` may say about the document around it (app/root.tsx). */
export type DocumentHandle = {
  /**
   * "bare": the page alone, without the site's header, footer, player bar or
   * scripts. For the embeddable player, which lives in other sites' frames and
   * must cost them little (docs/decisions/016-embeds-and-feeds.md).
   */
  document?: "bare";
};

/** Whether the page being rendered asked for a bare document. */
export function useBareDocument(): boolean {
  return useMatches().some((match) => (match.handle as DocumentHandle | undefined)?.document === "bare");
}
