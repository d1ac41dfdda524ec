// The assembly of the services every request uses (the type is
// app/lib/platform/services.server.ts's): the infrastructure in app/lib, wired
// with what only the site knows (the artist's name, which its mail is sent as).
// Made once per process by the server, the CLI, the scripts and the test sites.
import { askForMissingAudioWork, audioWorkHandlers } from "#app/domain/audio-renditions.server.ts";
import { loadSiteSettings } from "#app/domain/site/site-settings.server.ts";
import { askForReleaseZips, releaseZipGaveUp, releaseZipHandler } from "#app/features/downloads/release-zips.server.ts";
import { ffmpegPath } from "#app/lib/audio/ffmpeg.server.ts";
import { sweepStaleRenditionFolders } from "#app/lib/audio/renditions.server.ts";
import { sweepStaleDownloadFolders } from "#app/lib/audio/tagged-download.server.ts";
import { startMediaJobs } from "#app/lib/jobs/media-jobs.server.ts";
import { createAuth } from "#app/lib/auth/auth.server.ts";
import { createDailyCounter } from "#app/lib/numbers/daily-counter.server.ts";
import { migrateToLatest, openDatabase, sqliteFileIn } from "#app/lib/db/db.server.ts";
import { createMailer } from "#app/lib/mail/mailer.server.ts";
import { enqueueMail, startOutbox } from "#app/lib/mail/outbox.server.ts";
import { resetMail } from "#app/lib/mail/reset-mail.server.ts";
import { unsubscribeUrl } from "#app/lib/mail/unsubscribe-link.server.ts";
import { loadEnv, type Env } from "#app/lib/platform/env.server.ts";
import { createDatabaseRateLimiter, createRedisRateLimiter, withStoredKeys } from "#app/lib/platform/rate-limit.server.ts";
import { openStorage, type ServiceOptions, type Services } from "#app/lib/platform/services.server.ts";

export async function createServices(env: Env = loadEnv(), options: ServiceOptions = {}): Promise<Services> {
  const { db, dialect } = openDatabase({
    databaseUrl: env.databaseUrl,
    sqliteFile: sqliteFileIn(env.dataDir),
  });
  await migrateToLatest(db);
  // The S3 SDK and the Redis client are loaded only when configured: together
  // they add a few hundred milliseconds to every start of the embedded site.
  const redis = env.redisUrl ? await (await import("#app/lib/platform/redis.server.ts")).connectRedis(env.redisUrl) : undefined;
  // While Redis cannot answer, limits are counted in the (equally shared) database
  // rather than refusing everyone or letting sign-in go unguarded.
  // Counted under an HMAC of each key: no row or Redis key holds a client's address.
  const rateLimiter = withStoredKeys(
    redis ? createRedisRateLimiter(redis, env.redisKeyPrefix, { fallback: createDatabaseRateLimiter(db) }) : createDatabaseRateLimiter(db),
    env.authSecret,
  );
  const storage = await openStorage(env);
  const numbers = createDailyCounter(db);
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
  // Without a packaged ffmpeg for this platform (said in the log), tracks are neither measured nor
  // transcoded: fans then hear the uploads, as before renditions (decision 026).
  const runsMediaJobs = options.runMediaJobs === true && (await ffmpegPath()) !== null;
  if (runsMediaJobs) {
    void Promise.all([sweepStaleRenditionFolders(), sweepStaleDownloadFolders()]).catch((error: unknown) =>
      console.error("Removing the temporary folders of killed jobs failed", error),
    );
  }
  const mediaJobs = runsMediaJobs
    ? startMediaJobs({
        db,
        handlers: { ...audioWorkHandlers(db, storage), downloads: releaseZipHandler(db, storage) },
        onGiveUp: { downloads: releaseZipGaveUp },
        beforeLook: async (db) => {
          await askForMissingAudioWork(db);
          await askForReleaseZips(db, storage);
        },
      })
    : undefined;
  return {
    env,
    db,
    dialect,
    auth: createAuth({
      db: db as never,
      dialect,
      env,
      rateLimiter,
      siteWords: async () => [(await loadSiteSettings(db)).artist.name, new URL(env.publicUrl).hostname],
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
    media: mediaJobs ? { wake: () => mediaJobs.wake() } : undefined,
    numbers,
    async close() {
      // What was counted since the last write is written before the database closes.
      await numbers.stop().catch((error: unknown) => console.error("Writing the last counts failed", error));
      // The mail and the media work in hand are finished (and recorded) before the database closes.
      await Promise.all([outbox?.stop(), mediaJobs?.stop()]);
      mailer?.close();
      storage.close?.();
      // Counters need no goodbye; a hung Redis must not hold up shutdown.
      redis?.destroy();
      await db.destroy();
    },
  };
}
