import { useCallback, useRef } from "react";

/**
 * A check run when a field is left waits until a press elsewhere in the form
 * is over. Its message appears under the field and moves everything below it:
 * run at once, it would move the checkbox or button being pressed away from
 * under the pointer between press and release, and the click would be lost.
 * Put `onPointerDown` on the form; wrap blur checks in `afterPress`.
 */
export function useCheckAfterPress() {
  const pressing = useRef(false);
  const onPointerDown = useCallback(() => {
    pressing.current = true;
    window.addEventListener("pointerup", () => void (pressing.current = false), { once: true, capture: true });
  }, []);
  const afterPress = useCallback((check: () => void) => {
    if (!pressing.current) return check();
    // After the release's click has reached its target.
    window.addEventListener("pointerup", () => setTimeout(check, 0), { once: true });
  }, []);
  return { onPointerDown, afterPress };
}
