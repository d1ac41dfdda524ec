import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, sqliteFileIn } from "#app/lib/db/db.server.ts";
import { loadEnv } from "./env.server.ts";

const modeOf = (file: string) => statSync(file).mode & 0o777;

// Issue #30: the site's data is its owner's alone on the machine.
describe("the data folder and the database, owner only", () => {
  const root = mkdtempSync(path.join(tmpdir(), "private-data-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const env = (dataDir: string) =>
    loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3999" } as NodeJS.ProcessEnv);

  async function openAndWrite(dataDir: string) {
    const { db } = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
    await db.schema.createTable("probe").ifNotExists().addColumn("id", "integer").execute();
    await db
      .insertInto("probe" as never)
      .values({ id: 1 } as never)
      .execute();
    return db;
  }

  it("makes a new data folder, its secret, its database and the database's WAL files owner only", async () => {
    const dataDir = path.join(root, "new", "data");
    env(dataDir);
    const db = await openAndWrite(dataDir);
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(path.join(dataDir, "auth-secret"))).toBe(0o600);
      for (const file of ["site.db", "site.db-wal", "site.db-shm"]) expect([file, modeOf(path.join(dataDir, file))]).toEqual([file, 0o600]);
    } finally {
      await db.destroy();
    }
  });

  it("makes a folder and database made before this held owner only when the site starts", async () => {
    const dataDir = path.join(root, "old");
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const before = await openAndWrite(dataDir);
    await before.destroy();
    writeFileSync(path.join(dataDir, "auth-secret"), "an-old-secret-that-is-long-enough-for-better-auth\n", { mode: 0o644 });
    for (const file of ["site.db", "auth-secret"]) chmodSync(path.join(dataDir, file), 0o644);
    expect(modeOf(path.join(dataDir, "site.db"))).toBe(0o644);

    env(dataDir);
    const db = await openAndWrite(dataDir);
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      for (const file of ["auth-secret", "site.db", "site.db-wal", "site.db-shm"]) {
        expect([file, modeOf(path.join(dataDir, file))]).toEqual([file, 0o600]);
      }
    } finally {
      await db.destroy();
    }
  });
});
