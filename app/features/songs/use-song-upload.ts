import { useCallback, useEffect, useRef } from "react";
import type { UploadStage } from "./song-upload.ts";
import type { UploadEvent } from "./upload-progress.ts";
import type { UploadKind } from "./upload-rules.ts";

type UploadReport = { onStage: (stage: UploadStage) => void; onProgress: (kind: UploadKind, percent: number) => void };

/**
 * Sends a song's files and details (uploadSong, saveSongEdit) with each stage
 * and percentage told to `dispatch` (upload-progress.ts). A form that goes away
 * cancels its upload under way: the artist closed it, and nothing should go on
 * behind their back (the sending function says truthfully how that ended).
 */
export function useSongUpload(dispatch: (event: UploadEvent) => void) {
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  return useCallback(
    async <T>(send: (signal: AbortSignal, report: UploadReport) => Promise<T>): Promise<T> => {
      const controller = new AbortController();
      running.current = controller;
      try {
        return await send(controller.signal, {
          onStage: (stage) => dispatch({ type: "stage", stage }),
          onProgress: (kind, percent) => dispatch({ type: "progress", kind, percent }),
        });
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [dispatch],
  );
}
