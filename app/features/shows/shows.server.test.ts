import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { appContext } from "#app/lib/platform/app-context.ts";
import { currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { ZONED_TIME_TEXT } from "#app/lib/time/zoned-time.ts";
import { parseShowInput, type ShowInput } from "./schema.ts";
import { handleShowsAction } from "./shows-area.server.ts";
import { addShow, listShows, nextShowForPage, removeShow, showsForFeed, showsForPage, updateShow } from "./shows.server.ts";
import { SHOW_LENGTH_MS } from "./show.ts";
import { SHOW_TEXT } from "./shows-area-text.ts";

const fields = (overrides: Record<string, string | undefined> = {}) => ({
  startsLocal: "2027-03-28T20:00",
  timeZone: "Europe/Berlin",
  venue: "The Jazz Cellar",
  city: "Berlin",
  country: "Germany",
  ticketUrl: "https://tickets.example.com/jazz-cellar",
  status: "scheduled",
  ...overrides,
});

function input(overrides: Record<string, string | undefined> = {}): ShowInput {
  const parsed = parseShowInput(fields(overrides));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.show;
}

const errorsOf = (overrides: Record<string, string | undefined>) => {
  const parsed = parseShowInput(fields(overrides));
  return parsed.ok ? {} : parsed.fieldErrors;
};

describe("what a show may say", () => {
  it("keeps the venue's wall clock and zone as typed, and the instant they name across a DST change", () => {
    expect(input()).toEqual({
      startsLocal: "2027-03-28T20:00",
      timeZone: "Europe/Berlin",
      startsAt: Date.parse("2027-03-28T18:00:00Z"),
      venue: "The Jazz Cellar",
      city: "Berlin",
      country: "Germany",
      ticketUrl: "https://tickets.example.com/jazz-cellar",
      status: "scheduled",
    });
    expect(input({ startsLocal: "2027-03-27T20:00" }).startsAt).toBe(Date.parse("2027-03-27T19:00:00Z"));
  });

  it("refuses a time the venue's clocks skip, and a date that does not exist, with words that say so", () => {
    expect(errorsOf({ startsLocal: "2027-03-28T02:30" })).toEqual({
      startsLocal: "2027-03-28 02:30 does not happen in Europe/Berlin: the clocks skip that hour. Choose a time outside it.",
    });
    expect(errorsOf({ startsLocal: "2027-02-29T20:00" })).toEqual({ startsLocal: ZONED_TIME_TEXT.date });
    expect(errorsOf({ startsLocal: "2027-04-31T20:00" })).toEqual({ startsLocal: ZONED_TIME_TEXT.date });
    expect(errorsOf({ startsLocal: "next friday" })).toEqual({ startsLocal: ZONED_TIME_TEXT.format });
    expect(errorsOf({ startsLocal: undefined })).toEqual({ startsLocal: ZONED_TIME_TEXT.format });
  });

  it("names every bad field at once", () => {
    expect(
      errorsOf({
        startsLocal: "2027-02-30T20:00",
        timeZone: "Mars/Olympus",
        venue: "  ",
        city: undefined,
        country: "x".repeat(81),
        ticketUrl: "http://tickets.example.com",
        status: "postponed",
      }),
    ).toEqual({
      startsLocal: ZONED_TIME_TEXT.date,
      timeZone: ZONED_TIME_TEXT.zone,
      venue: SHOW_TEXT.venueRequired,
      city: SHOW_TEXT.cityRequired,
      country: SHOW_TEXT.tooLong("country", 80),
      ticketUrl: SHOW_TEXT.ticketHttps,
      status: SHOW_TEXT.statusInvalid,
    });
  });

  it("takes a venue on one line only, and an https ticket link or none", () => {
    expect(errorsOf({ venue: "Bar\nGrill" })).toEqual({ venue: SHOW_TEXT.oneLine("venue") });
    expect(errorsOf({ city: "Ber\u0000lin" })).toEqual({ city: SHOW_TEXT.oneLine("city") });
    for (const link of [
      "javascript:alert(1)",
      "tickets.example.com",
      "https://user:pw@tickets.example.com/",
      "https://exa mple.com",
      "https://",
    ])
      expect(errorsOf({ ticketUrl: link }), link).toEqual({ ticketUrl: SHOW_TEXT.ticketHttps });
    expect(input({ ticketUrl: "" }).ticketUrl).toBeNull();
    expect(input({ ticketUrl: undefined }).ticketUrl).toBeNull();
    expect(input({ ticketUrl: "  https://Tickets.Example.com/a b".replace(" b", "") }).ticketUrl).toBe("https://tickets.example.com/a");
    expect(input({ venue: "  Bar; Grill, \\Co  " }).venue).toBe("Bar; Grill, \\Co");
    expect(input({ status: undefined }).status).toBe("scheduled");
    expect(input({ status: "sold-out" }).status).toBe("sold-out");
  });
});

describe.each(testStacks)("shows on %s", (stack) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(stack);
  });
  afterAll(() => site.cleanup());
  beforeEach(async () => {
    await site.services.db.deleteFrom("shows").execute();
  });

  function pageContext() {
    const context = new RouterContextProvider();
    const told = { changesAt: [] as number[], degraded: false };
    context.set(appContext, {
      services: site.services,
      cspNonce: "",
      formStarted: () => "",
      renderedForCache: true,
      markDegraded: () => (told.degraded = true),
      changesAt: (instant) => told.changesAt.push(instant),
    });
    return { context, told };
  }

  async function post(form: Record<string, string>) {
    const request = new Request("http://localhost:3999/juniper-dashboard/shows", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });
    return handleShowsAction(site.services, request);
  }

  it("adds, changes and removes a show, each in the same step as the content version, so cached pages show it at once", async () => {
    const db = site.services.db;
    const v0 = await currentContentVersion(db);
    const added = await addShow(db, input(), 1_000);
    expect(await currentContentVersion(db)).toBe(v0 + 1);
    expect(await listShows(db)).toEqual([{ ...input(), id: added.id, createdAt: 1_000, updatedAt: 1_000 }]);

    expect(await updateShow(db, added.id, input({ status: "sold-out", venue: "Bigger Hall" }), 2_000)).toBe(true);
    expect(await currentContentVersion(db)).toBe(v0 + 2);
    const [changed] = await listShows(db);
    expect(changed).toMatchObject({ id: added.id, venue: "Bigger Hall", status: "sold-out", createdAt: 1_000, updatedAt: 2_000 });
    // Every instant is a number on both databases (PostgreSQL's bigint included).
    expect(typeof changed?.startsAt).toBe("number");

    expect(await removeShow(db, added.id)).toBe(true);
    expect(await currentContentVersion(db)).toBe(v0 + 3);
    expect(await listShows(db)).toEqual([]);
    // Gone already: nothing changes, not even the version.
    expect(await removeShow(db, added.id)).toBe(false);
    expect(await updateShow(db, added.id, input())).toBe(false);
    expect(await currentContentVersion(db)).toBe(v0 + 3);
  });

  it("answers the dashboard's forms: stored when all is well, every field's problem named otherwise, 404 for a show that is gone", async () => {
    const added = await post({ intent: "add", ...fields() });
    expect(added).toMatchObject({ ok: true, intent: "add", message: SHOW_TEXT.added });
    const id = added.ok ? added.id : "";

    const gap = await post({ intent: "edit", id, ...fields({ startsLocal: "2027-03-28T02:15", venue: "" }) });
    expect(gap).toEqual({
      ok: false,
      status: 400,
      error: SHOW_TEXT.checkFields,
      intent: "edit",
      fieldErrors: {
        startsLocal: ZONED_TIME_TEXT.gap("2027-03-28T02:15", "Europe/Berlin"),
        venue: SHOW_TEXT.venueRequired,
      },
    });
    expect((await listShows(site.services.db))[0]?.venue).toBe("The Jazz Cellar");

    expect(await post({ intent: "edit", id, ...fields({ status: "cancelled" }) })).toMatchObject({ ok: true, message: SHOW_TEXT.saved });
    expect((await listShows(site.services.db))[0]?.status).toBe("cancelled");

    expect(await post({ intent: "edit", id: "no-such-show", ...fields() })).toMatchObject({
      ok: false,
      status: 404,
      error: SHOW_TEXT.notFound,
    });
    expect(await post({ intent: "remove", id: "no-such-show" })).toMatchObject({ ok: false, status: 404 });
    expect(await post({ intent: "postpone", id })).toMatchObject({ ok: false, status: 400, error: SHOW_TEXT.badRequest });
    expect(await post({ intent: "remove", id })).toMatchObject({ ok: true, message: SHOW_TEXT.removed });
    expect(await listShows(site.services.db)).toEqual([]);
  });

  it("lists upcoming shows soonest first and past ones most recent first, a show staying upcoming until it is over", async () => {
    const db = site.services.db;
    const now = Date.parse("2027-03-28T19:30:00Z");
    const at = (local: string, venue: string, zone = "Europe/Berlin", status = "scheduled") =>
      addShow(db, input({ startsLocal: local, venue, timeZone: zone, status }));
    await at("2027-04-10T20:00", "Later");
    await at("2027-03-28T20:00", "Tonight"); // began 18:00Z: still on at 19:30Z
    await at("2027-03-20T20:00", "Last week");
    await at("2027-03-01T20:00", "Earlier");
    await at("2027-04-01T20:00", "Called off", "America/New_York", "cancelled");

    const { context, told } = pageContext();
    const page = await showsForPage(context, now);
    expect(page.failed).toBe(false);
    expect(page.upcoming.map((show) => show.venue)).toEqual(["Tonight", "Called off", "Later"]);
    expect(page.past.map((show) => show.venue)).toEqual(["Last week", "Earlier"]);
    expect(page.upcoming[0]?.startIso).toBe("2027-03-28T20:00:00+02:00");
    // The page changes when tonight's show is over.
    expect(told.changesAt).toEqual([Date.parse("2027-03-28T18:00:00Z") + SHOW_LENGTH_MS]);

    const home = pageContext();
    expect((await nextShowForPage(home.context, now))?.venue).toBe("Tonight");
    expect(home.told.changesAt).toEqual([Date.parse("2027-03-28T21:00:00Z")]);
    // After tonight, the next show that goes ahead: the cancelled one is skipped.
    const later = pageContext();
    expect((await nextShowForPage(later.context, Date.parse("2027-03-28T21:00:00Z")))?.venue).toBe("Later");

    expect((await showsForFeed(db, now)).map((show) => show.venue)).toEqual(["Earlier", "Last week", "Tonight", "Called off", "Later"]);
    // A year on, only what is within the year is in the feed.
    expect((await showsForFeed(db, Date.parse("2028-03-31T00:00:00Z"))).map((show) => show.venue)).toEqual(["Called off", "Later"]);
  });

  it("has nothing to say when there are no shows, and says no change is coming", async () => {
    const { context, told } = pageContext();
    expect(await showsForPage(context)).toEqual({ upcoming: [], past: [], failed: false });
    expect(await nextShowForPage(context)).toBeNull();
    expect(told).toEqual({ changesAt: [], degraded: false });
  });
});
