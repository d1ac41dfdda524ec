import type { UploadStage } from "./song-upload.ts";
import type { UploadKind } from "./upload-rules.ts";

/** Where a song's upload is: its stage (null when none is under way) and each file's percentage. */
export type UploadState = { stage: UploadStage | null; progress: Record<UploadKind, number | null> };
export type UploadEvent =
  | { type: "stage"; stage: UploadStage }
  | { type: "progress"; kind: UploadKind; percent: number }
  /** However it ended; the form is the artist's again. */
  | { type: "upload-ended" };

export const noUpload: UploadState = { stage: null, progress: { audio: null, cover: null } };

export function uploadAfter(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case "stage":
      return { ...state, stage: event.stage };
    case "progress":
      return { ...state, progress: { ...state.progress, [event.kind]: event.percent } };
    case "upload-ended":
      return noUpload;
  }
}
