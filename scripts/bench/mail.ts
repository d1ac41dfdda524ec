// Mail benchmark: a mailing to N subscribers sent through the site's own path
// (the Mail area's sendMailing, the outbox, nodemailer) to an SMTP sink on
// loopback, beside nodemailer alone sending the same number of mails to the
// same sink (the reference: what the outbox's bookkeeping costs). Each run is
// its own process, so its peak memory is its own: the peak must not grow with
// the list.
//
//   npm run bench:mail [-- --sizes 1000,10000]
//
// Runs on the embedded SQLite in a temporary DATA_DIR, removed at the end.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { saveDraft, sendMailing } from "#app/features/mailings/mailings.server.ts";
import { mailingDraftSchema } from "#app/features/mailings/schema.ts";
import { loadEnv } from "#app/lib/platform/env.server.ts";
import { outboxProgress } from "#app/lib/mail/outbox.server.ts";
import { createServices } from "#app/services.server.ts";

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000" },
    child: { type: "string" },
    mode: { type: "string" },
    port: { type: "string" },
  },
});

const HEAP_MB = 256;

/** The highest resident set size seen while `work` runs, sampled every 50 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

/** One run, in this process: the outbox path or nodemailer alone, to the sink on `port`. Prints JSON. */
async function child(size: number, mode: "outbox" | "nodemailer", port: number) {
  if (mode === "nodemailer") {
    const transport = nodemailer.createTransport({ pool: true, maxConnections: 1, host: "127.0.0.1", port, secure: false });
    const started = performance.now();
    const { peak } = await peakRss(async () => {
      for (let i = 0; i < size; i++) {
        await transport.sendMail({
          from: "news@bench.example",
          to: `fan${i}@fans.example`,
          subject: "Paper Boats is out",
          text: "It is out.",
        });
      }
    });
    transport.close();
    console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, peak }));
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-mail-"));
  try {
    const env = loadEnv({
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: "Juniper Vale <news@bench.example>",
      MAIL_PER_SECOND: "1000",
    });
    const services = await createServices(env, { sendMail: true });
    for (let i = 0; i < size; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, size - i) }, (_, j) => ({
        id: randomUUID(),
        email: `fan${i + j}@fans.example`,
        timestamp: Date.now(),
        subscribed: 1,
        source: "website",
      }));
      await services.db.insertInto("subscribers").values(rows).execute();
    }
    const draft = mailingDraftSchema.parse({ subject: "Paper Boats is out", body: "**It is out.** Listen on the site." });
    const saved = await saveDraft(services.db, undefined, draft, "bench");
    if (!saved.ok) throw new Error(saved.error);
    const started = performance.now();
    const { peak } = await peakRss(async () => {
      const sent = await sendMailing(services, saved.id, "bench");
      if (!sent.ok) throw new Error(sent.error);
      const row = await services.db.selectFrom("mailings").select("contentId").where("id", "=", saved.id).executeTakeFirstOrThrow();
      while ((await outboxProgress(services.db, row.contentId ?? "")).left > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    });
    const seconds = (performance.now() - started) / 1000;
    await services.close();
    console.log(JSON.stringify({ seconds, peak }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A sink that takes every mail and counts it, keeping nothing. */
async function startSink(): Promise<{ port: number; count: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        received++;
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    count: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function runChild(size: number, mode: string, port: number): Promise<{ seconds: number; peak: number }> {
  return new Promise((resolve, reject) => {
    // A small heap: V8 otherwise lets garbage pile up on a big machine, and the
    // peak would measure its laziness rather than what the run holds.
    const flags = [`--max-old-space-size=${HEAP_MB}`];
    const child = spawn(
      process.execPath,
      [...flags, process.argv[1] ?? "", "--child", String(size), "--mode", mode, "--port", String(port)],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code === 0) resolve(JSON.parse(line) as { seconds: number; peak: number });
      else reject(new Error(`${mode} run of ${size} exited with ${code}: ${out}`));
    });
  });
}

if (args.child) {
  await child(Number(args.child), args.mode === "nodemailer" ? "nodemailer" : "outbox", Number(args.port));
} else {
  const sizes = (args.sizes ?? "").split(",").map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) {
    console.error("--sizes must be whole numbers separated by commas");
    process.exit(2);
  }
  const sink = await startSink();
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(`Mail benchmark: SMTP sink on 127.0.0.1:${sink.port}, one process per run, V8 heap capped at ${HEAP_MB} MB\n`);
  console.log("mails     path                     mails/s   peak RSS   received");
  for (const size of sizes) {
    for (const mode of ["nodemailer", "outbox"] as const) {
      const before = sink.count();
      const { seconds, peak } = await runChild(size, mode, sink.port);
      const received = sink.count() - before;
      const label = mode === "outbox" ? "site (mailing + outbox)" : "nodemailer alone (ref)";
      console.log(
        `${String(size).padEnd(9)} ${label.padEnd(24)} ${(size / seconds).toFixed(0).padStart(7)}   ${mb(peak).padStart(8)}   ${received}${received === size ? "" : "  (!)"}`,
      );
    }
  }
  await sink.close();
}
