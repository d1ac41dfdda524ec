import { setTimeout as sleep } from "node:timers/promises";

// The loop of a background worker in every process (the mail outbox, media
// jobs): look for work, again at once while there is some, else wait a while
// or until woken; stop after the work in hand.

export type WorkerLoop = {
  /** Look now rather than at the next idle tick (after queueing work). */
  wake(): void;
  /** Finishes the look in hand and stops. */
  stop(): Promise<void>;
};

/**
 * Runs `look` until stopped: it resolves whether it found work, and may ask
 * `stopping()` to leave a batch early. It never throws: a look that fails
 * says so itself and answers false, so the loop waits before the next.
 */
export function startWorkerLoop(look: (stopping: () => boolean) => Promise<boolean>, idleMs: number): WorkerLoop {
  let stopping = false;
  let wakeUp = new AbortController();
  const isStopping = () => stopping;
  const running = (async () => {
    while (!stopping) {
      if ((await look(isStopping)) || stopping) continue;
      await sleep(idleMs, undefined, { signal: wakeUp.signal }).catch(() => undefined);
      wakeUp = new AbortController();
    }
  })();
  return {
    wake: () => wakeUp.abort(),
    async stop() {
      stopping = true;
      wakeUp.abort();
      await running;
    },
  };
}
