import { randomUUID } from "node:crypto";
import type { Db } from "#app/lib/db.server.ts";
import { unsubscribeUrl } from "#app/lib/mail/unsubscribe-link.server.ts";
import { NEWSLETTER_RATE_LIMIT } from "#app/lib/form-guard.server.ts";
import { firstPageOrError, keysetPage, keysetRows, type Cursor, type PageRequest } from "#app/lib/paged-list.server.ts";
import type { Outcome } from "#app/lib/outcome.ts";
import type { Services } from "#app/lib/services.server.ts";
import { handlePublicForm, type PublicForm } from "#app/lib/public-form.server.ts";
import { SUBSCRIPTION_SOURCE, type Subscriber, type SubscriberPage } from "./newsletter.ts";
import { NEWSLETTER_TEXT } from "./ui-text.ts";
import { firstEmailIssue, newsletterEmailSchema, subscribeFormSchema } from "./schema.ts";

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
/** Rows per database read while streaming the CSV export. */
const CSV_PAGE_SIZE = 500;

// ---- Subscribing -----------------------------------------------------------

/**
 * Adds an address to the list (SPEC section 3): lowercased and trimmed,
 * subscribed, source 'website', timestamp = server time.
 *
 * One statement against the unique index on email, so two requests racing for
 * the same address still leave exactly one row:
 * - a new address is inserted;
 * - an address already subscribed is left exactly as it is (same answer: the
 *   visitor learns nothing about who is on the list);
 * - an address that had unsubscribed is subscribed again, and its timestamp
 *   becomes now: it records when the current consent was given, which is what
 *   the export's subscribedAt and the dashboard's date should show.
 * Takes anything with a `db`, so a held sign-up's release can subscribe inside
 * its transaction, with the time the fan signed up as `now`.
 */
export async function subscribe(target: { db: Db }, email: unknown, now = Date.now()): Promise<Outcome> {
  const parsed = newsletterEmailSchema.safeParse(email);
  if (!parsed.success) return { success: false, error: firstEmailIssue(parsed.error) };
  await storeSubscriber(target.db, parsed.data, now);
  return { success: true };
}

/** The upsert itself, for an address the schema has already checked (subscribe, the form). */
async function storeSubscriber(db: Db, email: string, now = Date.now()): Promise<void> {
  await db
    .insertInto("subscribers")
    .values({ id: randomUUID(), email, timestamp: now, subscribed: 1, source: SUBSCRIPTION_SOURCE })
    .onConflict((oc) =>
      oc.column("email").doUpdateSet((eb) => ({
        timestamp: eb
          .case()
          .when("subscribers.subscribed", "=", 0)
          .then(eb.ref("excluded.timestamp"))
          .else(eb.ref("subscribers.timestamp"))
          .end(),
        subscribed: 1,
      })),
    )
    .execute();
}

/**
 * Takes an address off the list (subscribed = 0; the row stays, so a later
 * export or resubscription knows it). Succeeds whether or not the address was
 * on the list: the page must not reveal who is.
 */
export async function unsubscribe(services: Services, email: unknown): Promise<Outcome> {
  const parsed = newsletterEmailSchema.safeParse(email);
  if (!parsed.success) return { success: false, error: firstEmailIssue(parsed.error) };
  await services.db.updateTable("subscribers").set({ subscribed: 0 }).where("email", "=", parsed.data).execute();
  return { success: true };
}

// ---- The dashboard's list --------------------------------------------------

export type ListSubscribersOptions = PageRequest;

/** The people currently on the list: those who unsubscribed are left out of the dashboard and the export alike. */
const currentSubscribers = (db: Db) => db.selectFrom("subscribers").where("subscribed", "=", 1);
const subscriberRows = (db: Db) => currentSubscribers(db).select(["id", "email", "timestamp"]);

/**
 * Current subscribers, newest first (timestamp, then id), after `before`.
 * A keyset range over the (timestamp, id) index, never an OFFSET.
 */
