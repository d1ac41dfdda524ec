import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, sqliteFileIn } from "#app/lib/db/db.server.ts";
import { migrations } from "#db/migrations/index.ts";

// The deploy step an operator runs: `npm run migrate`, as a real process.
describe("npm run migrate", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "migrate-test-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const migrate = () =>
    execFileSync(process.execPath, ["scripts/migrate.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      encoding: "utf8",
    });

  it("applies every migration once, then reports the database up to date", async () => {
    const first = migrate();
    for (const name of Object.keys(migrations)) expect(first).toContain(name);
    expect(migrate()).toContain("already up to date");
    const { db } = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
    try {
      expect(await db.selectFrom("songs").select("id").execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it("exits non-zero with the variable named when the configuration is bad", () => {
    expect(() =>
      execFileSync(process.execPath, ["scripts/migrate.ts"], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "mysql://nope" },
        stdio: "pipe",
      }),
    ).toThrow(/DATABASE_URL/);
  });
});
