// An open-model load generator: requests start on a fixed schedule, whether or
// not earlier ones have finished, as independent visitors do. A closed loop
// (send, wait, send) slows down with the server and so hides its stalls.
import http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";

/** One request of the mix: `run` resolves when the answer was right, and rejects saying what was wrong. */
export type Job = { kind: string; run(): Promise<void> };

export type KindStats = { kind: string; sent: number; ok: number; errors: number; latenciesMs: number[] };

export type LoadResult = {
  /** performance.now() of the first scheduled start; the timeline counts from it. */
  origin: number;
  /** From the first scheduled start to the last answer (at least the scheduled window). */
  elapsedMs: number;
  kinds: Map<string, KindStats>;
  /** Distinct error descriptions and how often each happened. */
  errors: Map<string, number>;
  /** How late each request started against its schedule: the generator's own health. */
  lagMs: number[];
  /** Every request: when it started (ms after the first scheduled start), how long it took, and whether it was right. */
  timeline: { at: number; ms: number; kind: string; ok: boolean }[];
  /** The generator's CPU time over the run, in percent of one core. */
  cpuPercent: number;
  eventLoopDelayP99Ms: number;
};

export type LoadOptions = {
  rate: number;
  seconds: number;
  /** The request for arrival `index`; null skips that arrival (a kind the target cannot answer). */
  job: (index: number) => Job | null;
  /** Called about once a second with the arrivals so far and the requests still open. */
  progress?: (sent: number, open: number) => void;
  /**
   * Timers only, never yielding to I/O and coming straight back: starts up to a
   * millisecond or two late, in small bursts, but a core is not kept busy
   * waiting at thousands of arrivals a second (for a generator sharing its CPU).
   */
  timersOnly?: boolean;
};

const MAX_DISTINCT_ERRORS = 50;

export async function runOpenLoad({ rate, seconds, job, progress, timersOnly = false }: LoadOptions): Promise<LoadResult> {
  const kinds = new Map<string, KindStats>();
  const errors = new Map<string, number>();
  const lagMs: number[] = [];
  const timeline: LoadResult["timeline"] = [];
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const inFlight = new Set<Promise<void>>();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpuBefore = process.cpuUsage();
  const start = performance.now() + 20;
  let lastAnswer = start;
  let next = 0;
  let lastProgress = start;

  const statsOf = (kind: string) => {
    let stats = kinds.get(kind);
    if (!stats) kinds.set(kind, (stats = { kind, sent: 0, ok: 0, errors: 0, latenciesMs: [] }));
    return stats;
  };
  const noteError = (description: string) => {
    if (errors.has(description) || errors.size < MAX_DISTINCT_ERRORS) errors.set(description, (errors.get(description) ?? 0) + 1);
    else errors.set("(other errors)", (errors.get("(other errors)") ?? 0) + 1);
  };

  function dispatch(index: number, scheduledAt: number) {
    const request = job(index);
    if (!request) return;
    const stats = statsOf(request.kind);
    stats.sent++;
    const startedAt = performance.now();
    lagMs.push(startedAt - scheduledAt);
    const done = request.run().then(
      () => {
        const now = performance.now();
        stats.ok++;
        stats.latenciesMs.push(now - startedAt);
        timeline.push({ at: startedAt - start, ms: now - startedAt, kind: request.kind, ok: true });
        lastAnswer = Math.max(lastAnswer, now);
      },
      (error: unknown) => {
        const now = performance.now();
        lastAnswer = Math.max(lastAnswer, now);
        timeline.push({ at: startedAt - start, ms: now - startedAt, kind: request.kind, ok: false });
        stats.errors++;
        noteError(`${request.kind}: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  }

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Everything due by now goes out, so a late tick catches up rather than shifting the schedule.
      while (next < total && start + next * intervalMs <= now) {
        dispatch(next, start + next * intervalMs);
        next++;
      }
      if (progress && now - lastProgress >= 1000) {
        lastProgress = now;
        progress(next, inFlight.size);
      }
      if (next >= total) return resolve();
      const wait = start + next * intervalMs - performance.now();
      // Timers fire a millisecond or so late; under 1.5 ms, yielding to I/O and coming straight back is closer.
      if (wait < 1.5 && !timersOnly) setImmediate(tick);
      else setTimeout(tick, Math.max(0, wait - 1));
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);

  const cpu = process.cpuUsage(cpuBefore);
  loopDelay.disable();
  const elapsedMs = Math.max(seconds * 1000, lastAnswer - start);
  return {
    origin: start,
    elapsedMs,
    kinds,
    errors,
    lagMs,
    timeline,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100,
    eventLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
  };
}

export type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

export type SendOptions = {
  agent: http.Agent;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
};

/**
 * One HTTP exchange on a keep-alive agent. Rejects on a connection error, on
 * no complete answer within `timeoutMs`, and on a body shorter (or longer)
 * than its Content-Length.
 */
export function send(url: URL, { agent, method = "GET", headers = {}, body, timeoutMs }: SendOptions): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(body);
    const request = http.request(url, {
      agent,
      method,
      headers: payload ? { ...headers, "content-length": String(payload.length) } : headers,
    });
    let timedOut: Error | undefined;
    const timer = setTimeout(() => request.destroy((timedOut = new Error(`no complete answer within ${timeoutMs / 1000} s`))), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    // A reset on a reused keep-alive connection is the server closing it as idle while the request was on its way.
    const connection = () => (request.reusedSocket ? "reused keep-alive connection" : "new connection");
    const failed = (what: string) => (error: NodeJS.ErrnoException) =>
      fail(error === timedOut ? error : new Error(`${what} ${error.code ?? error.message} (${connection()})`));
    request.on("error", failed("connection error"));
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let complete = false;
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", failed("connection error mid-body"));
      response.on("end", () => {
        complete = true;
        clearTimeout(timer);
        const received = Buffer.concat(chunks);
        const declared = response.headers["content-length"];
        if (declared !== undefined && Number(declared) !== received.length) {
          return reject(new Error(`body of ${received.length} bytes, Content-Length ${declared}`));
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: received });
      });
      response.on("close", () => {
        if (!complete) fail(new Error("connection closed mid-body"));
      });
    });
    request.end(payload);
  });
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export type Summary = { count: number; p50: number; p99: number; max: number };

export function summarise(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
}
