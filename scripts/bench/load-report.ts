// What `npm run bench:load` reports: per kind of request, the rate answered,
// latencies and errors, next to nginx on the same schedule; the server's
// memory and CPU (and its wait for a CPU: the machine's noise); the
// generator's own lag; and the worst seconds of the run.
import { cpus } from "node:os";
import { summarise, type LoadResult, type Summary } from "./load-generator.ts";
import { KINDS, MIX, shareOf, type Kind } from "./load-mix.ts";
import type { ProcessSample } from "./process-watch.ts";

/** Below this share of the target rate answered, the run fails. */
export const MIN_RATE_SHARE = 0.9;

export type KindReport = Summary & { kind: string; sent: number; errors: number; targetPerSecond: number; perSecond: number };

/** One second of the run (by time of answer), with what the server's process did in it. */
export type Second = {
  second: number;
  answered: number;
  errors: number;
  maxMs: number;
  serverCpuMs: number;
  mainRunMs: number;
  mainWaitMs: number;
  rssBytes: number;
};

export type LoadReport = {
  date: string;
  node: string;
  cores: number;
  seconds: number;
  rate: number;
  mix: typeof MIX;
  kinds: KindReport[];
  total: KindReport;
  errors: number;
  errorSamples: Record<string, number>;
  contacts: { answered: number; stored: number; missing: number; duplicates: number };
  rss: { baseline: number; p50: number; peak: number };
  /** Percent of one core over the run: the whole server process, its main thread, and its main thread's wait for a CPU. */
  serverCpu: { percent: number; mainThreadPercent: number; mainThreadWaitPercent: number };
  generator: { lagP50Ms: number; lagP99Ms: number; lagMaxMs: number; cpuPercent: number; eventLoopDelayP99Ms: number };
  reference: { kinds: KindReport[]; total: KindReport; errors: number; errorSamples: Record<string, number>; lagP99Ms: number } | null;
  worstSeconds: Second[];
  pass: boolean;
};

function kindReports(result: LoadResult, rate: number, share: (kind: Kind) => number): { kinds: KindReport[]; total: KindReport } {
  const seconds = result.elapsedMs / 1000;
  const kinds: KindReport[] = [];
  for (const kind of KINDS) {
    const stats = result.kinds.get(kind);
    if (!stats) continue;
    kinds.push({
      kind,
      sent: stats.sent,
      errors: stats.errors,
      targetPerSecond: rate * share(kind),
      perSecond: stats.ok / seconds,
      ...summarise(stats.latenciesMs),
    });
  }
  const all = [...result.kinds.values()];
  const total: KindReport = {
    kind: "total",
    sent: all.reduce((sum, s) => sum + s.sent, 0),
    errors: all.reduce((sum, s) => sum + s.errors, 0),
    targetPerSecond: kinds.reduce((sum, k) => sum + k.targetPerSecond, 0),
    perSecond: all.reduce((sum, s) => sum + s.ok, 0) / seconds,
    ...summarise(all.flatMap((s) => s.latenciesMs)),
  };
  return { kinds, total };
}

/** The run second by second: answers and their worst latency, and the server's CPU and memory in that second. */
export function secondBySecond(result: LoadResult, samples: ProcessSample[]): Second[] {
  const seconds = new Map<number, Second>();
  const secondOf = (at: number) => {
    const second = Math.max(0, Math.floor((at - result.origin) / 1000));
    let entry = seconds.get(second);
    if (!entry)
      seconds.set(second, (entry = { second, answered: 0, errors: 0, maxMs: 0, serverCpuMs: 0, mainRunMs: 0, mainWaitMs: 0, rssBytes: 0 }));
    return entry;
  };
  for (const request of result.timeline) {
    const entry = secondOf(result.origin + request.at + request.ms);
    entry.answered++;
    if (!request.ok) entry.errors++;
    entry.maxMs = Math.max(entry.maxMs, request.ms);
  }
  for (let i = 1; i < samples.length; i++) {
    const [before, after] = [samples[i - 1], samples[i]];
    if (!before || !after) continue;
    const entry = secondOf(after.at);
    entry.serverCpuMs += after.cpuMs - before.cpuMs;
    entry.mainRunMs += after.mainRunMs - before.mainRunMs;
    entry.mainWaitMs += after.mainWaitMs - before.mainWaitMs;
    entry.rssBytes = Math.max(entry.rssBytes, after.rssBytes);
  }
  return [...seconds.values()].sort((a, b) => a.second - b.second);
}

