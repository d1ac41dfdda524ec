import { randomUUID } from "node:crypto";
import type { Db } from "#app/lib/db/db.server.ts";
import { unsubscribeUrl } from "#app/lib/mail/unsubscribe-link.server.ts";
import { NEWSLETTER_RATE_LIMIT } from "#app/lib/http/form-guard.server.ts";
import { firstPageOrError, keysetPage, keysetRows, type Cursor, type PageRequest } from "#app/lib/db/paged-list.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { METRIC, signupSubject } from "#app/domain/counted.ts";
import { handlePublicForm, type PublicForm } from "#app/domain/public-form.server.ts";
import { CONFIRM_LINK_MS, type SignUpSite, storeSignUp } from "./double-opt-in.server.ts";
import type { SignUpOutcome, Subscriber, SubscriberPage } from "./newsletter.ts";
import { NEWSLETTER_TEXT } from "./ui-text.ts";
import { firstEmailIssue, newsletterEmailSchema, subscribeFormSchema } from "./schema.ts";
import { csvRow } from "#app/lib/text/csv.ts";

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
/** Rows per database read while streaming the CSV export. */
const CSV_PAGE_SIZE = 500;

// ---- Subscribing -----------------------------------------------------------

/**
 * Adds an address to the list (SPEC section 3): lowercased and trimmed, source
 * 'website', timestamp = server time; subscribed at once without mail, after
 * its owner confirms with mail on (storeSignUp). Takes a `db` that may be a
 * transaction, so a held sign-up's release stores it inside its own, with the
 * time the fan signed up as `now`; the caller wakes the outbox after it
 * commits.
 */
export async function subscribe(target: { db: Db } & SignUpSite, email: unknown, now = Date.now()): Promise<Result> {
  const parsed = newsletterEmailSchema.safeParse(email);
  if (!parsed.success) return refused(400, firstEmailIssue(parsed.error));
  await storeSignUp(target.db, target, { email: parsed.data, form: null, page: null }, now);
  return ok();
}

/**
 * Takes an address off the list (subscribed = 0; the row stays, so a later
 * export or resubscription knows it). Succeeds whether or not the address was
 * on the list: the page must not reveal who is.
 */
export async function unsubscribe(services: Services, email: unknown, now = Date.now()): Promise<Result> {
  const parsed = newsletterEmailSchema.safeParse(email);
  if (!parsed.success) return refused(400, firstEmailIssue(parsed.error));
  await services.db.transaction().execute(async (trx) => {
    // A pending sign-up ends too: its confirmation link stops working.
    const left = await trx
      .updateTable("subscribers")
      .set({ subscribed: 0, pendingSince: null })
      .where("email", "=", parsed.data)
      .where((eb) => eb.or([eb("subscribed", "=", 1), eb("pendingSince", "is not", null)]))
      .executeTakeFirst();
    if (Number(left.numUpdatedRows) > 0) {
      await trx
        .insertInto("consents")
        .values({ id: randomUUID(), email: parsed.data, event: "unsubscribed", at: now, words: null, form: null, page: null })
        .execute();
    }
  });
  return ok();
}

/**
 * The artist takes an address off the list by hand (a fan asked by mail, a
 * bounce): as an unsubscribe, recorded as the artist's doing, so it leaves the
 * list, the count and the export, and the fan can sign up again later.
 */
export async function removeSubscriber(services: Services, id: unknown, now = Date.now()): Promise<Result<{ email: string }>> {
  if (typeof id !== "string" || id === "" || id.length > 100) return refused(400, NEWSLETTER_TEXT.subscriberIdRequired);
  return services.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("subscribers").select("email").where("id", "=", id).where("subscribed", "=", 1).executeTakeFirst();
    if (!row) return refused(404, NEWSLETTER_TEXT.subscriberNotFound);
    await trx.updateTable("subscribers").set({ subscribed: 0, pendingSince: null }).where("id", "=", id).execute();
    await trx
      .insertInto("consents")
      .values({ id: randomUUID(), email: row.email, event: "removed-by-artist", at: now, words: null, form: null, page: null })
      .execute();
    return ok({ email: row.email });
  });
}

/**
 * Undoes removeSubscriber, only while nothing else has happened to the address
 * since (the fan did not sign up or leave meanwhile): back as it was, with its
 * subscription date.
 */
export async function restoreSubscriber(services: Services, id: unknown, now = Date.now()): Promise<Result<{ email: string }>> {
  if (typeof id !== "string" || id === "" || id.length > 100) return refused(400, NEWSLETTER_TEXT.subscriberIdRequired);
  return services.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("subscribers").select(["email", "subscribed"]).where("id", "=", id).executeTakeFirst();
    if (!row) return refused(404, NEWSLETTER_TEXT.subscriberNotFound);
    const last = await trx
      .selectFrom("consents")
      .select("event")
      .where("email", "=", row.email)
      .orderBy("at", "desc")
      .limit(1)
      .executeTakeFirst();
    if (row.subscribed === 1 || last?.event !== "removed-by-artist") return refused(400, NEWSLETTER_TEXT.cannotUndo);
    await trx.updateTable("subscribers").set({ subscribed: 1 }).where("id", "=", id).execute();
    await trx
      .insertInto("consents")
      .values({ id: randomUUID(), email: row.email, event: "restored-by-artist", at: now, words: null, form: null, page: null })
      .execute();
    return ok({ email: row.email });
  });
}

