import { FORM_STARTED_FIELD, HONEYPOT_FIELD } from "#app/lib/form-guard.ts";

/** The hidden fields of every public form: the honeypot and the signed start time. */
export function FormGuardFields({ formStarted }: { formStarted: string }) {
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <input type="hidden" name={FORM_STARTED_FIELD} value={formStarted} />
    </>
  );
}
