import path from "node:path";
import type { SqlDialect } from "#db/migrations/dialect.ts";
import { createAuth, type Auth } from "./auth.server.ts";
import { migrateToLatest, openDatabase, sqliteFileIn, type Db } from "./db.server.ts";
import { loadEnv, type Env } from "./env.server.ts";
import type { MailConfig } from "./mail/mail-config.server.ts";
import { createMailer } from "./mail/mailer.server.ts";
import { enqueueMail, startOutbox } from "./mail/outbox.server.ts";
import { resetMail } from "./mail/reset-mail.server.ts";
import { unsubscribeUrl } from "./mail/unsubscribe-link.server.ts";
import { loadSiteSettings } from "./site-settings.server.ts";
import { createDatabaseRateLimiter, createRedisRateLimiter, type RateLimiter } from "./rate-limit.server.ts";
import { createLocalStorage } from "./storage-local.server.ts";
import type { Storage } from "./storage.server.ts";

/**
 * Everything a request needs, made once per process. Holds no per-user state:
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
  close(): Promise<void>;
};

export type ServiceOptions = {
  /** Run an outbox sender in this process (the web server does; the CLI only queues). */
  sendMail?: boolean;
};

/** The site's object store: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export async function openStorage(env: Env): Promise<Storage> {
  return env.s3 ? (await import("./storage-s3.server.ts")).createS3Storage(env.s3) : createLocalStorage(path.join(env.dataDir, "uploads"));
}

export async function createServices(env: Env = loadEnv(), options: ServiceOptions = {}): Promise<Services> {
  const { db, dialect } = openDatabase({
    databaseUrl: env.databaseUrl,
    sqliteFile: sqliteFileIn(env.dataDir),
  });
  await migrateToLatest(db);
  // The S3 SDK and the Redis client are loaded only when configured: together
  // they add a few hundred milliseconds to every start of the embedded site.
  const redis = env.redisUrl ? await (await import("./redis.server.ts")).connectRedis(env.redisUrl) : undefined;
  // While Redis cannot answer, limits are counted in the (equally shared) database
  // rather than refusing everyone or letting sign-in go unguarded.
  const rateLimiter = redis
    ? createRedisRateLimiter(redis, env.redisKeyPrefix, { fallback: createDatabaseRateLimiter(db) })
    : createDatabaseRateLimiter(db);
  const storage = await openStorage(env);
  const mailer = env.mail && options.sendMail ? createMailer(env.mail) : undefined;
  // Set once the outbox exists: mail queued before then is sent at its first look.
  let wakeOutbox = () => {};
  const outbox =
    env.mail && mailer
      ? startOutbox({
          db,
          mailer,
          config: env.mail,
          artistName: async () => (await loadSiteSettings(db)).artist.name,
          unsubscribeUrl: (email) => unsubscribeUrl(env, email),
        })
      : undefined;
  if (outbox) wakeOutbox = () => outbox.wake();
  return {
    env,
    db,
    dialect,
    auth: createAuth({
      db: db as never,
      dialect,
      env,
      rateLimiter,
      sendResetLink: env.mail
        ? async (to, link) => {
            const { artist } = await loadSiteSettings(db);
            await enqueueMail(db, resetMail(artist.name, to.name, link), [to.email]);
            wakeOutbox();
          }
        : undefined,
    }),
    storage,
    rateLimiter,
    mail: env.mail ? { config: env.mail, wake: () => wakeOutbox() } : undefined,
    async close() {
      // The mail in hand is finished (and recorded) before the database closes.
      await outbox?.stop();
      mailer?.close();
      storage.close?.();
      // Counters need no goodbye; a hung Redis must not hold up shutdown.
      redis?.destroy();
      await db.destroy();
    },
  };
}