export function buildReport(input: {
  seconds: number;
  rate: number;
  ours: LoadResult;
  reference: LoadResult | null;
  samples: ProcessSample[];
  peakRss: number;
  contacts: LoadReport["contacts"];
}): LoadReport {
  const { ours, reference, samples, rate } = input;
  const { kinds, total } = kindReports(ours, rate, shareOf);
  const lag = summarise(ours.lagMs);
  const first = samples[0];
  const last = samples.at(-1);
  const percentOfRun = (pick: (sample: ProcessSample) => number) =>
    first && last ? ((pick(last) - pick(first)) / ours.elapsedMs) * 100 : Number.NaN;
  const referenceKinds = reference ? kindReports(reference, rate, (kind) => (kind === "contact post" ? 0 : shareOf(kind))) : null;
  return {
    date: new Date().toISOString(),
    node: process.versions.node,
    cores: cpus().length,
    seconds: input.seconds,
    rate,
    mix: MIX,
    kinds,
    total,
    errors: total.errors,
    errorSamples: Object.fromEntries(ours.errors),
    contacts: input.contacts,
    rss: { baseline: first?.rssBytes ?? Number.NaN, p50: summarise(samples.map((s) => s.rssBytes)).p50, peak: input.peakRss },
    serverCpu: {
      percent: percentOfRun((s) => s.cpuMs),
      mainThreadPercent: percentOfRun((s) => s.mainRunMs),
      mainThreadWaitPercent: percentOfRun((s) => s.mainWaitMs),
    },
    generator: {
      lagP50Ms: lag.p50,
      lagP99Ms: lag.p99,
      lagMaxMs: lag.max,
      cpuPercent: ours.cpuPercent,
      eventLoopDelayP99Ms: ours.eventLoopDelayP99Ms,
    },
    reference:
      reference && referenceKinds
        ? {
            ...referenceKinds,
            errors: referenceKinds.total.errors,
            errorSamples: Object.fromEntries(reference.errors),
            lagP99Ms: summarise(reference.lagMs).p99,
          }
        : null,
    worstSeconds: [...secondBySecond(ours, samples)].sort((a, b) => b.maxMs - a.maxMs).slice(0, 3),
    pass: total.errors === 0 && total.perSecond >= MIN_RATE_SHARE * rate,
  };
}

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "–";
const ms = (n: number) => `${fmt(n, n < 10 ? 2 : 1)} ms`;
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MB`;
const percent = (share: number) => `${fmt(share * 100)}%`;

export function printReport(report: LoadReport): void {
  const headers = ["kind", "sent", "answered/s (target)", "p50", "p99", "max", "errors", "nginx p50", "nginx p99", "p99 ÷ nginx"];
  const cells = [...report.kinds, report.total].map((row) => {
    const reference = report.reference && [...report.reference.kinds, report.reference.total].find((r) => r.kind === row.kind);
    return [
      row.kind,
      fmt(row.sent),
      `${fmt(row.perSecond, 1)} (${fmt(row.targetPerSecond)})`,
      ms(row.p50),
      ms(row.p99),
      ms(row.max),
      fmt(row.errors),
      reference ? ms(reference.p50) : "",
      reference ? ms(reference.p99) : "",
      reference ? `${fmt(row.p99 / reference.p99, 1)}×` : "",
    ];
  });
  const widths = headers.map((header, i) => Math.max(header.length, ...cells.map((cell) => (cell[i] ?? "").length)));
  const line = (values: string[]) => `| ${values.map((value, i) => value.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const { mix } = report;
  console.log(
    `\nnpm run bench:load, ${report.date.slice(0, 10)}, Node ${report.node}, ${report.cores} cores: ${fmt(report.seconds)} s at ${fmt(report.rate)} req/s ` +
      `(open model), ${percent(mix.cachedPage)} cached pages, ${percent(mix.freshPage)} fresh pages, ${percent(mix.audio)} 64 KB audio ranges, ${percent(mix.contact)} contact posts\n`,
  );
  console.log(line(headers));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const cell of cells) console.log(line(cell));

  const { contacts, rss, serverCpu: cpu, generator: g } = report;
  console.log(
    `\nContact posts answered 200: ${fmt(contacts.answered)}; in the database: ${fmt(contacts.stored)}; answered but missing: ${fmt(contacts.missing)}; duplicated: ${fmt(contacts.duplicates)}`,
  );
  console.log(`Server RSS: ${mb(rss.baseline)} before, median ${mb(rss.p50)} under load, peak ${mb(rss.peak)}`);
  console.log(
    `Server CPU: ${fmt(cpu.percent)}% of a core (main thread ${fmt(cpu.mainThreadPercent)}%, its other threads: GC, file reads, compression ${fmt(cpu.percent - cpu.mainThreadPercent)}%); ` +
      `the main thread waited for a CPU ${fmt(cpu.mainThreadWaitPercent, 1)}% of the run`,
  );
  console.log(
    `Generator: start lag p50 ${ms(g.lagP50Ms)}, p99 ${ms(g.lagP99Ms)}, max ${ms(g.lagMaxMs)}; ${fmt(g.cpuPercent)}% of a core; event-loop delay p99 ${ms(g.eventLoopDelayP99Ms)}` +
      (report.reference ? ` (against nginx: lag p99 ${ms(report.reference.lagP99Ms)})` : ""),
  );
  console.log(
    `Worst seconds: ${report.worstSeconds
      .map(
        (s) =>
          `${s.second} s (slowest ${ms(s.maxMs)}; server main thread ran ${fmt(s.mainRunMs)} ms, waited for a CPU ${fmt(s.mainWaitMs)} ms)`,
      )
      .join("; ")}`,
  );
  for (const [description, count] of Object.entries(report.errorSamples)) console.log(`  ERROR ×${count}: ${description}`);
  for (const [description, count] of Object.entries(report.reference?.errorSamples ?? {}))
    console.log(`  nginx ERROR ×${count}: ${description}`);
  if (cpu.mainThreadWaitPercent > 10) {
    console.log(
      `  The server's main thread waited for a CPU ${fmt(cpu.mainThreadWaitPercent)}% of the run, taken by other processes, the generator or its own other threads: ` +
        "on a busy machine, latencies (and timeouts) say more about the machine than about the site.",
    );
  }
  const rateMet = report.total.perSecond >= MIN_RATE_SHARE * report.rate;
  console.log(
    `\nZero errors: ${report.errors === 0 ? "yes" : `NO (${fmt(report.errors)})`}; answered ≥ ${fmt(MIN_RATE_SHARE * 100)}% of ${fmt(report.rate)} req/s: ${rateMet ? "yes" : "NO"} (${fmt(report.total.perSecond, 1)})`,
  );
}
