import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import type { Db } from "#app/lib/db/db.server.ts";
import { OTHER_SUBJECT, VISITOR_METRIC, VISITORS_METRIC } from "#app/lib/numbers/daily-counter.server.ts";
import { METRIC, signupSubject } from "#app/domain/counted.ts";
import { numbersCsv } from "./numbers-csv.server.ts";
import { numbersReport } from "./numbers-report.server.ts";
import { buckets } from "./numbers-series.ts";
import { NUMBERS_TEXT } from "./ui-text.ts";

/** Today, in the middle of the afternoon (UTC): the spans end on 2026-11-27. */
const NOW = Date.UTC(2026, 10, 27, 15, 30);
const at = (day: string, time = "12:00:00.000") => Date.parse(`${day}T${time}Z`);

describe.each(testStacks)("the Numbers report on %s", (stack) => {
  let site: TestSite;
  let db: Db;
  const tide = { id: crypto.randomUUID(), title: "Low Tide" };
  const salt = { id: crypto.randomUUID(), title: 'Salt, "Sea" & Sky' };
  const harbour = crypto.randomUUID();
  const undertow = crypto.randomUUID();
  const boats = crypto.randomUUID();
  const mailing = crypto.randomUUID();
  const link = crypto.randomUUID();

  beforeAll(async () => {
    site = await createTestSite(stack);
    db = site.services.db;
    const created = at("2026-01-01");
    for (const release of [tide, salt])
      await db
        .insertInto("releases")
        .values({ ...release, slug: release.id, kind: "ep", createdAt: created, updatedAt: created })
        .execute();
    const song = (id: string, title: string, releaseId: string, trackNumber: number) => ({
      id,
      title,
      artist: "Juniper Vale",
      audioKey: `music/${id}.wav`,
      coverKey: `covers/${id}.png`,
      createdAt: created,
      updatedAt: created,
      releaseId,
      trackNumber,
      slug: id,
    });
    await db
      .insertInto("songs")
      .values([
        song(harbour, "Harbour Lights", tide.id, 1),
        song(undertow, "Undertow", tide.id, 2),
        song(boats, 'Paper, "Boats"', salt.id, 1),
      ])
      .execute();
    await db
      .insertInto("mailings")
      .values({ id: mailing, subject: "November news", body: "x", status: "sent", createdAt: created, updatedAt: created, updatedBy: "t" })
      .execute();
    await db.insertInto("mailingLinks").values({ id: link, mailingId: mailing, position: 1, url: "https://example.org/tour" }).execute();

    const counts: [string, string, string, number][] = [
      // Today's visitors are still hashes; older days are rolled up.
      ["2026-11-27", VISITOR_METRIC, "hash-a", 1],
      ["2026-11-27", VISITOR_METRIC, "hash-b", 1],
      ["2026-11-26", VISITOR_METRIC, "hash-c", 1],
      ["2026-11-26", VISITORS_METRIC, "", 4],
      ["2026-11-20", VISITORS_METRIC, "", 40],
      ["2026-11-27", METRIC.view, "/", 10],
      ["2026-11-27", METRIC.view, "/music", 4],
      ["2026-11-25", METRIC.view, "/", 6],
      ["2026-11-25", METRIC.view, "/bio", 1],
      ["2026-11-25", METRIC.view, OTHER_SUBJECT, 3],
      // Before the 30 days, inside the year.
      ["2026-10-01", METRIC.view, "/old", 100],
      // After today: never in a span.
      ["2026-11-28", METRIC.view, "/", 1000],
      ["2026-11-27", METRIC.playStart, harbour, 5],
      ["2026-11-27", METRIC.playStart, undertow, 8],
      ["2026-11-26", METRIC.playStart, boats, 2],
      ["2026-11-27", METRIC.playStart, "no-such-song", 50],
      ["2026-11-27", METRIC.play30s, harbour, 3],
      ["2026-11-27", METRIC.play30s, undertow, 6],
      ["2026-11-27", METRIC.playEnd, undertow, 4],
      ["2026-11-27", METRIC.playEnd, harbour, 1],
      ["2026-11-27", METRIC.signup, signupSubject("footer", "/music"), 2],
      ["2026-11-26", METRIC.signup, signupSubject("panel", "/"), 1],
      ["2026-11-24", METRIC.message, "", 2],
      ["2026-11-27", METRIC.referrer, "news.example", 5],
      ["2026-11-26", METRIC.referrer, "blog.example", 3],
      ["2026-11-27", METRIC.campaign, "utm_source=insta&utm_medium=social&utm_campaign=spring", 2],
      ["2026-11-27", METRIC.click, link, 4],
      ["2026-11-27", METRIC.click, "no-such-link", 1],
    ];
    await db
      .insertInto("dailyCounts")
      .values(counts.map(([day, metric, subject, count]) => ({ day, metric, subject, count })))
      .execute();

    const grant = crypto.randomUUID();
    await db
      .insertInto("downloadGrants")
      .values({ id: grant, tokenHash: grant, releaseId: tide.id, via: "code", createdAt: created, expiresAt: NOW + 1e9 })
      .execute();
    const download = (when: number, releaseId = tide.id) => ({
      id: crypto.randomUUID(),
      grantId: grant,
      releaseId,
      format: "flac" as const,
      at: when,
    });
    await db
      .insertInto("downloadEvents")
      .values([
        download(at("2026-11-27", "00:00:00.000")),
        download(at("2026-11-27", "23:59:59.999")),
        download(at("2026-11-21", "00:00:00.000"), salt.id),
        download(at("2026-11-20", "23:59:59.999")),
      ])
      .execute();
    const batch = crypto.randomUUID();
    await db
      .insertInto("codeBatches")
      .values({ id: batch, releaseId: tide.id, count: 1, usesPerCode: 1, expiresAt: null, note: "", createdAt: created })
      .execute();
    const code = crypto.randomUUID();
    await db.insertInto("downloadCodes").values({ id: code, batchId: batch, codeHash: code, usesLeft: 0, createdAt: created }).execute();
    await db
      .insertInto("codeRedemptions")
      .values({ id: crypto.randomUUID(), codeId: code, grantId: grant, releaseId: tide.id, at: at("2026-11-26") })
      .execute();
  });
  afterAll(() => site.cleanup());

  it("fills every day of the span, zeros included, and totals each figure", async () => {
    const report = await numbersReport(db, 7, NOW);
    expect(report).toMatchObject({ days: 7, from: "2026-11-21", to: "2026-11-27", empty: false });
    // Visitors: the day's hashes and the rolled-up rows of a day add up.
    expect(report.figures.visitors).toEqual({ total: 7, series: [0, 0, 0, 0, 0, 5, 2] });
    expect(report.figures.views).toEqual({ total: 24, series: [0, 0, 0, 0, 10, 0, 14] });
    // A song that is gone still counts in the day's plays, though no list names it.
    expect(report.figures.playStarts).toEqual({ total: 65, series: [0, 0, 0, 0, 0, 2, 63] });
    expect(report.figures.plays30s.total).toBe(9);
    expect(report.figures.playEnds.total).toBe(5);
    expect(report.figures.signups).toEqual({ total: 3, series: [0, 0, 0, 0, 0, 1, 2] });
    expect(report.figures.messages).toEqual({ total: 2, series: [0, 0, 0, 2, 0, 0, 0] });
    // Downloads by the instant's UTC day, to the millisecond at either end.
    expect(report.figures.downloads).toEqual({ total: 3, series: [1, 0, 0, 0, 0, 0, 2] });
    expect(report.figures.redemptions).toEqual({ total: 1, series: [0, 0, 0, 0, 0, 1, 0] });
    expect(report.figures.clicks.total).toBe(5);
    for (const figure of Object.values(report.figures)) expect(figure.series).toHaveLength(7);
  });

  it("ranks the lists, most first, naming what the counts' ids stand for and leaving out what is gone", async () => {
    const report = await numbersReport(db, 30, NOW);
    expect(report.figures.visitors.total).toBe(47);
    expect(report.tracks).toEqual([
      { songId: undertow, title: "Undertow", releaseTitle: "Low Tide", started: 8, past30s: 6, finished: 4 },
      { songId: harbour, title: "Harbour Lights", releaseTitle: "Low Tide", started: 5, past30s: 3, finished: 1 },
      { songId: boats, title: 'Paper, "Boats"', releaseTitle: salt.title, started: 2, past30s: 0, finished: 0 },
    ]);
    expect(report.releases).toEqual([
      { releaseId: tide.id, title: "Low Tide", started: 13, past30s: 9, finished: 5 },
      { releaseId: salt.id, title: salt.title, started: 2, past30s: 0, finished: 0 },
    ]);
    expect(report.pages).toEqual([
      { name: "/", count: 16, other: false },
      { name: "/music", count: 4, other: false },
      { name: NUMBERS_TEXT.other, count: 3, other: true },
      { name: "/bio", count: 1, other: false },
    ]);
    expect(report.referrers.map((row) => [row.name, row.count])).toEqual([
      ["news.example", 5],
      ["blog.example", 3],
    ]);
    expect(report.campaigns).toEqual([{ name: "insta · social · spring", count: 2, other: false }]);
    expect(report.signups).toEqual([
      { form: "Footer form", path: "/music", count: 2 },
      { form: "Home page form", path: "/", count: 1 },
    ]);
    expect(report.mailLinks).toEqual([{ mailingSubject: "November news", url: "https://example.org/tour", count: 4 }]);
  });

  it("keeps only the top ten of a list", async () => {
    const day = "2026-11-22";
    await db
      .insertInto("dailyCounts")
      .values(
        Array.from({ length: 12 }, (_, index) => ({ day, metric: METRIC.referrer, subject: `site-${index}.example`, count: 100 + index })),
      )
      .execute();
    try {
      const { referrers } = await numbersReport(db, 30, NOW);
      expect(referrers).toHaveLength(10);
      expect(referrers[0]).toEqual({ name: "site-11.example", count: 111, other: false });
      expect(referrers.at(-1)?.name).toBe("site-2.example");
    } finally {
      await db.deleteFrom("dailyCounts").where("day", "=", day).where("metric", "=", METRIC.referrer).execute();
    }
  });

  it("reaches back a year, grouped into weeks ending today", async () => {
    const report = await numbersReport(db, 365, NOW);
    expect(report.from).toBe("2025-11-28");
    expect(report.figures.views.total).toBe(124);
    const weeks = buckets(report.from, report.figures.views.series, true);
    expect(weeks).toHaveLength(53);
    // The first is the one day left over; every other bar is a whole week, the last ending today.
    expect(weeks[0]).toEqual({ from: "2025-11-28", to: "2025-11-28", count: 0 });
    expect(weeks.at(-1)).toEqual({ from: "2026-11-21", to: "2026-11-27", count: 24 });
    expect(weeks.find((week) => week.from <= "2026-10-01" && week.to >= "2026-10-01")?.count).toBe(100);
    expect(weeks.reduce((sum, week) => sum + week.count, 0)).toBe(124);
  });

  it("says when a span has nothing, and whether anything was ever counted", async () => {
    const longAgo = Date.UTC(2020, 0, 1);
    expect(await numbersReport(db, 7, longAgo)).toMatchObject({ empty: true, everCounted: true });
    const fresh = await createTestSite(stack);
    try {
      const report = await numbersReport(fresh.services.db, 30, NOW);
      expect(report).toMatchObject({ empty: true, everCounted: false, tracks: [], pages: [] });
      expect(report.figures.visitors.series).toEqual(Array<number>(30).fill(0));
    } finally {
      await fresh.cleanup();
    }
  });

  it("exports one line per day, metric and subject, with labels, quoted where a spreadsheet needs it", async () => {
    const { fileName, body } = numbersCsv(db, 7, NOW);
    expect(fileName).toBe("numbers-2026-11-21-2026-11-27.csv");
    // As bytes: Response.text() would drop the byte-order mark the file starts with.
    const text = Buffer.from(await new Response(body).arrayBuffer()).toString("utf8");
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("\uFEFFdate,metric,subject,count,label");
    expect(lines).toContain("2026-11-26,visitors,,5,");
    expect(lines).toContain("2026-11-27,visitors,,2,");
    // The hashes themselves never leave the database.
    expect(text).not.toContain("hash-a");
    expect(lines).toContain("2026-11-27,view,/music,4,");
    expect(lines).toContain(`2026-11-25,view,${OTHER_SUBJECT},3,"${NUMBERS_TEXT.other}"`);
    expect(lines).toContain(`2026-11-26,play-start,${boats},2,"Paper, ""Boats"" (Salt, ""Sea"" & Sky)"`);
    expect(lines).toContain(`2026-11-27,play-start,no-such-song,50,${NUMBERS_TEXT.gone}`);
    expect(lines).toContain("2026-11-27,signup,footer /music,2,Footer form on /music");
    expect(lines).toContain(`2026-11-27,click,${link},4,November news: https://example.org/tour`);
    expect(lines).toContain("2026-11-27,campaign,utm_source=insta&utm_medium=social&utm_campaign=spring,2,insta · social · spring");
    expect(lines).toContain(`2026-11-27,download,${tide.id},2,Low Tide`);
    expect(lines).toContain(`2026-11-21,download,${salt.id},1,"Salt, ""Sea"" & Sky"`);
    expect(lines).toContain(`2026-11-26,redemption,${tide.id},1,Low Tide`);
    // Only the span: nothing from before it, nothing from after today.
    expect(text).not.toContain("2026-11-20");
    expect(text).not.toContain("2026-11-28");
    expect(lines.at(-1)).toBe("");
  });

  it("exports a metric with more rows than a page, each once, in order", async () => {
    const day = "2026-11-23";
    const many = Array.from({ length: 5003 }, (_, index) => ({
      day,
      metric: METRIC.view,
      subject: `/p/${String(index).padStart(5, "0")}`,
      count: 1,
    }));
    for (let start = 0; start < many.length; start += 1000)
      await db
        .insertInto("dailyCounts")
        .values(many.slice(start, start + 1000))
        .execute();
    try {
      const text = await new Response(numbersCsv(db, 7, NOW).body).text();
      const paths = text
        .split("\r\n")
        .filter((line) => line.startsWith(`${day},view,/p/`))
        .map((line) => line.split(",")[2]);
      expect(paths).toEqual(many.map((row) => row.subject));
    } finally {
      await db.deleteFrom("dailyCounts").where("day", "=", day).where("metric", "=", METRIC.view).execute();
    }
  });
});
