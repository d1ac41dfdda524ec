import { useId, type SelectHTMLAttributes } from "react";
import { FieldFrame, fieldDescribedBy, inputStyles } from "./text-field.tsx";

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
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error}>
      <select
        id={fieldId}
        aria-describedby={fieldDescribedBy(fieldId, hint, error, alsoDescribedBy)}
        aria-invalid={error ? true : undefined}
        className={inputStyles}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
