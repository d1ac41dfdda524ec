// The artist's shows, end to end: added in the dashboard's Shows area (a time
// the venue's clocks skip refused with nothing typed lost), changed, marked
// sold out and removed after a confirmation; seen by the next visitor on
// /shows (with MusicEvent JSON-LD read by JSON.parse), on the home page and in
// /shows.ics (read by ical.js), at the right instant across a DST change; and
// a show that is over moving to the past on its own, with no edit.
import ICAL from "ical.js";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import { DASHBOARD_PATH, toast, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { withE2eDb } from "./support/db.ts";
import type { Browser } from "@playwright/test";
import { expect, test, type Locator, type Page } from "./support/fixtures.ts";
import { E2E_URL } from "./support/server-env.ts";

const TEXTS = {
  gap: "2027-03-28 02:30 does not happen in Europe/Berlin: the clocks skip that hour. Choose a time outside it.",
  venueRequired: "Please enter the venue.",
  ticketHttps: "Ticket links must start with https://, like https://tickets.example.com/show.",
  added: "Show added. It is on the site now.",
  saved: "Changes saved. They are on the site now.",
  removed: "Show removed.",
};
const SHOWS_AREA = `${DASHBOARD_PATH}/shows`;
/** A venue with every character a feed or a page must escape. */
const VENUE = 'Bar; Grill, \\Co & "Friends" </script>';

async function removeAllShows() {
  await withE2eDb(async (db) => {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("shows").execute();
      await bumpContentVersion(trx);
    });
  });
}

const storedShows = () =>
  withE2eDb((db) =>
    db.selectFrom("shows").select(["venue", "startsLocal", "timeZone", "startsAt", "status"]).orderBy("startsAt").execute(),
  );

/** Fills the add form; fields left out stay as they are. */
async function fillShow(
  form: Locator,
  fields: { startsLocal?: string; timeZone?: string; venue?: string; city?: string; country?: string; ticketUrl?: string },
) {
  if (fields.startsLocal !== undefined) await form.getByLabel("Date and time").fill(fields.startsLocal);
  if (fields.timeZone !== undefined) await form.getByLabel("Venue's time zone").selectOption(fields.timeZone);
  if (fields.venue !== undefined) await form.getByLabel("Venue", { exact: true }).fill(fields.venue);
  if (fields.city !== undefined) await form.getByLabel("City").fill(fields.city);
  if (fields.country !== undefined) await form.getByLabel("Country").fill(fields.country);
  if (fields.ticketUrl !== undefined) await form.getByLabel("Ticket link (optional)").fill(fields.ticketUrl);
}

type MusicEvent = {
  "@type": string;
  name: string;
  startDate: string;
  eventStatus: string;
  eventAttendanceMode: string;
  location: { "@type": string; name: string; address: { "@type": string; addressLocality: string; addressCountry: string } };
  offers?: { "@type": string; url: string; availability: string };
  performer: { "@type": string; name: string };
};

/** Every JSON-LD block of the page as rendered, parsed as JSON (no pattern reads them). */
async function musicEvents(page: Page): Promise<MusicEvent[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as { "@type": string }).filter((node): node is MusicEvent => node["@type"] === "MusicEvent");
}

/** /shows.ics as a calendar app reads it. */
async function calendarEvents(page: Page) {
  const response = await page.request.get("/shows.ics");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Juniper Vale: shows");
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      summary: event.summary,
      location: event.location,
      start: event.startDate.toJSDate().toISOString(),
      status: vevent.getFirstPropertyValue("status"),
    };
  });
}

