import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { RouterContextProvider } from "react-router";
import { appContext } from "#app/lib/platform/app-context.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import type { Database, ShowsTable } from "#app/lib/db/db-schema.ts";
import { toZonedIso } from "#app/lib/time/zoned-time.ts";
import type { ShowInput } from "./schema.ts";
import { type PublicShow, SHOW_LENGTH_MS, showEndsAt } from "./show.ts";

/** A show as stored. */
export type Show = ShowInput & { id: string; createdAt: number; updatedAt: number };

/** The most past shows a public page lists; older ones stay in the dashboard. */
const PAST_ON_PAGE = 30;
/** How far back the calendar feed goes: a year of past shows stays in fans' calendars. */
const FEED_PAST_MS = 365 * 24 * 60 * 60 * 1000;
/** A bound on any public list, far above a real tour. */
const MOST = 500;

// PostgreSQL's bigint may come back as a string; every instant is a number here.
function toShow(row: Selectable<ShowsTable>): Show {
  return {
    id: row.id,
    startsLocal: row.startsLocal,
    timeZone: row.timeZone,
    startsAt: Number(row.startsAt),
    venue: row.venue,
    city: row.city,
    country: row.country,
    ticketUrl: row.ticketUrl,
    status: row.status,
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

export function toPublicShow(show: Show): PublicShow {
  return {
    id: show.id,
    startsLocal: show.startsLocal,
    timeZone: show.timeZone,
    startsAt: show.startsAt,
    startIso: toZonedIso(show.startsAt, show.timeZone),
    venue: show.venue,
    city: show.city,
    country: show.country,
    ticketUrl: show.ticketUrl,
    status: show.status,
  };
}

/** Every show, soonest first. */
export async function listShows(db: Kysely<Database>): Promise<Show[]> {
  const rows = await db.selectFrom("shows").selectAll().orderBy("startsAt").orderBy("id").execute();
  return rows.map(toShow);
}

/** A new show, on the site at once. */
export async function addShow(db: Kysely<Database>, input: ShowInput, now = Date.now()): Promise<Show> {
  const show: Show = { ...input, id: randomUUID(), createdAt: now, updatedAt: now };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("shows").values(show).execute();
    await bumpContentVersion(trx);
  });
  return show;
}

/** Changes a show; false when it is no longer there. Its id, and so its calendar entry, stay. */
export async function updateShow(db: Kysely<Database>, id: string, input: ShowInput, now = Date.now()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("shows")
      .set({ ...input, updatedAt: now })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await bumpContentVersion(trx);
    return true;
  });
}

/** Removes a show; false when it was already gone. */
export async function removeShow(db: Kysely<Database>, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom("shows").where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) return false;
    await bumpContentVersion(trx);
    return true;
  });
}

export type PageShows = { upcoming: PublicShow[]; past: PublicShow[]; failed: boolean };

/**
 * The Shows page's lists: upcoming soonest first, past most recent first. A
 * show is upcoming until it is over (SHOW_LENGTH_MS after it starts); the page
 * says when the first of them will be, so a cached copy moves it to the past
 * then without anyone editing anything. A failure is logged, keeps the page
 * out of the cache, and the page says so rather than "no shows".
 */
export async function showsForPage(context: Readonly<RouterContextProvider>, now = Date.now()): Promise<PageShows> {
  const { services, markDegraded, changesAt } = context.get(appContext);
  const over = now - SHOW_LENGTH_MS;
  try {
    const [upcoming, past] = await Promise.all([
      services.db.selectFrom("shows").selectAll().where("startsAt", ">", over).orderBy("startsAt").orderBy("id").limit(MOST).execute(),
      services.db
        .selectFrom("shows")
        .selectAll()
        .where("startsAt", "<=", over)
        .orderBy("startsAt", "desc")
        .orderBy("id", "desc")
        .limit(PAST_ON_PAGE)
        .execute(),
    ]);
    const first = upcoming[0];
    if (first) changesAt(showEndsAt(toShow(first)));
    return {
      upcoming: upcoming.map((row) => toPublicShow(toShow(row))),
      past: past.map((row) => toPublicShow(toShow(row))),
      failed: false,
    };
  } catch (error) {
    console.error("Loading shows failed", error);
    markDegraded();
    return { upcoming: [], past: [], failed: true };
  }
}

/**
 * The next show that goes ahead (not cancelled), for the home page, or null.
 * Like the Shows page, the page is kept only until that show is over. A
 * failure leaves the block out: the home page is not about it.
 */
export async function nextShowForPage(context: Readonly<RouterContextProvider>, now = Date.now()): Promise<PublicShow | null> {
  const { services, markDegraded, changesAt } = context.get(appContext);
  try {
    const row = await services.db
      .selectFrom("shows")
      .selectAll()
      .where("startsAt", ">", now - SHOW_LENGTH_MS)
      .where("status", "!=", "cancelled")
      .orderBy("startsAt")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    const show = toShow(row);
    changesAt(showEndsAt(show));
    return toPublicShow(show);
  } catch (error) {
    console.error("Loading the next show failed", error);
    markDegraded();
    return null;
  }
}

/** The calendar feed's shows: every upcoming one and the past year's, soonest first. */
export async function showsForFeed(db: Kysely<Database>, now = Date.now()): Promise<Show[]> {
  const rows = await db
    .selectFrom("shows")
    .selectAll()
    .where("startsAt", ">", now - FEED_PAST_MS)
    .orderBy("startsAt")
    .orderBy("id")
    .limit(MOST)
    .execute();
  return rows.map(toShow);
}
