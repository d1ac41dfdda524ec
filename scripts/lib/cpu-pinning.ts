// Pinning a benchmark's processes to CPUs with `taskset`: the measured process
// on one, the load generators on the others, so neither takes the other's time.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** The CPUs this process may run on (Cpus_allowed_list), in order; null where taskset is missing. */
export function allowedCpus(): string[] | null {
  if (spawnSync("taskset", ["--version"], { stdio: "ignore" }).error) return null;
  const list = /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
  if (!list) return null;
  return list.split(",").flatMap((part) => {
    const [first = 0, last = first] = part.split("-").map(Number);
    return Array.from({ length: last - first + 1 }, (_, i) => String(first + i));
  });
}

/** `command` run on `cpus` (a taskset list: "0", "1-3"), or as it is when null. */
export function onCpus(cpus: string | null | undefined, command: readonly string[]): string[] {
  return cpus ? ["taskset", "-c", cpus, ...command] : [...command];
}
