import { z } from "zod";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import type { Database } from "#app/lib/db/db-schema.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { creditLines, parseCreditLines, storedCredits } from "#app/domain/credits.ts";
import { LYRICS_MAX, LYRICS_TEXT, normalizeIsrc, parseSyncedLyrics, SYNCED_LYRICS_MAX } from "#app/domain/lyrics.ts";
import { releasePath } from "#app/domain/public-paths.ts";
import type { Release, ReleaseChoiceOption } from "#app/domain/release.ts";
import { FALLBACK_SLUG, firstFreeSlug, slugify } from "#app/domain/slug.ts";
import { retryOnTakenSlug, selectSongs, toRelease, toSong } from "#app/domain/song-rows.server.ts";
import { comingDayOf, releaseDayColumns, releaseLeftOverAnnouncements } from "#app/domain/release-day.server.ts";
import { currentArtistName } from "#app/domain/site/site-settings.server.ts";
import { sql, type Kysely } from "kysely";
import { RELEASE_EDIT_TEXT } from "./ui-text.ts";

type Queryable = Kysely<Database>;

/** A track as the release editor shows it: the song, and its words and credits as the artist typed them. */
export type TrackForEditing = {
  song: ReturnType<typeof toSong>;
  trackNumber: number;
  slug: string;
  lyrics: string;
  syncedLyrics: string;
  /** One credit to a line, "Role: Names". */
  credits: string;
};

export type ReleaseForEditing = {
  release: Omit<Release, "tracks" | "credits"> & { credits: string };
  tracks: TrackForEditing[];
  /** The other releases a track can be moved to, newest first. */
  otherReleases: { id: string; title: string }[];
};

