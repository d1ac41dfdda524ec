import path from "node:path";
import type { SqlDialect } from "#db/migrations/dialect.ts";
import type { Auth } from "#app/lib/auth/auth.server.ts";
import type { Db } from "#app/lib/db/db.server.ts";
import type { Env } from "./env.server.ts";
import type { MailConfig } from "#app/lib/mail/mail-config.server.ts";
import type { RateLimiter } from "./rate-limit.server.ts";
import type { DailyCounter } from "#app/lib/numbers/daily-counter.server.ts";
import { createLocalStorage } from "#app/lib/storage/storage-local.server.ts";
import type { Storage } from "#app/lib/storage/storage.server.ts";

/**
 * Everything a request needs, made once per process (app/services.server.ts). Holds no per-user state:
 * what several processes must share lives in the database, the object store or
 * Redis (docs/decisions/010-shared-state.md).
 */
export type Services = {
  env: Env;
  db: Db;
  dialect: SqlDialect;
  auth: Auth;
  storage: Storage;
  /** Counts requests per client for sign-in, sign-up and the public forms, shared by every process. */
  rateLimiter: RateLimiter;
  /**
   * Outgoing mail, when SMTP_URL and MAIL_FROM are set. Mail is put in the
   * outbox (app/lib/mail/outbox.server.ts) and sent by every process that
   * sends (the web server, not the CLI); `wake` has this one look at once.
   */
  mail: { config: MailConfig; wake(): void } | undefined;
  /**
   * Background media work (app/lib/jobs/media-jobs.server.ts), when this
   * process runs it and ffmpeg is packaged for its platform: every track's
   * streaming renditions and loudness. Where it runs, a new track comes out
   * only once its renditions exist (decision 026); `wake` has it look at once.
   */
  media: { wake(): void } | undefined;
  /** The artist's Numbers: counts per day, kept in memory and written every few seconds (decision 029). */
  numbers: DailyCounter;
  close(): Promise<void>;
};

export type ServiceOptions = {
  /** Run an outbox sender in this process (the web server does; the CLI only queues). */
  sendMail?: boolean;
  /** Run background media work in this process: renditions, loudness and releases' zips (the web server does). */
  runMediaJobs?: boolean;
};

/** The site's object store: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export async function openStorage(env: Env): Promise<Storage> {
  return env.s3
    ? (await import("#app/lib/storage/storage-s3.server.ts")).createS3Storage(env.s3)
    : createLocalStorage(path.join(env.dataDir, "uploads"));
}
