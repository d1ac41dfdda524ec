import { useId, type TextareaHTMLAttributes } from "react";
import { FieldFrame, fieldDescribedBy, inputStyles } from "./text-field.tsx";

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  hint?: string;
  /** What is wrong with the text; marks it invalid and describes it, as TextField does its input. */
  error?: string | null;
};

/** A labelled text area with its hint and error under it: TextField's twin for text of many lines. */
export function TextAreaField({
  label,
  hint,
  error,
  id,
  "aria-describedby": alsoDescribedBy,
  className = "",
  ...area
}: TextAreaFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error}>
      <textarea
        id={fieldId}
        aria-describedby={fieldDescribedBy(fieldId, hint, error, alsoDescribedBy)}
        aria-invalid={error ? true : undefined}
        className={`${inputStyles} leading-relaxed ${className}`}
        {...area}
      />
    </FieldFrame>
  );
}
