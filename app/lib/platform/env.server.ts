import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { ensurePrivateDir, ensurePrivateFile } from "./private-files.server.ts";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { type MailConfig, parseMailFrom, parseSmtpUrl } from "#app/lib/mail/mail-config.server.ts";
import { formatIssues } from "#app/lib/text/zod-issues.ts";
import { parseTrustProxy, type TrustProxy } from "./trusted-proxy.server.ts";

/** A person needs at least this long to fill a public form; scripts post at once (FORM_MIN_FILL_MS). */
export const DEFAULT_FORM_MIN_FILL_MS = 2000;

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  WORKERS: optionalString.transform((value, ctx): number | "auto" => {
    if (value === undefined) return 1;
    if (value === "auto") return "auto";
    const count = Number(value);
    if (Number.isInteger(count) && count >= 1 && count <= 64) return count;
    ctx.addIssue({ code: "custom", message: 'must be "auto" (one per core) or a whole number from 1 to 64' });
    return z.NEVER;
  }),
  MEDIA_MEMORY_MB: optionalString.transform((value, ctx): number => {
    if (value === undefined) return 64;
    const megabytes = Number(value);
    if (Number.isInteger(megabytes) && megabytes >= 0 && megabytes <= 65_536) return megabytes;
    ctx.addIssue({ code: "custom", message: "must be a whole number of megabytes from 0 (off) to 65536" });
    return z.NEVER;
  }),
  AUDIO_UPLOAD_MAX_MB: optionalString.transform((value, ctx): number => {
    if (value === undefined) return 50;
    const megabytes = Number(value);
    if (Number.isInteger(megabytes) && megabytes >= 1 && megabytes <= 10_240) return megabytes;
    ctx.addIssue({ code: "custom", message: "must be a whole number of megabytes from 1 to 10240" });
    return z.NEVER;
  }),
  FORM_MIN_FILL_MS: optionalString.transform((value, ctx): number => {
    if (value === undefined) return DEFAULT_FORM_MIN_FILL_MS;
    const ms = Number(value);
    if (Number.isInteger(ms) && ms >= 0 && ms <= 60_000) return ms;
    ctx.addIssue({ code: "custom", message: "must be a whole number of milliseconds from 0 (off) to 60000" });
    return z.NEVER;
  }),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional()),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  TRUST_PROXY: optionalString.transform((value, ctx): TrustProxy => {
    const parsed = parseTrustProxy(value);
    if (parsed.ok) return parsed.trust;
    ctx.addIssue({ code: "custom", message: parsed.error });
    return z.NEVER;
  }),
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a valid bucket name (3–63 lowercase letters, digits, dots, hyphens)")
      .optional(),
  ),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional()),
  SMTP_URL: optionalString.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const parsed = parseSmtpUrl(value);
    if (parsed.ok) return parsed.smtp;
    ctx.addIssue({ code: "custom", message: parsed.error });
    return z.NEVER;
  }),
  MAIL_FROM: optionalString.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const parsed = parseMailFrom(value);
    if (parsed.ok) return { name: parsed.name, address: parsed.address };
    ctx.addIssue({ code: "custom", message: parsed.error });
    return z.NEVER;
  }),
  MAIL_PER_SECOND: optionalString.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const rate = Number(value);
    if (Number.isFinite(rate) && rate > 0 && rate <= 1000) return rate;
    ctx.addIssue({ code: "custom", message: "must be a number of mails per second, more than 0 and at most 1000" });
    return z.NEVER;
  }),
  REDIS_KEY_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9:._-]{1,64}$/, "must be 1–64 letters, digits or : . _ -")
      .optional(),
  ),
});

/** S3-compatible object storage; set when S3_BUCKET is. */
export type S3Config = {
  bucket: string;
  /** Custom endpoint (MinIO, R2, Garage…); undefined means AWS. Custom endpoints use path-style URLs. */
  endpoint: string | undefined;
  region: string;
  /** Undefined means the SDK's default credential chain (instance roles, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Public or CDN origin (optionally with a path) that serves the bucket's objects; media redirects there. */
  publicUrl: string | undefined;
};

