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

function keepSent(tokens: string[]) {
  try {
    localStorage.setItem(SENT_KEY, JSON.stringify(tokens.slice(-SENT_KEPT)));
  } catch {
    // Private browsing without storage: the server still tells a repeat from a second use.
  }
}

function rememberSent(token: string) {
  keepSent([...sentTokens().filter((item) => item !== token), token]);
}

function forgetSent(token: string) {
  const sent = sentTokens();
  if (sent.includes(token)) keepSent(sent.filter((item) => item !== token));
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
 *
 * A refused post (a full Filtered list, a rate limit, a bad field) took no
 * token: the server takes one only with what it brought kept. Its token is
 * then not counted as sent, so sending again goes with the page's own token,
 * as old as the page. Asking for a new one there would put a token made a
 * moment ago on the form as the fan presses Send, and the fill-time check
 * would hold them as too fast.
 */
function useFreshToken(field: React.RefObject<HTMLInputElement | null>, token: string, answer: FormGuardAnswer | undefined) {
  const revalidator = useRevalidator();
  const asked = useRef<string | null>(null);
  const lastSent = useRef<string | null>(null);
  const { revalidate } = revalidator;
  useEffect(() => {
    if (!answer || answer.ok || lastSent.current === null) return;
    forgetSent(lastSent.current);
    lastSent.current = null;
  }, [answer]);
  useEffect(() => {
    const form = field.current?.form;
    if (!form) return;
    const seenAt = Date.now();
    const onFocus = () => {
      if (asked.current === token || !isStale(token, seenAt)) return;
      asked.current = token;
      void revalidate();
    };
    const onSubmit = () => {
      rememberSent(token);
      lastSent.current = token;
    };
    form.addEventListener("focusin", onFocus);
    form.addEventListener("submit", onSubmit);
    return () => {
      form.removeEventListener("focusin", onFocus);
      form.removeEventListener("submit", onSubmit);
    };
  }, [field, token, revalidate]);
}

/** A form's latest answer, as far as its token is concerned: a new object for each answer. */
type FormGuardAnswer = { ok: boolean };

/**
 * The hidden fields of every public form: the honeypot and the signed start
 * time (see #app/lib/http/form-guard.server.ts). `answer` is the form's latest
 * answer from the server.
 */
export function FormGuardFields({ formStarted, answer }: { formStarted: string; answer: FormGuardAnswer | undefined }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useFreshToken(field, formStarted, answer);
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
