import { describe, expect, it } from "vitest";
import type { Song } from "#app/domain/song.ts";
import { watchPlayMilestones, type PlayMilestone } from "./play-milestones.ts";
import { initialPlayerState, type PlayerState } from "./player-store.ts";

/** The store's face the watcher reads, moved by hand as a playing element would move it. */
function player() {
  let state: PlayerState = initialPlayerState;
  let time = 0;
  let clock = 0;
  const listeners = new Set<() => void>();
  const timeListeners = new Set<() => void>();
  const heard: [string, PlayMilestone][] = [];
  const song = (id: string) => ({ id }) as Song;
  const queue = [song("a"), song("b")];
  const store = {
    getState: () => state,
    getTime: () => time,
    subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    subscribeTime: (listener: () => void) => (timeListeners.add(listener), () => timeListeners.delete(listener)),
  };
  const stop = watchPlayMilestones(
    store,
    (id, milestone) => heard.push([id, milestone]),
    () => clock,
  );
  const set = (change: Partial<PlayerState>) => {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  };
  return {
    heard,
    stop,
    play: (index: number, duration = 200) => set({ queue, index, playing: true, duration }),
    pause: () => set({ playing: false }),
    resume: () => set({ playing: true }),
    /** Plays on for `seconds`, the position and the clock moving together, a look every `every` seconds. */
    listen(seconds: number, every = 0.25) {
      for (let passed = 0; passed < seconds - 1e-9; passed += every) {
        time += every;
        clock += every * 1000;
        for (const listener of timeListeners) listener();
      }
    },
    seek(to: number) {
      time = to;
      for (const listener of timeListeners) listener();
    },
    restart: () => (time = 0),
    /** Time passes with no look at the position (a hidden tab's timers). */
    wait: (seconds: number) => (clock += seconds * 1000),
  };
}

describe("play milestones", () => {
  it("counts a start, 30 seconds heard and the end, once each", () => {
    const fan = player();
    fan.play(0, 40);
    fan.listen(29);
    expect(fan.heard).toEqual([["a", "start"]]);
    fan.listen(1.5);
    fan.pause();
    fan.resume();
    fan.listen(10);
    expect(fan.heard).toEqual([
      ["a", "start"],
      ["a", "30s"],
      ["a", "end"],
    ]);
  });

  it("does not take a seek for listening, nor a resume for a new play", () => {
    const fan = player();
    fan.play(0, 200);
    fan.listen(5);
    fan.seek(100);
    fan.listen(10);
    fan.pause();
    fan.resume();
    expect(fan.heard).toEqual([["a", "start"]]);
    fan.listen(16);
    expect(fan.heard).toEqual([
      ["a", "start"],
      ["a", "30s"],
    ]);
  });

  it("counts a hidden tab's rare looks as listening, and an end reached between two looks", () => {
    const fan = player();
    fan.play(0, 60);
    fan.listen(50, 25);
    expect(fan.heard).toEqual([
      ["a", "start"],
      ["a", "30s"],
    ]);
    // The next track took over before the watcher looked again at the first's end.
    fan.wait(10);
    fan.play(1, 60);
    expect(fan.heard.slice(2)).toEqual([
      ["a", "end"],
      ["b", "start"],
    ]);
  });

  it("does not take a pause and resume in a track's first second for a new play, but does one back at its start later", () => {
    const fan = player();
    fan.play(0, 200);
    fan.listen(0.5);
    fan.pause();
    fan.resume();
    fan.listen(20);
    expect(fan.heard).toEqual([["a", "start"]]);
    fan.pause();
    fan.seek(0);
    fan.resume();
    expect(fan.heard).toEqual([
      ["a", "start"],
      ["a", "start"],
    ]);
  });

  it("counts the next track's start, and a track played again from its start", () => {
    const fan = player();
    fan.play(0, 10);
    fan.listen(10);
    fan.restart();
    fan.listen(1);
    fan.play(1, 10);
    expect(fan.heard).toEqual([
      ["a", "start"],
      ["a", "end"],
      ["a", "start"],
      ["b", "start"],
    ]);
    fan.stop();
    fan.listen(10);
    expect(fan.heard).toHaveLength(4);
  });
});
