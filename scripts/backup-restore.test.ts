import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { loadEnv } from "#app/lib/platform/env.server.ts";
import { createServices } from "#app/services.server.ts";

// What an operator runs: npm run backup on one site, npm run restore into a new one.
describe("npm run backup and npm run restore", () => {
  const work = mkdtempSync(path.join(tmpdir(), "backup-cli-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const envFor = (dataDir: string) => ({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    REDIS_URL: "",
    S3_BUCKET: "",
    AUTH_SECRET: "a-secret-long-enough-for-the-cli-test-123",
  });
  const run = (script: string, args: string[], dataDir: string) =>
    spawnSync(process.execPath, [script, ...args], { env: envFor(dataDir), encoding: "utf8" });

  it("moves a site's data and files into an empty site, and refuses to overwrite one without --force", async () => {
    const original = path.join(work, "original");
    const services = await createServices(loadEnv(envFor(original)));
    const key = (await services.storage.put("music", "cli.wav", Readable.from(Buffer.from("RIFF-not-really")))).key;
    await services.db
      .insertInto("subscribers")
      .values({ id: "s1", email: "fan@example.com", timestamp: 1, subscribed: 1, source: "website" })
      .execute();
    // A release with a private listening link on it: the link must still open after a restore.
    await services.db
      .insertInto("releases")
      .values({ id: "r1", slug: "low-tide", title: "Low Tide", kind: "ep", createdAt: 1, updatedAt: 1 })
      .execute();
    await services.db
      .insertInto("listeningLinks")
      .values({
        id: "l1",
        tokenHash: "a".repeat(64),
        releaseId: "r1",
        songId: null,
        recipient: "Jane, Rolling Stone",
        expiresAt: null,
        revokedAt: null,
        createdAt: 1,
        firstVisitAt: null,
        lastVisitAt: null,
      })
      .execute();
    // A fan's download grant on it, and a download begun: both come back with the restore.
    await services.db
      .insertInto("downloadGrants")
      .values({ id: "g1", tokenHash: "b".repeat(64), releaseId: "r1", via: "free", openedAt: 1, createdAt: 1, expiresAt: 9e12 })
      .execute();
    await services.db.insertInto("downloadEvents").values({ id: "e1", grantId: "g1", releaseId: "r1", format: "flac", at: 2 }).execute();
    await services.close();

    const backupDir = path.join(work, "backup");
    const backup = run("scripts/backup.ts", [backupDir], original);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain("1 subscribers");

    const fresh = path.join(work, "fresh");
    const restore = run("scripts/restore.ts", [backupDir], fresh);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/Restored the backup of .*: 1 releases, 0 songs, 0 messages, 1 subscribers, 0 accounts; 1 files\./);
    const restored = await createServices(loadEnv(envFor(fresh)));
    try {
      expect(await restored.db.selectFrom("subscribers").select("email").execute()).toEqual([{ email: "fan@example.com" }]);
      expect(await restored.db.selectFrom("listeningLinks").select(["recipient", "tokenHash"]).execute()).toEqual([
        { recipient: "Jane, Rolling Stone", tokenHash: "a".repeat(64) },
      ]);
      expect(await restored.db.selectFrom("downloadGrants").select(["id", "tokenHash"]).execute()).toEqual([
        { id: "g1", tokenHash: "b".repeat(64) },
      ]);
      expect(await restored.db.selectFrom("downloadEvents").select(["grantId", "format"]).execute()).toEqual([
        { grantId: "g1", format: "flac" },
      ]);
      expect(await restored.storage.stat(key)).toMatchObject({ size: 15 });
    } finally {
      await restored.close();
    }

    const again = run("scripts/restore.ts", [backupDir], fresh);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("restore with --force");
    expect(
      execFileSync(process.execPath, ["scripts/restore.ts", backupDir, "--force"], { env: envFor(fresh), encoding: "utf8" }),
    ).toContain("Restored");
  });
});
