import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { Button, type ButtonSize } from "./button.tsx";

const box = "space-y-3 rounded-xl bg-red-50 p-4 dark:bg-red-950/40";

type Answer =
  /** The removal runs in the browser. */
  | { onConfirm: () => void; form?: never }
  /**
   * The removal is a form post, so it works before the app has started and
   * without JavaScript: `form` wraps the two buttons in the caller's form (with
   * its hidden fields), and "yes" submits it.
   */
  | { form: (buttons: ReactNode) => ReactNode; onConfirm?: never };

type ConfirmRemoveProps = Answer & {
  /** The question's id: it names the dialog. */
  id: string;
  question: string;
  /** The feature's own words for the two answers and for the wait. */
  labels: { yes: string; keep: string; removing: string };
  /** The removal is on its way: "yes" says so and ignores further taps. */
  removing: boolean;
  /** "Yes" ignores taps while anything else is busy too; by default only while removing. */
  disabled?: boolean;
  size: ButtonSize;
  /** The Remove button that opened the question: "keep" gives it the keyboard back. */
  removeButton: RefObject<HTMLElement | null>;
  /** Closes the question. */
  onKeep: () => void;
  className?: string;
};

/**
 * "Remove this? Yes / keep it", in place of the Remove button that asked. It
 * opens on "keep", the answer that loses nothing, so a stray Enter removes
 * nothing.
 */
export function ConfirmRemove({
  id,
  question,
  labels,
  removing,
  disabled = removing,
  size,
  removeButton,
  onKeep,
  className,
  ...answer
}: ConfirmRemoveProps) {
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    keepRef.current?.focus();
  }, []);

  const buttons = (
    <div className="flex flex-wrap gap-2">
      <Button
        type={answer.form ? "submit" : "button"}
        variant="confirmDanger"
        size={size}
        aria-disabled={disabled || undefined}
        onClick={answer.onConfirm}
      >
        {removing ? labels.removing : labels.yes}
      </Button>
      <Button
        ref={keepRef}
        variant="secondary"
        size={size}
        onClick={() => {
          onKeep();
          // After the Remove button is back in the page.
          requestAnimationFrame(() => removeButton.current?.focus());
        }}
      >
        {labels.keep}
      </Button>
    </div>
  );
  return (
    <div role="alertdialog" aria-labelledby={id} className={className ? `${box} ${className}` : box}>
      <p id={id} className="text-sm font-semibold text-red-800 dark:text-red-200">
        {question}
      </p>
      {answer.form ? answer.form(buttons) : buttons}
    </div>
  );
}