/** A release with every track (out or not), for the artist's editor; null when there is none with that id. */
export async function releaseForEditing(services: Services, id: string): Promise<ReleaseForEditing | null> {
  const { db } = services;
  const release = await db.selectFrom("releases").selectAll().where("id", "=", id).executeTakeFirst();
  if (!release) return null;
  const [rows, texts, others, artistName] = await Promise.all([
    selectSongs(db).where("releaseId", "=", id).orderBy("trackNumber").orderBy("createdAt").execute(),
    db.selectFrom("songs").select(["id", "lyrics", "syncedLyrics", "credits"]).where("releaseId", "=", id).execute(),
    db.selectFrom("releases").select(["id", "title"]).where("id", "!=", id).orderBy("createdAt", "desc").orderBy("id").execute(),
    currentArtistName(db),
  ]);
  const textOf = new Map(texts.map((row) => [row.id, row]));
  const { tracks: _tracks, credits, ...details } = toRelease(release, []);
  return {
    // Credits as the artist types them, one to a line.
    release: { ...details, credits: creditLines(credits) },
    tracks: rows.map((row) => {
      const text = textOf.get(row.id);
      return {
        song: toSong(row, artistName),
        trackNumber: row.trackNumber,
        slug: row.slug,
        lyrics: text?.lyrics ?? "",
        syncedLyrics: text?.syncedLyrics ?? "",
        credits: creditLines(storedCredits(text?.credits ?? "[]")),
      };
    }),
    otherReleases: others,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An address the artist typed, made into a slug ("Night Ferry (Live)" →
 * "night-ferry-live"). A UUID is refused: /music/{id} is where every song's
 * link from before releases lands, and a release there would take it.
 */
function typedSlug(typed: string): string | null {
  const slug = slugify(typed, "");
  if (!slug || UUID.test(slug)) return null;
  return slug;
}

const version = z.coerce.number().int().min(0);
const text = (max: number, message: string) => z.string().max(max, message).default("");

export type ReleaseField = "title" | "kind" | "slug" | "notes" | "credits" | "releaseDate";
export type TrackField = "slug" | "lyrics" | "syncedLyrics" | "credits" | "isrc";

const releaseDetailsSchema = z.object({
  id: z.string().min(1).max(100),
  expectedUpdatedAt: version,
  title: z.string().trim().min(1, RELEASE_EDIT_TEXT.titleRequired).max(200, RELEASE_EDIT_TEXT.titleTooLong),
  kind: z.enum(["album", "ep", "single"], { error: RELEASE_EDIT_TEXT.kindRequired }),
  slug: z.string().trim().max(200, RELEASE_EDIT_TEXT.slugInvalid),
  notes: text(10_000, RELEASE_EDIT_TEXT.notesTooLong),
  credits: text(20_000, RELEASE_EDIT_TEXT.creditsTooLong),
  releaseDate: z.string().trim().max(20, RELEASE_EDIT_TEXT.dateInvalid).default(""),
});

/** The earliest day a release date may name: recorded sound is not older. */
const EARLIEST_RELEASE_DATE = Date.UTC(1877, 0, 1);

/** "2019-05-03" as UTC midnight; "" as none; null when it is not a real day, or is yet to come. */
function parseReleaseDate(typed: string, now: number): number | null | "invalid" {
  if (!typed) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  if (!match) return "invalid";
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const at = Date.UTC(year, month - 1, day);
  const back = new Date(at);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return "invalid";
  // A day still to come anywhere on earth is a scheduled release, set on its tracks.
  if (at < EARLIEST_RELEASE_DATE || at > now + 14 * 3_600_000) return "invalid";
  return at;
}

type FieldErrors<Field extends string> = Partial<Record<Field, string>>;
/** A refusal names the fields it is about, so the form shows each message beside its field with what was typed kept. */
export type EditResult<Field extends string> = Result<{ message: string }, { fields: FieldErrors<Field> }>;

function invalid<Field extends string>(fields: FieldErrors<Field>): EditResult<Field> {
  const first = Object.values(fields).find((message): message is string => typeof message === "string");
  return refused(400, first ?? RELEASE_EDIT_TEXT.badRequest, { fields });
}

function issuesByField<Field extends string>(issues: readonly z.core.$ZodIssue[], known: readonly Field[]): FieldErrors<Field> {
  const fields: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = known.find((name) => name === issue.path[0]);
    if (field && !fields[field]) fields[field] = issue.message;
  }
  return fields;
}

class Stale extends Error {}

/**
 * Saves a release's title, kind, address, notes and credits, if it is still the
 * version the form was opened on. A new address leaves the old one answering
 * 301 (for the release and each of its tracks); an address in use by another
 * release is refused, and one another release had before is taken over (a page
 * beats a redirect).
 */
export async function updateReleaseDetails(services: Services, input: Record<string, string>): Promise<EditResult<ReleaseField>> {
  const parsed = releaseDetailsSchema.safeParse(input);
  if (!parsed.success) {
    const fields = issuesByField(parsed.error.issues, ["title", "kind", "slug", "notes", "credits", "releaseDate"] as const);
    return Object.keys(fields).length > 0 ? invalid(fields) : refused(400, RELEASE_EDIT_TEXT.badRequest, { fields: {} });
  }
  const edit = parsed.data;
  const slug = typedSlug(edit.slug || edit.title);
  const credits = parseCreditLines(edit.credits);
  const now = Date.now();
  const releaseDate = parseReleaseDate(edit.releaseDate, now);
  const fields: FieldErrors<ReleaseField> = {};
  if (!slug) fields.slug = RELEASE_EDIT_TEXT.slugInvalid;
  if (!credits.ok) fields.credits = credits.error;
  if (releaseDate === "invalid") fields.releaseDate = RELEASE_EDIT_TEXT.dateInvalid;
  if (!slug || !credits.ok || releaseDate === "invalid") return invalid(fields);
  try {
    return await services.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("releases").select(["slug", "updatedAt"]).where("id", "=", edit.id).executeTakeFirst();
      if (!row) return refused(404, RELEASE_EDIT_TEXT.releaseGone, { fields: {} });
      if (Number(row.updatedAt) !== edit.expectedUpdatedAt) throw new Stale();
      if (slug !== row.slug) {
        const taken = await trx.selectFrom("releases").select("id").where("slug", "=", slug).executeTakeFirst();
        if (taken) return invalid<ReleaseField>({ slug: RELEASE_EDIT_TEXT.slugTaken(slug) });
        // The new address stops redirecting; the old one now leads here, whatever it led to before
        // (a single added in the wizard may take an address that was once a redirect).
        await trx.deleteFrom("releaseSlugRedirects").where("slug", "in", [slug, row.slug]).execute();
        await trx.insertInto("releaseSlugRedirects").values({ slug: row.slug, releaseId: edit.id, createdAt: now }).execute();
      }
      const updated = await trx
        .updateTable("releases")
        .set({
          title: edit.title,
          kind: edit.kind,
          slug,
          notes: edit.notes.trim(),
          credits: JSON.stringify(credits.credits),
          releaseDate,
          updatedAt: Math.max(now, edit.expectedUpdatedAt + 1),
        })
        .where("id", "=", edit.id)
        .where("updatedAt", "=", edit.expectedUpdatedAt)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new Stale();
      await bumpContentVersion(trx);
      return ok({ message: RELEASE_EDIT_TEXT.releaseSaved });
    });
  } catch (error) {
    if (error instanceof Stale) return refused(409, RELEASE_EDIT_TEXT.stale, { fields: {} });
    if (isUniqueViolation(error)) return invalid<ReleaseField>({ slug: RELEASE_EDIT_TEXT.slugTaken(slug) });
    throw error;
  }
}

