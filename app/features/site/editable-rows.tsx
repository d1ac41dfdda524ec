import { useState } from "react";
import { Button } from "#app/components/ui/button.tsx";

/** A row of a list the artist edits in place (links, quotes), with a key that stays with it as rows move. */
export type Keyed<T> = T & { key: number };

/** A list's rows to edit, reorder, remove and add to; the form posts them in the order shown. */
export function useEditableRows<T extends object>(initial: readonly T[]) {
  const [rows, setRows] = useState<Keyed<T>[]>(() => initial.map((row, key) => ({ ...row, key })));
  const [nextKey, setNextKey] = useState(initial.length);
  return {
    rows,
    add: (row: T) => {
      setRows((current) => [...current, { ...row, key: nextKey }]);
      setNextKey((k) => k + 1);
    },
    change: (changed: Keyed<T>) => setRows((current) => current.map((r) => (r.key === changed.key ? changed : r))),
    move: (from: number, to: number) =>
      setRows((current) => {
        const copy = [...current];
        const [row] = copy.splice(from, 1);
        if (row) copy.splice(to, 0, row);
        return copy;
      }),
    remove: (key: number) => setRows((current) => current.filter((r) => r.key !== key)),
  };
}

/** A row's own buttons: up, down and remove, each naming the row for a screen reader. */
export function RowButtons({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex gap-1.5">
      <Button variant="secondary" size="sm" disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={`Move ${name} up`}>
        ↑
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
        aria-label={`Move ${name} down`}
      >
        ↓
      </Button>
      <Button variant="secondary" size="sm" onClick={onRemove}>
        Remove<span className="sr-only"> {name}</span>
      </Button>
    </div>
  );
}
