import { useEffect, useId, useRef } from "react";
import { useRevalidator } from "react-router";
import { FORM_STARTED_FIELD, HONEYPOT_FIELD, TOKEN_OLD_AT_MS, TOKEN_REFRESH_AFTER_MS } from "#app/lib/http/form-guard.ts";

const SENT_KEY = "formTokensSent";
const SENT_KEPT = 20;

/** The tokens this browser has sent, newest last (storage may be refused: then none). */
function sentTokens(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SENT_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

function rememberSent(token: string) {
  try {
    localStorage.setItem(SENT_KEY, JSON.stringify([...sentTokens().filter((item) => item !== token), token].slice(-SENT_KEPT)));
  } catch {
    // Private browsing without storage: the server still tells a repeat from a second use.
  }
}

/**
 * Whether a page's token should be replaced before its form is used: the page
 * has been open a long while, the token is old by the server's clock (a page
 * shown again from the browser's cache), or this browser has sent it already.
 */
function isStale(token: string, seenAt: number, now = Date.now()): boolean {
  const issuedAt = Number(token.split(".")[0]);
  if (!Number.isFinite(issuedAt) || now - issuedAt > TOKEN_OLD_AT_MS) return true;
  return now - seenAt > TOKEN_REFRESH_AFTER_MS || sentTokens().includes(token);
}

/**
 * A form's token is taken by the first submission that carries it (issue #30).
 * After an accepted post the page's loaders run again and bring a new one; a
 * page kept open for hours, or shown again from the browser's cache after a
 * post, asks for one as soon as its form is touched, so a fan's next message
 * is never taken for a script's.
 */
function useFreshToken(field: React.RefObject<HTMLInputElement | null>, token: string) {
  const revalidator = useRevalidator();
  const asked = useRef<string | null>(null);
  const { revalidate } = revalidator;
  useEffect(() => {
    const form = field.current?.form;
    if (!form) return;
    const seenAt = Date.now();
    const onFocus = () => {
      if (asked.current === token || !isStale(token, seenAt)) return;
      asked.current = token;
      void revalidate();
    };
    const onSubmit = () => rememberSent(token);
    form.addEventListener("focusin", onFocus);
    form.addEventListener("submit", onSubmit);
    return () => {
      form.removeEventListener("focusin", onFocus);
      form.removeEventListener("submit", onSubmit);
    };
  }, [field, token, revalidate]);
}

/** The hidden fields of every public form: the honeypot and the signed start time (see #app/lib/http/form-guard.server.ts). */
export function FormGuardFields({ formStarted }: { formStarted: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useFreshToken(field, formStarted);
  return (
    <>
      {/* Off screen rather than display:none (bots skip those), and out of reach of keyboards and screen readers. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={id}>Leave this field empty</label>
        <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input ref={field} type="hidden" name={FORM_STARTED_FIELD} value={formStarted} />
    </>
  );
}