export type Env = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  /** How many server processes share the port (WORKERS; "auto": one per core); server/workers.ts. */
  workers: number;
  /** Bytes of stored files each server process may keep in memory to serve them (MEDIA_MEMORY_MB); server/open-files.ts. */
  mediaMemoryBytes: number;
  /** The largest audio file the artist may upload (AUDIO_UPLOAD_MAX_MB; SPEC's 50 MB by default). */
  audioUploadMaxBytes: number;
  /** A public form sent sooner than this after its page was made is held as a script's (FORM_MIN_FILL_MS); form-guard.server.ts. */
  formMinFillMs: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Origin the site is reached at, without a trailing slash. */
  publicUrl: string;
  authSecret: string;
  /** Proxies trusted to name the client (X-Forwarded-For); trusted-proxy.server.ts. */
  trustProxy: TrustProxy;
  s3: S3Config | undefined;
  redisUrl: string | undefined;
  /** Starts every key this site keeps in Redis, so several sites can share one server. */
  redisKeyPrefix: string;
  /** Outgoing mail (SMTP_URL, MAIL_FROM); undefined: the site sends no mail. */
  mail: MailConfig | undefined;
};

/**
 * Reads and validates the environment. A bad value stops start-up with a message
 * naming the variable. AUTH_SECRET, when unset, is generated once into DATA_DIR
 * so sessions survive restarts without any set-up.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new Error(`Invalid environment configuration:\n${formatIssues(result.error)}`);
  }
  const env = result.data;
  const problems = scalePathProblems(env);
  if (problems.length > 0) throw new Error(`Invalid environment configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  const dataDir = path.resolve(env.DATA_DIR);
  ensurePrivateDir(dataDir);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    workers: env.WORKERS === "auto" ? availableParallelism() : env.WORKERS,
    mediaMemoryBytes: env.MEDIA_MEMORY_MB * 1024 * 1024,
    audioUploadMaxBytes: env.AUDIO_UPLOAD_MAX_MB * 1024 * 1024,
    formMinFillMs: env.FORM_MIN_FILL_MS,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    authSecret: env.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    trustProxy: env.TRUST_PROXY,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT?.replace(/\/+$/, ""),
          region: env.S3_REGION ?? "us-east-1",
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ""),
        }
      : undefined,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? "artist-site:",
    mail: env.SMTP_URL && env.MAIL_FROM ? { smtp: env.SMTP_URL, from: env.MAIL_FROM, perSecond: env.MAIL_PER_SECOND ?? 10 } : undefined,
  };
}

/** Settings that are valid one by one but not together. */
function scalePathProblems(env: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  const s3Others = (["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const).filter(
    (name) => env[name] !== undefined,
  );
  if (!env.S3_BUCKET && s3Others.length > 0) problems.push(`S3_BUCKET: must be set to use S3 storage (${s3Others.join(", ")} set)`);
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the SDK's default credentials");
  }
  if (!env.SMTP_URL !== !env.MAIL_FROM) {
    problems.push("SMTP_URL and MAIL_FROM: set both to send mail, or neither to run without mail");
  }
  if (env.MAIL_PER_SECOND !== undefined && !env.SMTP_URL) problems.push("MAIL_PER_SECOND: set SMTP_URL and MAIL_FROM to send mail");
  // Redis only makes sense with several processes, and each would otherwise
  // generate its own secret and refuse the others' sessions.
  if (env.REDIS_URL && !env.AUTH_SECRET)
    problems.push("AUTH_SECRET: must be set when REDIS_URL is, so every process signs sessions with the same key");
  return problems;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) {
    ensurePrivateFile(file);
    return readFileSync(file, "utf8").trim();
  }
  const secret = randomBytes(32).toString("base64url");
  // "wx" fails if another process won the race; then use the one it wrote.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch {
    return readFileSync(file, "utf8").trim();
  }
}
