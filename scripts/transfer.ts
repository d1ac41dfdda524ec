// npm run transfer -- --to-env FILE [--from-env FILE] [--dry-run] [--force] [--carry-secret]
// Copies the whole site this environment describes (the source: .env or the
// shell, or --from-env) into the one FILE describes: every table, every stored
// file, then reads the target back and compares. Safe while the source serves;
// run it again after an interruption and it finishes the job.
// docs/decisions/017-transfer.md.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs, parseEnv } from "node:util";
import { z } from "zod";
import { loadEnv, type Env } from "#app/lib/platform/env.server.ts";
import { TransferRefused, transferSite, type TransferResult, type TransferTarget } from "#scripts/lib/transfer.ts";

const USAGE = `Usage: npm run transfer -- --to-env FILE [options]
  --to-env FILE      the target site's settings (DATABASE_URL or DATA_DIR, S3_* or local disk)
  --from-env FILE    the source's settings, instead of .env and the environment
  --dry-run          print what would move; change nothing
  --force            replace a target that already holds a site
  --carry-secret     give the target the source's signing secret, so sessions and unsubscribe links keep working
  --object-delay-ms N  pause after each copied file (for testing interruptions)`;

const argsSchema = z.object({
  "to-env": z.string("--to-env FILE is required").trim().min(1, "--to-env FILE is required"),
  "from-env": z.string().trim().min(1, "--from-env needs a FILE").optional(),
  "dry-run": z.boolean(),
  force: z.boolean(),
  "carry-secret": z.boolean(),
  "object-delay-ms": z.coerce
    .number("--object-delay-ms must be a number")
    .int("--object-delay-ms must be a whole number")
    .min(0, "--object-delay-ms must be at least 0")
    .max(60_000, "--object-delay-ms can be at most 60000")
    .default(0),
});

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

function readEnvFile(file: string): Record<string, string> {
  if (!existsSync(file)) fail(`${file} does not exist`, 2);
  return parseEnv(readFileSync(file, "utf8")) as Record<string, string>;
}

function loadEnvOf(file: string, variables: NodeJS.ProcessEnv): Env {
  try {
    return loadEnv(variables);
  } catch (error) {
    return fail(`${file}: ${error instanceof Error ? error.message : String(error)}`, 2);
  }
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      "to-env": { type: "string" },
      "from-env": { type: "string" },
      "dry-run": { type: "boolean", default: false },
      force: { type: "boolean", default: false },
      "carry-secret": { type: "boolean", default: false },
      "object-delay-ms": { type: "string" },
    },
  }).values;
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2);
}
const args = argsSchema.safeParse(parsed);
if (!args.success) fail(`${args.error.issues.map((issue) => issue.message).join("\n")}\n${USAGE}`, 2);
const options = args.data;

let source: Env;
if (options["from-env"]) {
  const file = path.resolve(options["from-env"]);
  source = loadEnvOf(file, readEnvFile(file));
} else {
  if (existsSync(".env")) process.loadEnvFile(".env");
  source = loadEnvOf("The environment", process.env);
}
const targetFile = path.resolve(options["to-env"]);
const variables = readEnvFile(targetFile);
// A placeholder keeps loadEnv from generating a secret into the target's
// DATA_DIR: what the target signs with is worked out (and carried) below.
const target: TransferTarget = {
  file: targetFile,
  variables,
  env: loadEnvOf(targetFile, { ...variables, AUTH_SECRET: variables.AUTH_SECRET || "x".repeat(32) }),
};

let result: TransferResult;
try {
  result = await transferSite(source, target, {
    force: options.force,
    dryRun: options["dry-run"],
    carrySecret: options["carry-secret"],
    objectDelayMs: options["object-delay-ms"],
  });
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof TransferRefused) fail(`Transfer refused: ${message}`);
  fail(
    `Transfer failed: ${message}\n` +
      "The source is untouched. Run the same command again (once the target is reachable) to finish the transfer.",
  );
}

const width = Math.max(...result.tables.map((table) => table.name.length));
if (result.dryRun) {
  console.log("Would copy (dry run; nothing changed):");
  for (const table of result.tables) console.log(`  ${table.name.padEnd(width)}  ${String(table.source.rows).padStart(7)} rows`);
  console.log(`  ${result.objects.source} stored files (${(result.objects.bytes / 1e6).toFixed(1)} MB)`);
} else {
  console.log("Verification (rows, and a SHA-256 of every table's rows, on each side):");
  console.log(`  ${"table".padEnd(width)}   source   target`);
  for (const table of result.tables) {
    const same = table.target?.rows === table.source.rows && table.target.sha256 === table.source.sha256;
    console.log(
      `  ${table.name.padEnd(width)}  ${String(table.source.rows).padStart(7)}  ${String(table.target?.rows ?? "-").padStart(7)}  ${same ? "same" : "DIFFERENT"}`,
    );
  }
  const { objects } = result;
  console.log(
    `  files: ${objects.source} on the source (${(objects.bytes / 1e6).toFixed(1)} MB), ${objects.target} on the target, ` +
      `${objects.source - objects.mismatched.length} with the same size and SHA-256`,
  );
  for (const key of objects.mismatched) console.log(`  DIFFERENT: ${key}`);
}

const { secret } = result;
const where = secret.where === "env-file" ? `AUTH_SECRET in ${secret.file}` : secret.file;
if (secret.same) console.log(`Signing secret: the target signs with the source's (${where}); sessions and unsubscribe links keep working.`);
else if (secret.carried) console.log(`Signing secret: carried into ${where}; sessions and unsubscribe links keep working.`);
else {
  console.log(
    `Signing secret: the target's (${where}) is not the source's. Everyone signed in will have to sign in again, and ` +
      `unsubscribe links in mails already sent will stop working. ${result.dryRun ? "Add" : "Run again with"} --carry-secret ` +
      `to write the source's secret there, or set AUTH_SECRET on the target to the source's.`,
  );
}
const { changedSince } = result;
const changed = changedSince.tables.length > 0 || changedSince.vanished.length > 0;
if (changed) {
  const changes = [
    ...changedSince.tables.map((table) => `${table.name} (${table.before} rows then, ${table.after} now)`),
    ...(changedSince.vanished.length > 0 ? [`${changedSince.vanished.length} stored files deleted`] : []),
  ];
  console.log(
    `The source site changed while this ran: ${changes.join(", ")}. The target holds the site as it was at the ` +
      "snapshot. Before starting the target, stop the source's app and run this again with --force: it carries " +
      "the last changes and copies only the files that are not there yet, and mail waiting in the outbox goes " +
      "out once, from the target.",
  );
}
if (!result.dryRun) {
  if (result.verified) console.log(`Transfer complete: the target holds everything the source did${changed ? " at the snapshot" : ""}.`);
  else fail("Transfer incomplete: the target differs from the source (above). Run the same command again to finish it.");
}