const newReleaseSchema = z.object({
  title: z.string().trim().min(1, RELEASE_EDIT_TEXT.titleRequired).max(200, RELEASE_EDIT_TEXT.titleTooLong),
  kind: z.enum(["album", "ep", "single"], { error: RELEASE_EDIT_TEXT.kindRequired }),
});

/**
 * A new release with no tracks yet, named and with an address made from its
 * title (free among the releases). It has no public page until a track is on it.
 */
export async function createRelease(
  services: Services,
  input: Record<string, string>,
): Promise<Result<{ id: string; message: string }, { fields: FieldErrors<"title" | "kind"> }>> {
  const parsed = newReleaseSchema.safeParse(input);
  if (!parsed.success) {
    const fields = issuesByField(parsed.error.issues, ["title", "kind"] as const);
    const first = Object.values(fields)[0];
    return refused(400, first ?? RELEASE_EDIT_TEXT.badRequest, { fields });
  }
  const { title, kind } = parsed.data;
  const id = crypto.randomUUID();
  const now = Date.now();
  await retryOnTakenSlug(() =>
    services.db.transaction().execute(async (trx) => {
      const base = typedSlug(title) ?? FALLBACK_SLUG.release;
      const taken = await trx
        .selectFrom("releases")
        .select("slug")
        .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
        .execute();
      const slug = firstFreeSlug(base, new Set(taken.map((row) => row.slug)));
      await trx.deleteFrom("releaseSlugRedirects").where("slug", "=", slug).execute();
      await trx.insertInto("releases").values({ id, slug, title, kind, createdAt: now, updatedAt: now }).execute();
    }),
  );
  return ok({ id, message: RELEASE_EDIT_TEXT.created(title) });
}

const trackDetailsSchema = z.object({
  songId: z.string().min(1).max(100),
  expectedUpdatedAt: version,
  slug: z.string().trim().max(200, RELEASE_EDIT_TEXT.slugInvalid),
  lyrics: text(LYRICS_MAX, LYRICS_TEXT.tooLong),
  syncedLyrics: text(SYNCED_LYRICS_MAX, LYRICS_TEXT.syncedTooLong),
  credits: text(20_000, RELEASE_EDIT_TEXT.creditsTooLong),
  isrc: z.string().trim().max(40, LYRICS_TEXT.isrc).default(""),
  explicit: z.string().optional(),
});

/**
 * Saves a track's address, lyrics (plain, and synced as LRC), credits, ISRC and
 * explicit mark, if the song is still the version the form was opened on. A new
 * address leaves the old one answering 301.
 */
