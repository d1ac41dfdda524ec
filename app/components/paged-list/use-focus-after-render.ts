import { useEffect, useState } from "react";

/**
 * Moves the keyboard to the element with the given id once React has drawn it:
 * where it goes when the row it was on disappears, or when a page arrives.
 */
export function useFocusAfterRender(): (elementId: string) => void {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!target) return;
    document.getElementById(target)?.focus();
    setTarget(null);
  }, [target]);
  return setTarget;
}
