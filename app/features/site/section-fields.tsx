import { createContext, useContext, useId, type TextareaHTMLAttributes } from "react";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { FieldFrame, fieldDescribedBy, inputStyles, TextField } from "#app/components/ui/text-field.tsx";
import type { FieldErrors } from "#app/components/ui/use-field-errors.ts";

/** The errors of the section whose form a field is in: its SectionForm's useFieldErrors. */
export const SectionErrors = createContext<FieldErrors<string> | null>(null);

/** A field's error from its section's last save, and the handlers that clear it as the field is edited. */
export function useSectionField(name: string) {
  const errors = useContext(SectionErrors);
  if (!errors) throw new Error(`The field ${name} is drawn outside a SectionForm.`);
  return {
    error: errors.errorOf(name),
    onInput: errors.onInput,
  };
}

type FieldProps = { name: string; label: string; defaultValue: string; hint?: string; maxLength: number };

export function Field({
  name,
  label,
  defaultValue,
  hint,
  maxLength,
  type = "text",
  autoComplete,
}: FieldProps & { type?: string; autoComplete?: string }) {
  const { error, onInput } = useSectionField(name);
  return (
    <TextField
      name={name}
      label={label}
      hint={hint}
      defaultValue={defaultValue}
      maxLength={maxLength}
      type={type}
      autoComplete={autoComplete ?? "off"}
      error={error}
      onInput={onInput}
    />
  );
}

export function AreaField({
  name,
  label,
  defaultValue,
  hint,
  maxLength,
  rows = 4,
  ...rest
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { error, onInput } = useSectionField(name);
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, hint, error)}
        onInput={onInput}
        className={`${inputStyles} leading-relaxed`}
        {...rest}
      />
    </FieldFrame>
  );
}

/** A select whose error comes from the section's answer, cleared as the choice changes. */
export function SectionSelect({
  name,
  label,
  defaultValue,
  options,
}: {
  name: string;
  label: string;
  defaultValue: string;
  options: { value: string; label: string }[];
}) {
  const { error, onInput } = useSectionField(name);
  return (
    <SelectField name={name} label={label} defaultValue={defaultValue} error={error} onInput={onInput}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
