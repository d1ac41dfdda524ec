// A server process seen from outside, through Linux's /proc: its memory, its
// CPU time, and how long its main thread (the event loop) waited, runnable, for
// a CPU that something else had. On a shared machine that wait is the noise a
// latency figure has to be read against.
import { readFileSync } from "node:fs";

export type ProcessSample = {
  /** performance.now() when taken. */
  at: number;
  rssBytes: number;
  /** CPU time of all its threads (user + system). */
  cpuMs: number;
  mainRunMs: number;
  mainWaitMs: number;
};

export function sampleProcess(pid: number, at = performance.now()): ProcessSample {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name may hold spaces; the fields after it do not.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime, in clock ticks: USER_HZ is 100 on every Linux build that matters here.
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  const [run = 0, wait = 0] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ").map(Number);
  return { at, rssBytes: memoryOf(pid, "VmRSS"), cpuMs: ticks * 10, mainRunMs: run / 1e6, mainWaitMs: wait / 1e6 };
}

/** VmRSS now, or VmHWM: the most the process has ever had resident. */
export function memoryOf(pid: number, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) * 1024;
}

/** Samples `pid` every `intervalMs` until stop(), which returns every sample (the first taken at once). */
export function watchProcess(pid: number, intervalMs = 100): { stop(): ProcessSample[] } {
  const samples = [sampleProcess(pid)];
  const take = () => {
    try {
      samples.push(sampleProcess(pid));
    } catch {
      // The process is gone; what was sampled stands.
    }
  };
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}
