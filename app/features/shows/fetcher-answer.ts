import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import type { ShowsAreaResult } from "./shows-area.server.ts";
import type { FormAnswer } from "#app/lib/http/wire.ts";

export type ShowsFetcher = FetcherWithComponents<FormAnswer<ShowsAreaResult>>;

/**
 * Runs `handle` once for each answer a fetcher settles on after the caller
 * appears (a form made anew after a save must not take that save's answer for
 * its own).
 */
export function useAnswer(fetcher: ShowsFetcher, handle: (answer: FormAnswer<ShowsAreaResult>) => void) {
  const handled = useRef<FormAnswer<ShowsAreaResult> | undefined>(fetcher.data);
  const latest = useRef(handle);
  latest.current = handle;
  const answer = fetcher.data;
  useEffect(() => {
    if (!answer || fetcher.state !== "idle" || handled.current === answer) return;
    handled.current = answer;
    latest.current(answer);
  }, [answer, fetcher.state]);
}

export const focusById = (id: string) => {
  const attempt = () => document.getElementById(id)?.focus();
  requestAnimationFrame(attempt);
  // The list's revalidation may land just after and drop the focus to the page: put it back, unless the person has moved it.
  for (const ms of [150, 400]) {
    setTimeout(() => {
      if (document.activeElement === null || document.activeElement === document.body) attempt();
    }, ms);
  }
};