export async function updateTrackDetails(services: Services, input: Record<string, string>): Promise<EditResult<TrackField>> {
  const parsed = trackDetailsSchema.safeParse(input);
  if (!parsed.success) {
    const fields = issuesByField(parsed.error.issues, ["slug", "lyrics", "syncedLyrics", "credits", "isrc"] as const);
    return Object.keys(fields).length > 0 ? invalid(fields) : refused(400, RELEASE_EDIT_TEXT.badRequest, { fields: {} });
  }
  const edit = parsed.data;
  const fields: FieldErrors<TrackField> = {};
  const slug = edit.slug ? typedSlug(edit.slug) : null;
  if (edit.slug && !slug) fields.slug = RELEASE_EDIT_TEXT.slugInvalid;
  const credits = parseCreditLines(edit.credits);
  if (!credits.ok) fields.credits = credits.error;
  const synced = edit.syncedLyrics.trim() ? parseSyncedLyrics(edit.syncedLyrics) : null;
  if (synced && !synced.ok) fields.syncedLyrics = synced.error;
  const isrc = edit.isrc ? normalizeIsrc(edit.isrc) : "";
  if (isrc === null) fields.isrc = LYRICS_TEXT.isrc;
  if (Object.keys(fields).length > 0 || !credits.ok || isrc === null) return invalid(fields);
  const now = Date.now();
  try {
    return await services.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("songs").select(["slug", "releaseId", "updatedAt"]).where("id", "=", edit.songId).executeTakeFirst();
      if (!row) return refused(404, RELEASE_EDIT_TEXT.trackGone, { fields: {} });
      if (row.updatedAt !== edit.expectedUpdatedAt) throw new Stale();
      const newSlug = slug ?? row.slug;
      if (newSlug !== row.slug) {
        const taken = await trx
          .selectFrom("songs")
          .select("id")
          .where("releaseId", "=", row.releaseId)
          .where("slug", "=", newSlug)
          .executeTakeFirst();
        if (taken) return invalid<TrackField>({ slug: RELEASE_EDIT_TEXT.trackSlugTaken(newSlug) });
        await rememberTrackAddress(trx, row.releaseId, row.slug, edit.songId, now);
      }
      const updated = await trx
        .updateTable("songs")
        .set({
          slug: newSlug,
          lyrics: edit.lyrics.replaceAll("\r\n", "\n").trim(),
          syncedLyrics: edit.syncedLyrics.replaceAll("\r\n", "\n").trim(),
          credits: JSON.stringify(credits.credits),
          isrc,
          explicit: edit.explicit ? 1 : 0,
          updatedAt: Math.max(now, edit.expectedUpdatedAt + 1),
        })
        .where("id", "=", edit.songId)
        .where("updatedAt", "=", edit.expectedUpdatedAt)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new Stale();
      await bumpContentVersion(trx);
      return ok({ message: RELEASE_EDIT_TEXT.trackSaved });
    });
  } catch (error) {
    if (error instanceof Stale) return refused(409, RELEASE_EDIT_TEXT.stale, { fields: {} });
    if (isUniqueViolation(error)) return invalid<TrackField>({ slug: RELEASE_EDIT_TEXT.trackSlugTaken(slug ?? "") });
    throw error;
  }
}

/** A track's address as it is now (its release's slug and its own) keeps leading to it once either changes. */
async function rememberTrackAddress(trx: Queryable, releaseId: string, trackSlug: string, songId: string, now: number) {
  const release = await trx.selectFrom("releases").select("slug").where("id", "=", releaseId).executeTakeFirstOrThrow();
  await trx.deleteFrom("trackSlugRedirects").where("releaseSlug", "=", release.slug).where("slug", "=", trackSlug).execute();
  await trx.insertInto("trackSlugRedirects").values({ releaseSlug: release.slug, slug: trackSlug, songId, createdAt: now }).execute();
}

const moveSchema = z.object({
  songId: z.string().min(1).max(100),
  direction: z.enum(["up", "down"]),
});

/**
 * Moves a track one place up or down its release's running order. The order is
 * numbered afresh from 1 as it is saved, so places stay whole whatever came before.
 */
export async function moveTrack(services: Services, input: Record<string, string>): Promise<Result<{ message: string }>> {
  const parsed = moveSchema.safeParse(input);
  if (!parsed.success) return refused(400, RELEASE_EDIT_TEXT.badRequest);
  const { songId, direction } = parsed.data;
  return services.db.transaction().execute(async (trx) => {
    const song = await trx.selectFrom("songs").select(["releaseId", "title"]).where("id", "=", songId).executeTakeFirst();
    if (!song) return refused(404, RELEASE_EDIT_TEXT.trackGone);
    const order = await runningOrder(trx, song.releaseId);
    const ids = order.map((row) => row.id);
    const from = ids.indexOf(songId);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= ids.length) return ok({ message: RELEASE_EDIT_TEXT.alreadyThere(song.title, direction) });
    [ids[from], ids[to]] = [ids[to] ?? songId, songId];
    await renumber(trx, order, ids, Date.now());
    await bumpContentVersion(trx);
    return ok({ message: RELEASE_EDIT_TEXT.moved(song.title, to + 1) });
  });
}

type OrderRow = { id: string; trackNumber: number; updatedAt: number };

/** A release's tracks as they stand, in running order. */
function runningOrder(trx: Queryable, releaseId: string): Promise<OrderRow[]> {
  return trx
    .selectFrom("songs")
    .select(["id", "trackNumber", "updatedAt"])
    .where("releaseId", "=", releaseId)
    .orderBy("trackNumber")
    .orderBy("createdAt")
    .execute();
}

