import { Button } from "#app/components/ui/button.tsx";
import type { Song } from "#app/domain/song.ts";
import { EDIT_TEXT } from "./ui-text.ts";

/** What stops the save, beyond a field: the song moved on elsewhere, or is gone. */
export type Blocker = { kind: "conflict"; message: string; current: Song } | { kind: "deleted"; message: string };

/** Says what stopped the save; after a conflict, offers the other version or saving over it. */
export function BlockerNotice({
  blocker,
  onShowLatest,
  onSaveAnyway,
}: {
  blocker: Blocker;
  onShowLatest: (current: Song) => void;
  onSaveAnyway: (current: Song) => void;
}) {
  return (
    <div
      role="alert"
      className={`space-y-3 rounded-2xl border p-4 text-sm ${
        blocker.kind === "conflict"
          ? "border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50"
          : "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/60 dark:text-red-50"
      }`}
    >
      <p className="font-medium">{blocker.message}</p>
      {blocker.kind === "conflict" ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => onShowLatest(blocker.current)}>
            {EDIT_TEXT.showLatest}
          </Button>
          <Button variant="primary" onClick={() => onSaveAnyway(blocker.current)}>
            {EDIT_TEXT.saveAnyway}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
