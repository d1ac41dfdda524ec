import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { WireAnswer } from "#app/lib/http/wire.ts";

export const ADMINS_API = "/api/admins";
/** The admins API's answer to any of its steps (invite, revoke an invite, remove an admin). */
type AdminsAnswer = WireAnswer<{ email?: string; mailed?: boolean; link?: string | null; self?: boolean }>;

/** One POST to the admins API at a time, with its answer handed to `onAnswer` once. */
export function useAdminsAction(onAnswer: (answer: AdminsAnswer) => void) {
  const fetcher = useFetcher<AdminsAnswer>();
  const asked = useRef(false);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (busy || !fetcher.data || !asked.current) return;
    asked.current = false;
    onAnswer(fetcher.data);
  }, [busy, fetcher.data, onAnswer]);
  return {
    busy,
    fetcher,
    submit(fields: Record<string, string>) {
      if (busy) return;
      asked.current = true;
      void fetcher.submit(fields, { method: "post", action: ADMINS_API, defaultShouldRevalidate: false });
    },
  };
}
