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

/** How long a send waits for a fresh token at most before it goes with the one it has (and is held for the artist). */
const FRESH_TOKEN_WAIT_MS = 10_000;

/**
 * A form's token is taken by the first submission that carries it (issue #30).
 * After an accepted post the page's loaders run again and bring a new one; a
 * page kept open for hours, or shown again from the browser's cache after a
 * post, asks for one as soon as its form is touched, so a fan's next message
 * is never taken for a script's. A send made before that new token has come
 * (a quick paste and tap, a slow phone) is kept and goes as soon as it has:
 * with it, or, should it not come, with the old one (held for the artist,
 * still kept).
 */
function useFreshToken(field: React.RefObject<HTMLInputElement | null>, token: string) {
  const revalidator = useRevalidator();
  const asked = useRef<string | null>(null);
  /** A send kept until a fresh token comes: the button that sent it, if any. */
  const waiting = useRef<{ submitter: HTMLElement | null; timer: ReturnType<typeof setTimeout> } | null>(null);
  /** Set while a kept send is let through, so it is not kept again. */
  const letThrough = useRef(false);
  const { revalidate, state: looking } = revalidator;
  const lookingNow = useRef(looking);
  lookingNow.current = looking;

  /** Sends the kept send, through this hook's own submit listener (which then remembers its token). */
  const release = useRef((form: HTMLFormElement) => {
    const kept = waiting.current;
    if (!kept) return;
    waiting.current = null;
    clearTimeout(kept.timer);
    letThrough.current = true;
    // Its submit event comes within this call; should the browser refuse it (a field it finds invalid), the next send is checked again.
    form.requestSubmit(kept.submitter && form.contains(kept.submitter) ? kept.submitter : undefined);
    letThrough.current = false;
  });

  // The kept send goes once the token is new, or once asking for one is over without one; after
  // this render's listeners are in place (hence the timeout).
  useEffect(() => {
    const form = field.current?.form;
    if (!waiting.current || !form) return;
    if (asked.current === token && looking !== "idle") return;
    const timer = setTimeout(() => release.current(form), 0);
    return () => clearTimeout(timer);
  }, [field, token, looking]);

  useEffect(() => {
    const form = field.current?.form;
    if (!form) return;
    const seenAt = Date.now();
    const askForFresh = () => {
      if (asked.current === token || !isStale(token, seenAt)) return false;
      asked.current = token;
      void revalidate();
      return true;
    };
    const onFocus = () => void askForFresh();
    const onSubmit = (event: SubmitEvent) => {
      if (letThrough.current) letThrough.current = false;
      else if (waiting.current || askForFresh() || (asked.current === token && lookingNow.current !== "idle")) {
        // Before the page's own handler: the send is kept, not sent with a token already used.
        event.preventDefault();
        event.stopImmediatePropagation();
        waiting.current ??= { submitter: event.submitter, timer: setTimeout(() => release.current(form), FRESH_TOKEN_WAIT_MS) };
        return;
      }
      rememberSent(token);
    };
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
