import { cpus } from "node:os";

/** One figure of a benchmark: ours beside a reference taken in the same run, and the target it is held to. */
export type Row = { measure: string; ours: string; reference: string; ratio: string; target: string; met: boolean | null };

/** Prints `rows` as a Markdown table under a line naming `command`, the day and the machine. */
export function printTable(command: string, rows: readonly Row[]): void {
  const headers = ["measure", "ours", "reference (same run)", "ratio", "target", "met"];
  const cells = rows.map((row) => [
    row.measure,
    row.ours,
    row.reference,
    row.ratio,
    row.target,
    row.met === null ? "" : row.met ? "met" : "NOT met",
  ]);
  const widths = headers.map((header, i) => Math.max(header.length, ...cells.map((cell) => (cell[i] ?? "").length)));
  const line = (values: string[]) => `| ${values.map((value, i) => value.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(
    `\n${command}, ${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, ${cpus().length} cores (${cpus()[0]?.model ?? "?"})\n`,
  );
  console.log(line(headers));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const cell of cells) console.log(line(cell));
}