/** Where an address stands with the list, for its owner's account page. */
export async function listStanding(services: Services, email: string, now = Date.now()): Promise<"on" | "waiting" | "off"> {
  const row = await services.db
    .selectFrom("subscribers")
    .select(["subscribed", "pendingSince"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (row?.subscribed === 1) return "on";
  return row?.pendingSince != null && now - Number(row.pendingSince) < CONFIRM_LINK_MS ? "waiting" : "off";
}

/**
 * A signed-in person joins the list from their account page: as any sign-up
 * (a confirmation mail first when the site sends mail), recorded as made there.
 */
export async function joinFromAccount(services: Services, email: string): Promise<"on" | "waiting"> {
  const queued = await services.db.transaction().execute((trx) => storeSignUp(trx, services, { email, form: null, page: "/account" }));
  if (queued) services.mail?.wake();
  services.numbers.count(METRIC.signup, signupSubject("account", "/account"));
  return listStanding(services, email).then((standing) => (standing === "on" ? "on" : "waiting"));
}

/** Whether `email` is on the list or waiting to confirm: what an unsubscribe link would still change. */
export async function isOnTheList(services: Services, email: string): Promise<boolean> {
  const row = await services.db
    .selectFrom("subscribers")
    .select("id")
    .where("email", "=", email)
    .where((eb) => eb.or([eb("subscribed", "=", 1), eb("pendingSince", "is not", null)]))
    .executeTakeFirst();
  return row !== undefined;
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
  const awaiting = await services.db
    .selectFrom("subscribers")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("subscribed", "=", 0)
    .where("pendingSince", ">=", Date.now() - CONFIRM_LINK_MS)
    .executeTakeFirst();
  return { subscribers: page.items, nextCursor: page.nextCursor, subscribedCount: page.count, awaitingCount: Number(awaiting?.n ?? 0) };
}

/**
 * The first page for the dashboard's loader, in the shape SubscribersArea
 * takes: a failure is logged here and shown by the area as a banner.
 */
export function subscribersForDashboard(services: Services): Promise<SubscriberPage | { error: string }> {
  return firstPageOrError(() => listSubscribers(services), NEWSLETTER_TEXT.loadFailed);
}

// ---- CSV export ------------------------------------------------------------

const CSV_HEADER = ["email", "subscribedAt", "unsubscribeUrl"] as const;

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

/**
 * What a form that signs up for something more (a download for an e-mail
 * address) adds to the sign-up, handed in by the route that composes the two:
 * run in the sign-up's transaction once the address is stored, it gives what
 * the answer adds and what to do once that has committed.
 */
export type SignUpExtra<Extra extends object> = (db: Db, email: string) => Promise<{ extra: Extra; afterCommit?: () => void }>;

function subscribeForm<Extra extends object>(
  services: Services,
  also?: SignUpExtra<Extra>,
): PublicForm<typeof subscribeFormSchema, SignUpOutcome & Partial<Extra>> {
  // What `also` made of this one request's sign-up, for its answer.
  let extra: Partial<Extra> = {};
  return {
    rateLimit: NEWSLETTER_RATE_LIMIT,
    fields: (form) => ({ email: form.get("email") ?? undefined, form: form.get("form"), page: form.get("page") }),
    schema: subscribeFormSchema,
    // Inside the form's transaction; the mail worker is woken once it has committed.
    store: async (db, signUp) => {
      const mailed = await storeSignUp(db, services, signUp);
      const more = also ? await also(db, signUp.email) : undefined;
      extra = more?.extra ?? {};
      return () => {
        if (mailed) services.mail?.wake();
        more?.afterCommit?.();
        services.numbers.count(METRIC.signup, signupSubject(signUp.form ?? "form", signUp.page?.split(/[?#]/)[0] ?? ""));
      };
    },
    held: ({ email }) => ({ kind: "newsletter", content: { email } }),
    // The fan is told what happened: not "subscribed" while a mail still has to be opened, nor when held.
    accepted: ({ email }, how) => ({ ...extra, email, outcome: how === "held" ? "held" : services.mail ? "confirm" : "subscribed" }),
    headers: { "Cache-Control": "no-store" },
    messages: { failed: NEWSLETTER_TEXT.failed, invalid: NEWSLETTER_TEXT.invalid },
    log: { held: "Newsletter: held a sign-up for review", failed: "Subscribing failed" },
  };
}

/**
 * POST /newsletter (the footer form, the /music panel, and the no-JavaScript
 * path alike). A client over the rate limit gets 429; a bad address 400. A
 * sign-up the bot checks catch is held for the artist to look at (the
 * dashboard's Filtered list), not dropped, and the fan is told it waits to be checked.
 */
export function handleSubscribe<Extra extends object = object>(services: Services, request: Request, also?: SignUpExtra<Extra>) {
  return handlePublicForm(services, request, subscribeForm(services, also));
}
