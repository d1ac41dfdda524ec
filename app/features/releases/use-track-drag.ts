import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";

/**
 * Reordering a list by dragging a row's grip, with a mouse, a pen or a finger
 * (pointer events, the grip taking the pointer so the page does not scroll
 * under a finger). The rows move as the pointer passes their middles; on
 * release, `onDrop` gets the new order if it changed. The keyboard's way is the
 * rows' own Up and Down buttons.
 */
export function useTrackDrag(ids: readonly string[], onDrop: (order: string[]) => void) {
  const [order, setShownOrder] = useState<readonly string[]>(ids);
  // What the pointer's last move made it, read on release (a render may not have come between).
  const latest = useRef<readonly string[]>(ids);
  const setOrder = (next: readonly string[]) => {
    latest.current = next;
    setShownOrder(next);
  };
  const [dragging, setDragging] = useState<string | null>(null);
  const rows = useRef(new Map<string, HTMLElement>());
  const key = ids.join(",");
  // A new order from the server (a save, a move elsewhere) replaces the one shown.
  useEffect(() => {
    const fresh = key ? key.split(",") : [];
    latest.current = fresh;
    setShownOrder(fresh);
  }, [key]);

  const rowRef = (id: string) => (element: HTMLElement | null) => {
    if (element) rows.current.set(id, element);
    else rows.current.delete(id);
  };

  const gripProps = (id: string) => ({
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      if (event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      setDragging(id);
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      if (dragging !== id) return;
      // Its place: after every other row whose middle is above the pointer.
      const current = latest.current;
      const others = current.filter((other) => other !== id);
      const place = others.filter((other) => {
        const box = rows.current.get(other)?.getBoundingClientRect();
        return box !== undefined && box.top + box.height / 2 < event.clientY;
      }).length;
      const next = [...others.slice(0, place), id, ...others.slice(place)];
      if (next.join(",") !== current.join(",")) setOrder(next);
    },
    onPointerUp() {
      if (dragging !== id) return;
      setDragging(null);
      if (latest.current.join(",") !== key) onDrop([...latest.current]);
    },
    onPointerCancel() {
      setDragging(null);
      setOrder(key.split(","));
    },
  });

  return { order, dragging, rowRef, gripProps };
}
