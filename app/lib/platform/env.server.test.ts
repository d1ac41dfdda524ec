import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadEnv } from "./env.server.ts";

describe("environment", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "env-test-"));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("has working defaults for the embedded site", () => {
    const env = loadEnv({ DATA_DIR: dataDir });
    expect(env).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      trustProxy: false,
      mediaMemoryBytes: 64 * 1024 * 1024,
      formMinFillMs: 2000,
    });
    expect(loadEnv({ DATA_DIR: dataDir, MEDIA_MEMORY_MB: "0" }).mediaMemoryBytes).toBe(0);
    expect(loadEnv({ DATA_DIR: dataDir, FORM_MIN_FILL_MS: "0" }).formMinFillMs).toBe(0);
    expect(loadEnv({ DATA_DIR: dataDir, FORM_MIN_FILL_MS: "5000" }).formMinFillMs).toBe(5000);
  });

  it("generates AUTH_SECRET once, privately, and reuses it", () => {
    const first = loadEnv({ DATA_DIR: dataDir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadEnv({ DATA_DIR: dataDir }).authSecret).toBe(first);
    const file = path.join(dataDir, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it("treats empty values as unset and trims PUBLIC_URL's trailing slash", () => {
    const env = loadEnv({ DATA_DIR: dataDir, DATABASE_URL: "", PUBLIC_URL: "https://music.example.com/" });
    expect(env.databaseUrl).toBeUndefined();
    expect(env.publicUrl).toBe("https://music.example.com");
  });

  it("names the variable when a value is bad", () => {
    expect(() => loadEnv({ DATA_DIR: dataDir, PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadEnv({ DATA_DIR: dataDir, DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET: must be at least 32 characters/);
    expect(() => loadEnv({ DATA_DIR: dataDir, TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY: must be true, false, a number of proxies/);
    for (const value of ["-1", "1.5", "lots"])
      expect(() => loadEnv({ DATA_DIR: dataDir, MEDIA_MEMORY_MB: value })).toThrow(/MEDIA_MEMORY_MB: must be a whole number of megabytes/);
    for (const value of ["-1", "2.5", "60001", "soon"])
      expect(() => loadEnv({ DATA_DIR: dataDir, FORM_MIN_FILL_MS: value })).toThrow(
        /FORM_MIN_FILL_MS: must be a whole number of milliseconds/,
      );
  });

  it("uses local disk and in-database limits unless S3_BUCKET and REDIS_URL are set", () => {
    expect(loadEnv({ DATA_DIR: dataDir })).toMatchObject({ s3: undefined, redisUrl: undefined });
  });

  it("reads the scale path's S3 and Redis settings", () => {
    const env = loadEnv({
      DATA_DIR: dataDir,
      S3_ENDPOINT: "http://127.0.0.1:9000/",
      S3_BUCKET: "artist-media",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_PUBLIC_URL: "https://cdn.example.com/media/",
      REDIS_URL: "redis://127.0.0.1:6379/2",
      AUTH_SECRET: "a-shared-secret-that-is-long-enough-for-all",
    });
    expect(env.s3).toEqual({
      bucket: "artist-media",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      publicUrl: "https://cdn.example.com/media",
    });
    expect(env.redisUrl).toBe("redis://127.0.0.1:6379/2");
    expect(env.redisKeyPrefix).toBe("artist-site:");
  });

  it("refuses scale settings that cannot work together, naming them", () => {
    expect(() => loadEnv({ DATA_DIR: dataDir, S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET: must be set/);
    expect(() => loadEnv({ DATA_DIR: dataDir, S3_BUCKET: "artist-media", S3_ACCESS_KEY_ID: "key" })).toThrow(/set both/);
    expect(() => loadEnv({ DATA_DIR: dataDir, S3_BUCKET: "Not_A_Bucket" })).toThrow(/S3_BUCKET: must be a valid bucket name/);
    expect(() => loadEnv({ DATA_DIR: dataDir, REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL: must be a redis:\/\//);
    expect(() => loadEnv({ DATA_DIR: dataDir, REDIS_URL: "redis://127.0.0.1:6379" })).toThrow(/AUTH_SECRET: must be set when REDIS_URL is/);
  });

  it("sends no mail until SMTP_URL and MAIL_FROM are set, then reads the server, the sender and the rate", () => {
    expect(loadEnv({ DATA_DIR: dataDir }).mail).toBeUndefined();
    const env = loadEnv({
      DATA_DIR: dataDir,
      SMTP_URL: "smtp://news%40example.com:p%40ss%3Aword@smtp.example.com:2525",
      MAIL_FROM: '"Vale, Juniper" <News@Example.com>',
      MAIL_PER_SECOND: "2.5",
    });
    expect(env.mail).toEqual({
      smtp: { host: "smtp.example.com", port: 2525, secure: false, auth: { user: "news@example.com", pass: "p@ss:word" } },
      from: { name: "Vale, Juniper", address: "news@example.com" },
      perSecond: 2.5,
    });
    const tls = loadEnv({ DATA_DIR: dataDir, SMTP_URL: "smtps://smtp.example.com", MAIL_FROM: "news@example.com" }).mail;
    expect(tls).toMatchObject({ smtp: { port: 465, secure: true, auth: undefined }, from: { name: undefined }, perSecond: 10 });
    expect(loadEnv({ DATA_DIR: dataDir, SMTP_URL: "smtp://127.0.0.1", MAIL_FROM: "a@b.example" }).mail?.smtp.port).toBe(587);
  });

  it("stops start-up on a mail setting that cannot work, naming it", () => {
    const mail = (values: Record<string, string>) => () => loadEnv({ DATA_DIR: dataDir, ...values });
    const from = { MAIL_FROM: "news@example.com" };
    expect(mail({ SMTP_URL: "smtp.example.com", ...from })).toThrow(/SMTP_URL: must be a URL like smtp:\/\//);
    expect(mail({ SMTP_URL: "http://smtp.example.com", ...from })).toThrow(/SMTP_URL: must start with smtp:\/\//);
    expect(mail({ SMTP_URL: "smtp://user@smtp.example.com", ...from })).toThrow(/SMTP_URL: needs both a user name and a password/);
    expect(mail({ SMTP_URL: "smtp://smtp.example.com/x?pool=true", ...from })).toThrow(/SMTP_URL: must be only/);
    expect(mail({ SMTP_URL: "smtp://u:%E0%A4%A@smtp.example.com", ...from })).toThrow(/SMTP_URL: has a user name or password/);
    expect(mail({ SMTP_URL: "smtp://smtp.example.com", MAIL_FROM: "Juniper Vale" })).toThrow(/MAIL_FROM: must be an address/);
    expect(mail({ SMTP_URL: "smtp://smtp.example.com", MAIL_FROM: "Juniper\r\nBcc: x@y.z <a@b.example>" })).toThrow(
      /MAIL_FROM: must be one line/,
    );
    expect(mail({ SMTP_URL: "smtp://smtp.example.com" })).toThrow(/SMTP_URL and MAIL_FROM: set both/);
    expect(mail(from)).toThrow(/SMTP_URL and MAIL_FROM: set both/);
    expect(mail({ SMTP_URL: "smtp://smtp.example.com", ...from, MAIL_PER_SECOND: "0" })).toThrow(/MAIL_PER_SECOND: must be a number/);
    expect(mail({ SMTP_URL: "smtp://smtp.example.com", ...from, MAIL_PER_SECOND: "fast" })).toThrow(/MAIL_PER_SECOND/);
    expect(mail({ MAIL_PER_SECOND: "5" })).toThrow(/MAIL_PER_SECOND: set SMTP_URL and MAIL_FROM/);
  });
});
