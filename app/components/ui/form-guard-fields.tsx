import { useId } from "react";
import { FORM_STARTED_FIELD, HONEYPOT_FIELD } from "#app/lib/http/form-guard.ts";

/** The hidden fields of every public form: the honeypot and the signed start time (see #app/lib/http/form-guard.server.ts). */
export function FormGuardFields({ formStarted }: { formStarted: string }) {
  const id = useId();
  return (
    <>
      {/* Off screen rather than display:none (bots skip those), and out of reach of keyboards and screen readers. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={id}>Leave this field empty</label>
        <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name={FORM_STARTED_FIELD} value={formStarted} />
    </>
  );
}
