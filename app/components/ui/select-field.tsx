import { useId, type SelectHTMLAttributes } from "react";
import { describedBy, FieldError, inputStyles } from "./text-field.tsx";

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  hint?: string;
  /** What is wrong with the choice; marks the select invalid and describes it, as TextField does its input. */
  error?: string | null;
};

/** A labelled select with its hint and error under it: TextField's twin, its options as children. */
export function SelectField({ label, hint, error, id, "aria-describedby": alsoDescribedBy, children, ...select }: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = `${fieldId}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={fieldId} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      <select
        id={fieldId}
        aria-describedby={describedBy(error && errorId, hintId, alsoDescribedBy)}
        aria-invalid={error ? true : undefined}
        className={inputStyles}
        {...select}
      >
        {children}
      </select>
      <FieldError id={errorId} message={error} />
      {hint ? (
        <p id={hintId} className="text-xs text-stone-500 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
