/** A press photo chosen but not uploaded yet; the id keeps its form while others come and go. */
export type DraftFile = { id: string; file: File };

let draftCounter = 0;

/**
 * The drafts after the artist chose `files`: in the order chosen, and no more
 * than there is room for (the rest are left out, as the gallery is full).
 */
export function addDrafts(current: DraftFile[], files: File[], room: number): DraftFile[] {
  return [...current, ...files.slice(0, Math.max(0, room)).map((file) => ({ id: `d${++draftCounter}`, file }))];
}

export function withoutDraft(current: DraftFile[], id: string): DraftFile[] {
  return current.filter((draft) => draft.id !== id);
}
