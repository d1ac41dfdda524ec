// The layout's arrows are kept by `npm run lint` (eslint.config.js,
// docs/architecture.md). These plant the imports the arrows forbid into real
// places in the tree, through ESLint's own API with the project's config, and
// require an error; the same files without the import must pass.
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

const harmless = 'import { formatDuration } from "#app/lib/song.ts";\nexport const shown = formatDuration(1000);\n';

describe("the layout's arrows", () => {
  it("refuses a feature importing another feature", async () => {
    const errors = await restrictedImports(
      "app/features/songs/planted.ts",
      'import { INBOX_TEXT } from "#app/features/inbox/ui-text.ts";\nexport const planted = INBOX_TEXT;\n',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Features do not import each other (songs → another feature)");
  });

  it("refuses a climb into another feature's folder too", async () => {
    const errors = await restrictedImports(
      "app/features/songs/planted.ts",
      'import { INBOX_TEXT } from "../inbox/ui-text.ts";\nexport const planted = INBOX_TEXT;\n',
    );
    expect(errors.length).toBeGreaterThan(0);
  });

  it("refuses app/lib and app/components importing a feature", async () => {
    for (const filePath of ["app/lib/planted.ts", "app/components/planted.tsx"]) {
      const errors = await restrictedImports(
        filePath,
        'import { PLAYER_TEXT } from "#app/features/player/ui-text.ts";\nexport const planted = PLAYER_TEXT;\n',
      );
      expect(errors.join("\n"), filePath).toContain("must not import a feature");
    }
  });

  it("refuses app/ importing server/", async () => {
    for (const filePath of ["app/lib/planted.ts", "app/features/songs/planted.ts", "app/routes/planted.ts"]) {
      const errors = await restrictedImports(
        filePath,
        'import { createHost } from "../../server/host.ts";\nexport const planted = createHost;\n',
      );
      expect(errors.join("\n"), filePath).toContain("app/ never imports server/");
    }
  });

  it("lets a route compose features, and a feature use its own files, app/lib and app/components", async () => {
    expect(
      await restrictedImports(
        "app/routes/planted.tsx",
        'import { InboxPanel } from "#app/features/inbox/inbox-panel.tsx";\nimport { SubscribersPanel } from "#app/features/newsletter/subscribers-panel.tsx";\nexport const planted = [InboxPanel, SubscribersPanel];\n',
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        "app/features/songs/planted.tsx",
        'import { SONG_TEXT } from "./ui-text.ts";\nimport { useToasts } from "#app/components/toast/toast-provider.tsx";\nexport const planted = [SONG_TEXT, useToasts];\n',
      ),
    ).toEqual([]);
    expect(await restrictedImports("app/features/songs/planted.ts", harmless)).toEqual([]);
    expect(
      await restrictedImports(
        "server/planted.ts",
        'import { INBOX_TEXT } from "#app/features/inbox/ui-text.ts";\nexport const planted = INBOX_TEXT;\n',
      ),
    ).toEqual([]);
  });
});