function subscribedPage(db: Db, rows: number, before?: Cursor) {
  return keysetRows(subscriberRows(db), "timestamp", rows, before);
}

/**
 * One page of the people currently on the list, with how many there are in all.
 * Throws PageQueryError for a bad cursor or limit.
 */
export async function listSubscribers(services: Services, options: ListSubscribersOptions = {}): Promise<SubscriberPage> {
  const page = await keysetPage({
    query: subscriberRows(services.db),
    time: "timestamp",
    request: options,
    size: { default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE },
    toItem: (row): Subscriber => ({ id: row.id, email: row.email, timestamp: Number(row.timestamp) }),
    count: currentSubscribers(services.db),
  });
  return { subscribers: page.items, nextCursor: page.nextCursor, subscribedCount: page.count };
}

/**
 * The first page for the dashboard's loader, in the shape SubscribersPanel
 * takes: a failure is logged here and shown by the panel as a banner.
 */
export function subscribersForDashboard(services: Services): Promise<SubscriberPage | { error: string }> {
  return firstPageOrError(() => listSubscribers(services), NEWSLETTER_TEXT.loadFailed);
}

// ---- CSV export ------------------------------------------------------------

const CSV_HEADER = ["email", "subscribedAt", "unsubscribeUrl"] as const;

/**
 * One CSV field. A value a spreadsheet would run as a formula (starting with
 * = + - @, or a tab or carriage return that some apps skip before looking) gets
 * a leading single quote; then RFC 4180 quoting for commas, quotes and line breaks.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvRow(values: readonly string[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/**
 * The current subscribers as CSV (email, subscribedAt in ISO 8601 UTC,
 * unsubscribeUrl), newest first. A stream that reads one page of rows each
 * time the reader wants more, so the whole list is never in memory and a
 * slow download holds no database connection between pages.
 */
export function subscribersCsvStream(services: Services, pageSize = CSV_PAGE_SIZE): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let before: Cursor | undefined;
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(csvRow(CSV_HEADER)));
          return;
        }
        let rows: Awaited<ReturnType<ReturnType<typeof subscribedPage>["execute"]>>;
        try {
          rows = await subscribedPage(services.db, pageSize, before).execute();
        } catch (error) {
          // The headers are gone already: all we can do is cut the download short (the
          // browser reports it as failed rather than saving half a list as if whole).
          console.error("Exporting subscribers failed", error);
          controller.error(error);
          return;
        }
        const last = rows.at(-1);
        if (rows.length > 0) {
          const text = rows
            .map((row) => csvRow([row.email, new Date(Number(row.timestamp)).toISOString(), unsubscribeUrl(services.env, row.email)]))
            .join("");
          controller.enqueue(encoder.encode(text));
        }
        if (!last || rows.length < pageSize) controller.close();
        else before = { timestamp: Number(last.timestamp), id: last.id };
      },
    },
    // One page at a time: the next read happens only once this one is taken.
    { highWaterMark: 1 },
  );
}

// ---- The subscribe form's action -------------------------------------------

const subscribeForm: PublicForm<typeof subscribeFormSchema> = {
  rateLimit: NEWSLETTER_RATE_LIMIT,
  fields: (form) => ({ email: form.get("email") ?? undefined }),
  schema: subscribeFormSchema,
  store: (db, { email }) => storeSubscriber(db, email),
  held: ({ email }) => ({ kind: "newsletter", content: { email } }),
  headers: { "Cache-Control": "no-store" },
  messages: { failed: NEWSLETTER_TEXT.failed, invalid: NEWSLETTER_TEXT.invalid },
  log: { held: "Newsletter: held a sign-up for review", failed: "Subscribing failed" },
};

/**
 * POST /newsletter (the footer form, the /music panel, and the no-JavaScript
 * path alike). A client over the rate limit gets 429; a bad address 400. A
 * sign-up the bot checks catch is held for the artist to look at (the
 * dashboard's Filtered list), not dropped, and the fan is told it was received.
 */
export function handleSubscribe(services: Services, request: Request) {
  return handlePublicForm(services, request, subscribeForm);
}
