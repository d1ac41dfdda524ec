import { useRef, useState } from "react";
import { checkAlt, isAltProblem } from "./alt-rules.ts";

/**
 * A photo's description as its forms hold it (a new photo's and a stored one's):
 * the text, its error, and where the keyboard goes when the description is the
 * problem. The error goes as soon as the text would pass.
 */
export function useAltField(initial: string) {
  const [alt, setAlt] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);

  const showError = (message: string) => {
    setError(message);
    ref.current?.focus();
  };

  return {
    alt,
    /** Starts again from a saved description. */
    reset: setAlt,
    /** Before sending: true when the description will do, else its error is shown and focused. */
    check(): boolean {
      const problem = checkAlt(alt);
      if (problem) showError(problem);
      else setError(null);
      return problem === null;
    },
    /** A refusal from the server: shown at the field when it is about the description (then true). */
    takeRefusal(message: string): boolean {
      if (!isAltProblem(message)) return false;
      showError(message);
      return true;
    },
    /** What AltField takes. */
    field: {
      ref,
      value: alt,
      error,
      onChange(value: string) {
        setAlt(value);
        if (error && !checkAlt(value)) setError(null);
      },
    },
  };
}
