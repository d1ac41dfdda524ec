import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSiteSettings } from "#app/domain/site/site-settings.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { handleSiteEdit } from "./site-editor.server.ts";

const influences = (from = 0) =>
  Object.fromEntries(
    [0, 1, 2, 3].flatMap((index) => [
      [`influences.${index}.name`, `Name ${index + from}`],
      [`influences.${index}.description`, `Why ${index}`],
    ]),
  );

// Issue #30: the Site area turns field names into a tree; no name may reach a prototype.
describe.each(testStacks)("the Site area's field names on %s", (kind) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());

  const save = (fields: [string, string][]) => {
    const body = new URLSearchParams([["intent", "save"], ["section", "bio"], ["revision", "0"], ...fields]);
    return handleSiteEdit(
      site.services,
      new Request("http://localhost:3999/api/site", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      }),
      "Owner",
    );
  };

  it("refuses every spelling of a prototype's name, and nothing reaches Object.prototype or Array.prototype", async () => {
    const good = Object.entries({ story: "A paragraph.", ...influences() });
    for (const name of [
      "constructor.prototype.story",
      "__proto__.story",
      "story.constructor",
      "influences.constructor.prototype.story",
      "influences.0.constructor.prototype.story",
      "influences.prototype",
      "influences.length",
      "influences[0].name",
      "__proto__[story]",
      "constructor[prototype][story]",
    ]) {
      const answer = await save([...good, [name, "polluted"]] as [string, string][]);
      expect(answer, name).toMatchObject({ ok: false, status: 400 });
      expect(({} as Record<string, unknown>).story, name).toBeUndefined();
      expect(([] as unknown as Record<string, unknown>).story, name).toBeUndefined();
    }
    expect((await loadSiteSettings(site.services.db)).bio.story).not.toContain("polluted");
  });

  it("still saves the section from its own fields", async () => {
    const answer = await save(Object.entries({ story: "First.\n\nSecond.", ...influences() }) as [string, string][]);
    expect(answer).toMatchObject({ ok: true, section: "bio" });
    const { bio } = await loadSiteSettings(site.services.db);
    expect(bio.story).toEqual(["First.", "Second."]);
    expect(bio.influences.map((influence) => influence.name)).toEqual(["Name 0", "Name 1", "Name 2", "Name 3"]);
  });
});