/** Gives each track its place in `ids`, from 1; each moved song's version moves too, so an editor open on it sees the change. */
async function renumber(trx: Queryable, rows: readonly OrderRow[], ids: readonly string[], now: number): Promise<void> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const [index, id] of ids.entries()) {
    const row = byId.get(id);
    if (!row || row.trackNumber === index + 1) continue;
    await trx
      .updateTable("songs")
      .set({ trackNumber: index + 1, updatedAt: Math.max(now, row.updatedAt + 1) })
      .where("id", "=", id)
      .execute();
  }
}

const reorderSchema = z.object({
  id: z.string().min(1).max(100),
  /** Every track's id, comma-separated, in the new running order. */
  order: z.string().min(1).max(20_000),
});

/**
 * Puts a release's tracks in the order given (a drag in the editor). The order
 * must name exactly the release's tracks: one added, moved or deleted meanwhile
 * refuses it, rather than guessing where it goes.
 */
export async function reorderTracks(services: Services, input: Record<string, string>): Promise<Result<{ message: string }>> {
  const parsed = reorderSchema.safeParse(input);
  if (!parsed.success) return refused(400, RELEASE_EDIT_TEXT.badRequest);
  const wanted = parsed.data.order.split(",").map((id) => id.trim());
  return services.db.transaction().execute(async (trx) => {
    const release = await trx.selectFrom("releases").select("id").where("id", "=", parsed.data.id).executeTakeFirst();
    if (!release) return refused(404, RELEASE_EDIT_TEXT.releaseGone);
    const rows = await runningOrder(trx, release.id);
    const same = rows.length === wanted.length && new Set(wanted).size === wanted.length && rows.every((row) => wanted.includes(row.id));
    if (!same) return refused(409, RELEASE_EDIT_TEXT.orderChanged);
    await renumber(trx, rows, wanted, Date.now());
    await bumpContentVersion(trx);
    return ok({ message: RELEASE_EDIT_TEXT.reordered });
  });
}

const moveToReleaseSchema = z.object({
  songId: z.string().min(1).max(100),
  releaseId: z.string().min(1, RELEASE_EDIT_TEXT.chooseRelease).max(100),
});

/**
 * Moves a track to the end of another release. Its old address answers 301
 * with the new one; a release left with no track goes, its address (and the
 * addresses it had) then answering with the release the track went to, so a
 * single folded into an album keeps every link to it working.
 */
export async function moveTrackToRelease(
  services: Services,
  input: Record<string, string>,
): Promise<Result<{ message: string; /** The release it went to, when the one it left is gone. */ id?: string }>> {
  const parsed = moveToReleaseSchema.safeParse(input);
  if (!parsed.success) return refused(400, parsed.error.issues[0]?.message ?? RELEASE_EDIT_TEXT.badRequest);
  const { songId, releaseId: targetId } = parsed.data;
  const now = Date.now();
  return services.db.transaction().execute(async (trx) => {
    const song = await trx
      .selectFrom("songs")
      .select(["releaseId", "slug", "title", "updatedAt", "released"])
      .where("id", "=", songId)
      .executeTakeFirst();
    if (!song) return refused(404, RELEASE_EDIT_TEXT.trackGone);
    const target = await trx.selectFrom("releases").select(["id", "title"]).where("id", "=", targetId).executeTakeFirst();
    if (!target) return refused(404, RELEASE_EDIT_TEXT.releaseGone);
    if (target.id === song.releaseId) return ok({ message: RELEASE_EDIT_TEXT.movedTo(song.title, target.title) });
    const targetTracks = await trx.selectFrom("songs").select(["slug", "trackNumber"]).where("releaseId", "=", target.id).execute();
    const slug = firstFreeSlug(song.slug, new Set(targetTracks.map((track) => track.slug)));
    const last = Math.max(0, ...targetTracks.map((track) => track.trackNumber));
    // A track not out yet comes out with the tracks coming there, on their day (decision 023).
    const day = song.released === 0 ? await comingDayOf(trx, target.id) : null;
    await trx
      .updateTable("songs")
      .set({
        releaseId: target.id,
        slug,
        trackNumber: last + 1,
        updatedAt: Math.max(now, song.updatedAt + 1),
        ...(day ? releaseDayColumns(day) : {}),
      })
      .where("id", "=", songId)
      .execute();
    await rememberTrackAddress(trx, song.releaseId, song.slug, songId, now);
    const left = await runningOrder(trx, song.releaseId);
    if (left.length > 0)
      await renumber(
        trx,
        left,
        left.map((row) => row.id),
        now,
      );
    else await foldInto(trx, song.releaseId, target.id, now);
    await releaseLeftOverAnnouncements(trx, now);
    await bumpContentVersion(trx);
    return ok({ message: RELEASE_EDIT_TEXT.movedTo(song.title, target.title), ...(left.length === 0 ? { id: target.id } : {}) });
  });
}

