// The layout's arrows are kept by `npm run lint` (eslint.config.js,
// scripts/lint/house-rules.js, docs/architecture.md). These plant the imports
// the arrows forbid (a layer reaching up, a circle, a re-export) into real
// places in the tree, through ESLint's own API with the project's config, and
// require an error; the same files without the import must pass.
import { readFileSync } from "node:fs";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function messagesOf(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}
const restrictedImports = (filePath: string, code: string) => messagesOf("no-restricted-imports", filePath, code);

const harmless = 'import { formatDuration } from "#app/domain/song.ts";\nexport const shown = formatDuration(1000);\n';

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
        'import { InboxArea } from "#app/features/inbox/inbox-area.tsx";\nimport { SubscribersArea } from "#app/features/newsletter/subscribers-area.tsx";\nexport const planted = [InboxArea, SubscribersArea];\n',
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

describe("the layers under the features", () => {
  it("keeps app/lib to itself: no domain, component, or app root module", async () => {
    for (const target of ["#app/domain/song.ts", "#app/components/message-card.tsx", "#app/services.server.ts"]) {
      const errors = await restrictedImports("app/lib/planted.ts", `import * as planted from "${target}";\nexport const used = planted;\n`);
      expect(errors.join("\n"), target).toContain("app/lib is the infrastructure and imports only app/lib");
    }
    expect(
      await restrictedImports("app/lib/planted.ts", 'import { xml } from "#app/lib/text/xml.ts";\nexport const used = xml;\n'),
    ).toEqual([]);
  });

  it("lets app/domain use app/lib, and refuses it components and features", async () => {
    expect(
      await restrictedImports("app/domain/planted.ts", 'import { xml } from "#app/lib/text/xml.ts";\nexport const used = xml;\n'),
    ).toEqual([]);
    const errors = await restrictedImports(
      "app/domain/planted.ts",
      'import { MessageCard } from "#app/components/message-card.tsx";\nexport const used = MessageCard;\n',
    );
    expect(errors.join("\n")).toContain("app/domain imports only app/lib and app/domain");
    const feature = await restrictedImports(
      "app/domain/planted.ts",
      'import { INBOX_TEXT } from "#app/features/inbox/ui-text.ts";\nexport const used = INBOX_TEXT;\n',
    );
    expect(feature.join("\n")).toContain("must not import a feature");
  });

  it("lets app/components use app/lib and app/domain, and refuses it the app's root modules", async () => {
    expect(await restrictedImports("app/components/planted.tsx", harmless)).toEqual([]);
    const errors = await restrictedImports(
      "app/components/planted.tsx",
      'import { createServices } from "#app/services.server.ts";\nexport const used = createServices;\n',
    );
    expect(errors.join("\n")).toContain("app/components imports only app/lib, app/domain and app/components");
  });

  it("keeps a feature off the app's root modules", async () => {
    const errors = await restrictedImports(
      "app/features/songs/planted.ts",
      'import { createServices } from "#app/services.server.ts";\nexport const used = createServices;\n',
    );
    expect(errors.join("\n")).toContain("A feature imports only itself, app/lib, app/domain and app/components");
  });
});

/** A real module with one more import planted at its top. */
const withImport = (file: string, planted: string) => `${planted}\n${readFileSync(file, "utf8")}`;

describe("import cycles", () => {
  it("refuses an import that closes a circle, naming every step of it", async () => {
    // services.server.ts imports env.server.ts, so env.server.ts importing it back closes a circle.
    const file = "app/lib/platform/env.server.ts";
    const errors = await messagesOf(
      "house/no-import-cycle",
      file,
      withImport(file, 'import type { Services } from "./services.server.ts";\nexport type Planted = Services;'),
    );
    expect(errors).toEqual([
      "Import cycle: app/lib/platform/env.server.ts → app/lib/platform/services.server.ts → app/lib/platform/env.server.ts. Move what both need into a module that neither imports.",
    ]);
    expect(await messagesOf("house/no-import-cycle", file, readFileSync(file, "utf8"))).toEqual([]);
  });

  it("finds a longer circle through another folder, and in server/ too", async () => {
    // site-settings.server.ts imports app-context.ts (for servicesOf): app-context.ts importing it closes a circle.
    const file = "app/lib/platform/app-context.ts";
    const [error] = await messagesOf(
      "house/no-import-cycle",
      file,
      withImport(
        file,
        'import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";\nexport const planted = siteSettingsOf;',
      ),
    );
    expect(error).toContain("Import cycle: app/lib/platform/app-context.ts → app/domain/site/site-settings.server.ts → ");
    expect(error).toContain(" → app/lib/platform/app-context.ts. ");
    const server = "server/media/responses.ts";
    const back = withImport(server, 'import { createMediaHandler } from "./media-handler.ts";\nexport const planted = createMediaHandler;');
    expect(await messagesOf("house/no-import-cycle", server, back)).toHaveLength(1);
  });
});

describe("re-export modules", () => {
  it("refuses export … from, export *, and exporting an imported name", async () => {
    for (const code of [
      'export { xml } from "#app/lib/text/xml.ts";\n',
      'export type { Result } from "#app/lib/result.ts";\n',
      'export * from "#app/lib/text/xml.ts";\n',
      'import { xml } from "#app/lib/text/xml.ts";\nexport { xml };\n',
      'import { xml } from "#app/lib/text/xml.ts";\nexport { xml as escapeXml };\n',
    ]) {
      const errors = await messagesOf("house/no-re-export", "app/features/songs/planted.ts", code);
      expect(errors, code).toHaveLength(1);
      expect(errors[0]).toContain("Re-export of");
    }
  });

  it("lets a module export what it declares, in either spelling", async () => {
    const code =
      'import { xml } from "#app/lib/text/xml.ts";\nconst wrapped = (text: string) => xml`<a>${text}</a>`;\nexport { wrapped };\nexport const other = 1;\n';
    expect(await messagesOf("house/no-re-export", "app/features/songs/planted.ts", code)).toEqual([]);
  });
});
