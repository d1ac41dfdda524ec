import { useId, type InputHTMLAttributes, type ReactNode } from "react";

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  /** What is wrong with the value, in the spec's words; marks the input invalid and describes it. */
  error?: string | null;
};

// A field marked aria-invalid gets a red border and ring, so the bad field is seen as well as read.
export const inputStyles =
  "block w-full rounded-lg border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:opacity-60 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-600/25 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:aria-[invalid=true]:border-red-400 dark:aria-[invalid=true]:focus:ring-red-400/30";

/** An aria-describedby value from the ids that apply, or nothing when none does. */
export const describedBy = (...ids: (string | false | null | undefined)[]): string | undefined =>
  ids.filter((id): id is string => typeof id === "string" && id !== "").join(" ") || undefined;

export function TextField({ label, hint, error, id, "aria-describedby": alsoDescribedBy, ...input }: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error}>
      <input
        id={fieldId}
        aria-describedby={fieldDescribedBy(fieldId, hint, error, alsoDescribedBy)}
        aria-invalid={error ? true : undefined}
        className={inputStyles}
        {...input}
      />
    </FieldFrame>
  );
}

/**
 * What every field has around its control: the label above, the error and
 * the hint under it, with the ids `fieldDescribedBy` gives the control.
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  children,
}: {
  /** The control's id. */
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-stone-500 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The control's aria-describedby inside a FieldFrame: its error while there is one, its hint, and any other. */
export const fieldDescribedBy = (id: string, hint: string | undefined, error: string | null | undefined, also?: string) =>
  describedBy(error && `${id}-error`, hint && `${id}-hint`, also);

/**
 * One field's error, right under it. Nothing at all while there is no error
 * (no reserved gap); an alert role inserted with its text is announced at once.
 */
export function FieldError({ id, message, className = "" }: { id: string; message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={`flex items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-400 ${className}`}>
      {/* Not colour alone: a mark beside the words. */}
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0">
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      <span>{message}</span>
    </p>
  );
}

/** A form-wide error (one no single field owns). Renders nothing when there is none, so it leaves no gap. */
export function FormError({ id, message }: { id: string; message: string | null | undefined }) {
  return <FieldError id={id} message={message} />;
}