/** An emptied release goes; its addresses (the one it had, and those before) now lead to `targetId`. */
async function foldInto(trx: Queryable, emptiedId: string, targetId: string, now: number): Promise<void> {
  const emptied = await trx.selectFrom("releases").select("slug").where("id", "=", emptiedId).executeTakeFirstOrThrow();
  await trx.updateTable("releaseSlugRedirects").set({ releaseId: targetId }).where("releaseId", "=", emptiedId).execute();
  await trx.deleteFrom("releases").where("id", "=", emptiedId).execute();
  await trx.deleteFrom("releaseSlugRedirects").where("slug", "=", emptied.slug).execute();
  await trx.insertInto("releaseSlugRedirects").values({ slug: emptied.slug, releaseId: targetId, createdAt: now }).execute();
}

function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as Error & { code?: unknown };
  return code === "23505" || error.message.includes("UNIQUE constraint failed");
}

const deleteSchema = z.object({ id: z.string().min(1).max(100) });

/** Deletes a release that has no tracks (one with tracks keeps them: they are deleted, or moved, one by one). */
export async function deleteEmptyRelease(services: Services, input: Record<string, string>): Promise<Result<{ message: string }>> {
  const parsed = deleteSchema.safeParse(input);
  if (!parsed.success) return refused(400, RELEASE_EDIT_TEXT.badRequest);
  return services.db.transaction().execute(async (trx) => {
    const release = await trx.selectFrom("releases").select("title").where("id", "=", parsed.data.id).executeTakeFirst();
    if (!release) return refused(404, RELEASE_EDIT_TEXT.releaseGone);
    const track = await trx.selectFrom("songs").select("id").where("releaseId", "=", parsed.data.id).executeTakeFirst();
    if (track) return refused(400, RELEASE_EDIT_TEXT.notEmpty);
    await trx.deleteFrom("releases").where("id", "=", parsed.data.id).execute();
    await bumpContentVersion(trx);
    return ok({ message: RELEASE_EDIT_TEXT.deleted(release.title) });
  });
}

/** A release as the dashboard's list of releases shows it. */
export type ReleaseRow = {
  id: string;
  title: string;
  kind: Release["kind"];
  path: string;
  trackCount: number;
  outCount: number;
  /** The day its tracks not out yet come out, in the zone the artist set it in; null with none coming. */
  coming: { at: number; timeZone: string } | null;
};

/** Every release, newest first, with how many tracks it has and how many are out. */
export async function listReleasesForEditing(services: Services): Promise<ReleaseRow[]> {
  const rows = await services.db
    .selectFrom("releases")
    .leftJoin("songs", "songs.releaseId", "releases.id")
    .select((eb) => [
      "releases.id",
      "releases.title",
      "releases.kind",
      "releases.slug",
      eb.fn.count<number>("songs.id").as("trackCount"),
      eb.fn.sum<number>(eb.fn.coalesce("songs.released", eb.lit(0))).as("outCount"),
      // Its coming tracks share one day (decision 023).
      sql<number | string | null>`min(case when songs.released = 0 then songs."releaseAt" end)`.as("comingAt"),
      sql<string | null>`min(case when songs.released = 0 then songs."releaseTimeZone" end)`.as("comingTimeZone"),
    ])
    .groupBy(["releases.id", "releases.title", "releases.kind", "releases.slug", "releases.createdAt"])
    .orderBy("releases.createdAt", "desc")
    .orderBy("releases.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    kind: row.kind,
    path: releasePath(row.slug),
    trackCount: Number(row.trackCount),
    outCount: Number(row.outCount ?? 0),
    coming: row.comingAt === null ? null : { at: Number(row.comingAt), timeZone: row.comingTimeZone ?? "UTC" },
  }));
}

/** The releases a new song can join: every album and EP, and a single with no track yet. */
export async function releaseChoices(services: Services): Promise<ReleaseChoiceOption[]> {
  const releases = await listReleasesForEditing(services);
  return releases
    .filter((release) => release.kind !== "single" || release.trackCount === 0)
    .map(({ id, title, kind, coming }) => ({ id, title, kind, coming }));
}
