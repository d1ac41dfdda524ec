import { useId, type InputHTMLAttributes } from "react";

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string };

export const inputStyles =
  "block w-full rounded-lg border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:opacity-60 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100";

export function TextField({ label, hint, id, ...input }: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={fieldId} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      <input id={fieldId} aria-describedby={hintId} className={inputStyles} {...input} />
      {hint ? (
        <p id={hintId} className="text-xs text-stone-500 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function FormError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} role="alert" className="min-h-5 text-sm font-medium text-red-700 dark:text-red-400">
      {message ?? ""}
    </p>
  );
}
