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
    expect(env).toMatchObject({ port: 3000, host: "127.0.0.1", databaseUrl: undefined, publicUrl: "http://localhost:3000", trustProxy: false });
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
    expect(() => loadEnv({ DATA_DIR: dataDir, TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  });
});
