import type { PlayerStore } from "./player-store.ts";

export type PlayMilestone = "start" | "30s" | "end";

/** Seconds a track must be heard (not skipped over) before it counts as played past 30 s. */
const HEARD_S = 30;
/** A step of the position this much beyond the time that passed is a seek, not listening. */
const SEEK_SLACK_S = 1;
/** This close to its end, a track heard up to there has been played to the end. */
const END_S = 1;

/**
 * Tells `onMilestone` when a track starts (another track, or this one again
 * from its start; not each resume), once it has been heard for 30 seconds
 * (seeking does not count as hearing), and when it is heard to its end. What
 * counts a play is the listening, wherever the fan started it: a page's button,
 * the bar, a media key, a tap before the app was there.
 */
export function watchPlayMilestones(
  store: Pick<PlayerStore, "subscribe" | "subscribeTime" | "getState" | "getTime">,
  onMilestone: (songId: string, milestone: PlayMilestone) => void,
  now: () => number = () => performance.now(),
): () => void {
  let run: { songId: string; heard: number; passed30: boolean; ended: boolean; duration: number; furthest: number } | null = null;
  let wasPlaying = false;
  let lastTime = 0;
  /** When the position was last seen, by the clock: a hidden tab's timers run seldom, and a long step then is still listening. */
  let lastSeen = now();

  const begin = (songId: string) => {
    // The track before, heard up to its end between two rare looks (a hidden tab), was played to its end.
    if (run && !run.ended && wasPlaying && run.duration > 0) {
      const reached = lastTime + (now() - lastSeen) / 1000;
      if (reached >= run.duration - END_S) onMilestone(run.songId, "end");
    }
    run = { songId, heard: 0, passed30: false, ended: false, duration: 0, furthest: store.getTime() };
    lastTime = store.getTime();
    lastSeen = now();
    onMilestone(songId, "start");
  };

  const onState = () => {
    const { playing, queue, index } = store.getState();
    const song = queue[index];
    if (playing && song) {
      const time = store.getTime();
      // Started again from its start once it had gone further: a new play. A pause in its first second and a resume is not.
      const again = time < 1 && (run?.ended || (!wasPlaying && (run?.furthest ?? 0) >= 1));
      if (!run || run.songId !== song.id || again) begin(song.id);
    }
    wasPlaying = playing;
  };

  const onTime = () => {
    const { playing, duration } = store.getState();
    const time = store.getTime();
    const step = time - lastTime;
    const seen = now();
    const passed = (seen - lastSeen) / 1000;
    lastTime = time;
    lastSeen = seen;
    if (!run || !playing) return;
    if (duration > 0) run.duration = duration;
    run.furthest = Math.max(run.furthest, time);
    // A track played again from its start by Loop, without a pause: a new play.
    if (run.ended && time < 1) return begin(run.songId);
    if (step <= 0 || step > passed + SEEK_SLACK_S) return;
    run.heard += step;
    if (!run.passed30 && run.heard >= HEARD_S) {
      run.passed30 = true;
      onMilestone(run.songId, "30s");
    }
    if (!run.ended && duration > 0 && time >= duration - END_S) {
      run.ended = true;
      onMilestone(run.songId, "end");
    }
  };

  const stopState = store.subscribe(onState);
  const stopTime = store.subscribeTime(onTime);
  return () => {
    stopState();
    stopTime();
  };
}
