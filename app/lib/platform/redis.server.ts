import { createClient, type RedisClientType } from "redis";

/** The connection every process opens when REDIS_URL is set (docs/decisions/010-shared-state.md). */
export type RedisClient = RedisClientType;

export type ConnectRedisOptions = {
  /** How long one attempt to open the connection may take. */
  connectTimeoutMs?: number;
  /** Attempts at start-up before giving up, so a wrong REDIS_URL stops the process with a clear error instead of hanging. */
  startupAttempts?: number;
};

const MAX_RECONNECT_DELAY_MS = 5_000;

/**
 * Opens a Redis connection and waits until it is ready. At start-up it gives
 * up after a few attempts (a typo in REDIS_URL should fail loudly); once it has
 * been ready it keeps reconnecting with a capped back-off for as long as the
 * process runs, because a client that stopped trying would leave the process
 * without Redis until someone restarts it.
 */
export async function connectRedis(url: string, options: ConnectRedisOptions = {}): Promise<RedisClient> {
  const { connectTimeoutMs = 5_000, startupAttempts = 5 } = options;
  const where = describeRedisUrl(url);
  let everReady = false;
  const client: RedisClient = createClient({
    url,
    // While the connection is down, commands fail at once instead of waiting in
    // a queue for it to come back: a request should not hang on Redis, and the
    // rate limiter has an answer for "Redis is unreachable" (rate-limit.server.ts).
    disableOfflineQueue: true,
    socket: {
      connectTimeout: connectTimeoutMs,
      reconnectStrategy: (retries, cause) => {
        if (!everReady && retries + 1 >= startupAttempts) {
          return new Error(`Could not connect to Redis at ${where} after ${startupAttempts} attempts: ${cause.message}`);
        }
        // Exponential back-off with jitter, so many processes do not reconnect in lockstep.
        const delay = Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS);
        return Math.round(delay / 2 + Math.random() * (delay / 2));
      },
    },
  });
  // Without an 'error' listener, a dropped connection would be thrown as an
  // uncaught exception and end the whole process.
  client.on("error", (error: unknown) => {
    console.error(`Redis (${where}): ${error instanceof Error ? error.message : String(error)}`);
  });
  client.on("ready", () => {
    if (everReady) console.info(`Redis (${where}): connected again`);
    everReady = true;
  });
  try {
    await client.connect();
  } catch (error) {
    client.destroy();
    throw error;
  }
  return client;
}

/** host:port/db of a Redis URL, never its password, for log lines. */
function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname.length > 1 ? parsed.pathname : ""}`;
  } catch {
    return "REDIS_URL";
  }
}