/** A visitor without a session: what the page cache serves everyone. */
async function asFan<T>(browser: Browser, look: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: E2E_URL });
  try {
    return await look(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe.serial("shows", () => {
  test.beforeAll(removeAllShows);
  test.afterAll(removeAllShows);
  // The venue's zone starts as the browser's own.
  test.use({ timezoneId: "America/New_York" });

  test("without shows, /shows says so kindly, home has no next show, and the calendar is empty but valid", async ({ page }) => {
    await page.goto("/shows");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("See Juniper Vale live");
    await expect(page.getByText("No shows on the calendar right now")).toBeVisible();
    await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", /^webcal:\/\/localhost:\d+\/shows\.ics$/);
    expect(await musicEvents(page)).toEqual([]);
    expect(await calendarEvents(page)).toEqual([]);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Next show" })).toHaveCount(0);
  });

  test("an admin adds a show (a skipped hour refused, nothing typed lost), fans see it everywhere; it is changed, sold out and removed", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    await page.goto(SHOWS_AREA);
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Add a show" });
    await expect(form.getByLabel("Venue's time zone")).toHaveValue("America/New_York");

    // 02:30 on 28 March 2027 does not happen in Berlin; with the venue missing too, both are named at once.
    await fillShow(form, {
      startsLocal: "2027-03-28T02:30",
      timeZone: "Europe/Berlin",
      city: "Berlin",
      country: "Germany",
      ticketUrl: "https://tickets.example.com/bar",
    });
    await form.getByRole("button", { name: "Add show" }).click();
    const when = form.getByLabel("Date and time");
    await expect(form.getByText(TEXTS.gap)).toBeVisible();
    await expect(form.getByText(TEXTS.venueRequired)).toBeVisible();
    await expect(when).toHaveAttribute("aria-invalid", "true");
    await expect(when).toHaveAccessibleDescription(new RegExp(TEXTS.gap.replace(/[.:]/g, "\\$&")));
    await expect(when).toBeFocused();
    // Everything typed is still there.
    await expect(when).toHaveValue("2027-03-28T02:30");
    await expect(form.getByLabel("Venue's time zone")).toHaveValue("Europe/Berlin");
    await expect(form.getByLabel("City")).toHaveValue("Berlin");
    await expect(form.getByLabel("Ticket link (optional)")).toHaveValue("https://tickets.example.com/bar");
    expect(await storedShows()).toEqual([]);

    // Fixed: the show after the clocks change, and one the night before.
    await fillShow(form, { startsLocal: "2027-03-28T20:00", venue: VENUE });
    await expect(form.getByText(TEXTS.gap)).toHaveCount(0);
    await form.getByRole("button", { name: "Add show" }).click();
    await expect(toast(page, "success", TEXTS.added)).toBeVisible();
    // A fresh form for the next one, still in the venue's zone.
    await expect(form.getByLabel("Venue", { exact: true })).toHaveValue("");
    await expect(form.getByLabel("Venue's time zone")).toHaveValue("Europe/Berlin");
    await fillShow(form, {
      startsLocal: "2027-03-27T20:00",
      venue: "Kantine am Kanal",
      city: "Berlin",
      country: "Germany",
      ticketUrl: "https://tickets.example.com/kantine",
    });
    await form.getByRole("button", { name: "Add show" }).click();
    await expect(page.getByTestId("dashboard-show")).toHaveCount(2);
    expect(await storedShows()).toEqual([
      {
        venue: "Kantine am Kanal",
        startsLocal: "2027-03-27T20:00",
        timeZone: "Europe/Berlin",
        startsAt: Date.parse("2027-03-27T19:00:00Z"),
        status: "scheduled",
      },
      {
        venue: VENUE,
        startsLocal: "2027-03-28T20:00",
        timeZone: "Europe/Berlin",
        startsAt: Date.parse("2027-03-28T18:00:00Z"),
        status: "scheduled",
      },
    ]);

    // The next visitor: the page, its JSON-LD, the home page and the calendar.
    await asFan(browser, async (fan) => {
      await fan.goto("/shows");
      const cards = fan.getByTestId("upcoming-shows").getByRole("listitem");
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(0)).toContainText("Kantine am Kanal");
      await expect(cards.nth(1)).toContainText(VENUE);
      await expect(cards.nth(1)).toContainText("Sunday, March 28, 2027");
      await expect(cards.nth(1)).toContainText("8:00 PM Berlin time");
      await expect(cards.nth(1).getByRole("link", { name: /^Tickets/ })).toHaveAttribute("href", "https://tickets.example.com/bar");
      await expect(fan.locator('link[rel="alternate"][type="text/calendar"]')).toHaveAttribute("href", /\/shows\.ics$/);

      const events = await musicEvents(fan);
      expect(events.map((event) => event.startDate)).toEqual(["2027-03-27T20:00:00+01:00", "2027-03-28T20:00:00+02:00"]);
      expect(events.map((event) => Date.parse(event.startDate))).toEqual([
        Date.parse("2027-03-27T19:00:00Z"),
        Date.parse("2027-03-28T18:00:00Z"),
      ]);
      expect(events[1]).toEqual({
        "@context": "https://schema.org",
        "@type": "MusicEvent",
        name: `Juniper Vale at ${VENUE}`,
        startDate: "2027-03-28T20:00:00+02:00",
        eventStatus: "https://schema.org/EventScheduled",
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        url: `${E2E_URL}/shows`,
        image: expect.stringMatching(/\/social-image\.png/) as unknown as string,
        location: {
          "@type": "Place",
          name: VENUE,
          address: { "@type": "PostalAddress", addressLocality: "Berlin", addressCountry: "Germany" },
        },
        offers: { "@type": "Offer", url: "https://tickets.example.com/bar", availability: "https://schema.org/InStock" },
        performer: { "@type": "MusicGroup", name: "Juniper Vale", url: `${E2E_URL}/` },
      });

      const calendar = await calendarEvents(fan);
      expect(calendar).toEqual([
        {
          summary: "Juniper Vale at Kantine am Kanal",
          location: "Kantine am Kanal, Berlin, Germany",
          start: "2027-03-27T19:00:00.000Z",
          status: "CONFIRMED",
        },
        {
          summary: `Juniper Vale at ${VENUE}`,
          location: `${VENUE}, Berlin, Germany`,
          start: "2027-03-28T18:00:00.000Z",
          status: "CONFIRMED",
        },
      ]);

      await fan.goto("/");
      const next = fan.getByRole("region", { name: "Next show" });
      await expect(next).toContainText("Kantine am Kanal");
      await expect(next).toContainText("Saturday, March 27, 2027");
      await expect(next.getByRole("link", { name: /^Tickets/ })).toHaveAttribute("href", "https://tickets.example.com/kantine");
      await next.getByRole("link", { name: "All shows" }).click();
      await expect(fan).toHaveURL("/shows");
    });

    // Changed: a bad ticket link is named and the rest kept; then sold out.
    const row = page.getByTestId("dashboard-show").filter({ hasText: "Kantine am Kanal" });
    await row.getByRole("button", { name: "Edit Kantine am Kanal" }).click();
    const editForm = page.getByRole("form", { name: "Edit Kantine am Kanal" });
    await expect(editForm.getByLabel("Date and time")).toBeFocused();
    await editForm.getByLabel("Ticket link (optional)").fill("http://tickets.example.com/kantine");
    await editForm.getByLabel("City").fill("Berlin-Kreuzberg");
    await editForm.getByRole("button", { name: "Save changes" }).click();
    await expect(editForm.getByText(TEXTS.ticketHttps)).toBeVisible();
    await expect(editForm.getByLabel("Ticket link (optional)")).toBeFocused();
    await expect(editForm.getByLabel("City")).toHaveValue("Berlin-Kreuzberg");
    await editForm.getByLabel("Ticket link (optional)").fill("https://tickets.example.com/kantine");
    await editForm.getByLabel("Status").selectOption("sold-out");
    await editForm.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page, "success", TEXTS.saved)).toBeVisible();
    await expect(editForm).toHaveCount(0);
    await expect(row.getByRole("button", { name: "Edit Kantine am Kanal" })).toBeFocused();
    await expect(row).toContainText("Sold out");
    await expect(row).toContainText("Berlin-Kreuzberg");

    await asFan(browser, async (fan) => {
      await fan.goto("/shows");
      const card = fan.getByTestId("upcoming-shows").getByRole("listitem").filter({ hasText: "Kantine am Kanal" });
      await expect(card).toContainText("Sold out");
      await expect(card.getByRole("link", { name: /^Tickets/ })).toHaveCount(0);
      const soldOut = (await musicEvents(fan)).find((event) => event.location.name === "Kantine am Kanal");
      expect(soldOut?.offers?.availability).toBe("https://schema.org/SoldOut");
    });

    // Removed only after saying yes: "Keep it" keeps it, and the keyboard goes back.
    const other = page.getByTestId("dashboard-show").filter({ hasText: VENUE });
    await other.getByRole("button", { name: `Remove ${VENUE}` }).click();
    const confirm = other.getByRole("alertdialog");
    await expect(confirm).toContainText(`Remove the show at ${VENUE}?`);
    await expect(confirm.getByRole("button", { name: "Keep it" })).toBeFocused();
    await confirm.getByRole("button", { name: "Keep it" }).click();
    await expect(other.getByRole("button", { name: `Remove ${VENUE}` })).toBeFocused();
    expect(await storedShows()).toHaveLength(2);
    await other.getByRole("button", { name: `Remove ${VENUE}` }).click();
    await other.getByRole("alertdialog").getByRole("button", { name: "Yes, remove it" }).click();
    await expect(toast(page, "success", TEXTS.removed)).toBeVisible();
    await expect(page.getByTestId("dashboard-show")).toHaveCount(1);
    expect((await storedShows()).map((show) => show.venue)).toEqual(["Kantine am Kanal"]);

    await asFan(browser, async (fan) => {
      await fan.goto("/shows");
      await expect(fan.getByTestId("upcoming-shows").getByRole("listitem")).toHaveCount(1);
      expect((await calendarEvents(fan)).map((event) => event.summary)).toEqual(["Juniper Vale at Kantine am Kanal"]);
    });
  });

  test("a show that is over moves to the past on its own, though the page was cached before", async ({ page }) => {
    await removeAllShows();
    const now = Date.now();
    // Began almost three hours ago: it is over in a few seconds (SHOW_LENGTH_MS is three hours).
    const startsAt = now - 3 * 60 * 60 * 1000 + 8_000;
    await withE2eDb(async (db) => {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("shows")
          .values([
            {
              id: "ending-now",
              startsLocal: new Date(startsAt).toISOString().slice(0, 16),
              timeZone: "UTC",
              startsAt,
              venue: "The Encore Room",
              city: "Leeds",
              country: "United Kingdom",
              ticketUrl: null,
              status: "scheduled",
              createdAt: now,
              updatedAt: now,
            },
          ])
          .execute();
        await bumpContentVersion(trx);
      });
    });
    const first = await page.request.get("/shows");
    const again = await page.request.get("/shows");
    expect(again.headers()["x-page-cache"]).toBe("HIT");
    expect(await first.text()).toContain('data-testid="upcoming-shows"');
    await page.waitForTimeout(Math.max(0, startsAt + 3 * 60 * 60 * 1000 - Date.now()) + 500);
    await page.goto("/shows");
    await expect(page.getByTestId("upcoming-shows")).toHaveCount(0);
    await expect(page.getByTestId("past-shows")).toContainText("The Encore Room");
    await expect(page.getByText("No shows on the calendar right now")).toBeVisible();
  });
});
