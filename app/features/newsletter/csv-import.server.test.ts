import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { importSubscribers, parseCsv } from "./csv-import.server.ts";

describe("CSV rows", () => {
  it("reads quoted fields with commas, quotes and line breaks, CRLF or LF, with the line each row starts on", () => {
    const text = '\uFEFFemail,name\r\n"a@x.example","Vale, J."\n"b@x.example","say ""hi""\nthere"\n\nc@x.example,plain\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ["email", "name"] },
      { line: 2, fields: ["a@x.example", "Vale, J."] },
      { line: 3, fields: ["b@x.example", 'say "hi"\nthere'] },
      { line: 6, fields: ["c@x.example", "plain"] },
    ]);
  });
});

describe.each(testStacks)("importing subscribers on %s", (stack) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(stack);
  });
  afterAll(() => site.cleanup());

  const db = () => site.services.db;

  it("adds new addresses as imported, leaves those on the list, keeps those who left off, and reports bad lines by number", async () => {
    await db()
      .insertInto("subscribers")
      .values([
        { id: randomUUID(), email: "on@fans.example", timestamp: 1, subscribed: 1, source: "website" },
        { id: randomUUID(), email: "left@fans.example", timestamp: 1, subscribed: 0, source: "website" },
      ])
      .execute();
    const csv = [
      "Name,Email Address,Joined",
      "Ada,ADA@fans.example,2024-01-01",
      "Bo,not-an-address,2024-01-02",
      "On,on@fans.example,2024-01-03",
      "Left,left@fans.example,2024-01-04",
      "Ada again,ada@fans.example,2024-01-05",
      "Dash,'-dash@fans.example,2024-01-06",
      ",,",
    ].join("\r\n");
    const result = await importSubscribers(db(), csv, { fileName: "mailchimp.csv", by: "Juniper" }, 5_000);
    expect(result).toEqual({
      ok: true,
      added: 2,
      alreadyOn: 1,
      leftOff: 1,
      problems: [
        { line: 3, message: 'Invalid email address: "not-an-address"' },
        { line: 8, message: 'Please enter your email address: ""' },
      ],
      moreProblems: 0,
    });
    const rows = await db().selectFrom("subscribers").select(["email", "subscribed", "source"]).orderBy("email").execute();
    expect(rows).toEqual([
      { email: "-dash@fans.example", subscribed: 1, source: "import" },
      { email: "ada@fans.example", subscribed: 1, source: "import" },
      { email: "left@fans.example", subscribed: 0, source: "website" },
      { email: "on@fans.example", subscribed: 1, source: "website" },
    ]);
    const consent = await db().selectFrom("consents").select(["event", "words", "form"]).where("email", "=", "ada@fans.example").execute();
    expect(consent).toEqual([
      { event: "imported", words: "Imported from mailchimp.csv by Juniper; not confirmed on this site.", form: "import" },
    ]);
  });

  it("lets the site's other work through while a 50,000-row file goes in (issue #30), and counts every row once", async () => {
    const tag = randomUUID().slice(0, 6);
    const text = `email\n${Array.from({ length: 50_000 }, (_, i) => `big-${tag}-${i}@fans.example`).join("\n")}`;
    const countNow = async () =>
      Number(
        (
          await db()
            .selectFrom("subscribers")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("email", "like", `big-${tag}-%`)
            .executeTakeFirstOrThrow()
        ).n,
      );
    let done = false;
    const importing = importSubscribers(db(), text, { fileName: "big.csv", by: "Juniper" }).finally(() => (done = true));
    // What another request sees meanwhile: it gets its answer, and part of the file is already in.
    const seen: number[] = [];
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(await countNow());
    }
    expect(await importing).toMatchObject({ ok: true, added: 50_000, alreadyOn: 0 });
    expect(
      seen.some((count) => count > 0 && count < 50_000),
      `counts seen meanwhile: ${[...new Set(seen)].join(", ")}`,
    ).toBe(true);
    expect(await countNow()).toBe(50_000);
  }, 60_000);

  it("takes the first column when no header names the address, and refuses an empty file", async () => {
    const result = await importSubscribers(db(), "first@fans.example\nsecond@fans.example\n", { fileName: "list.csv", by: "Juniper" });
    expect(result).toMatchObject({ ok: true, added: 2, problems: [] });
    expect(await importSubscribers(db(), "\n\n", { fileName: "empty.csv", by: "Juniper" })).toEqual({
      ok: false,
      status: 400,
      error: "The file has no rows.",
    });
  });
});
