import { z } from "zod";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { formatDateTime } from "#app/lib/time/format-date.ts";
import { comingDayOf, setComingDay } from "#app/domain/release-day.server.ts";
import { releaseNow, type ReleaseStep } from "./release-schedule.server.ts";
import { releaseInstant } from "./songs.server.ts";
import { RELEASE_DAY_TEXT, RELEASE_TEXT } from "./ui-text.ts";
import { dayStamp } from "./release-day-stamp.ts";

const dayForm = z.object({
  id: z.string().trim().min(1).max(100),
  releaseAt: z.string().trim().default(""),
  releaseTimeZone: z.string().trim().default(""),
  announce: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true" || value === "1"),
  /** The day the form was showing (dayStamp), so a day moved elsewhere meanwhile is not overwritten unseen. */
  expectedDay: z.string().trim().max(200).optional(),
});

const describeDay = (day: { at: number; timeZone: string }) =>
  `${formatDateTime(day.at, day.timeZone)} (${day.timeZone.replaceAll("_", " ")})`;

/** A refusal of the release-day form: its message beside the time fields (`release`). */
type DayRefusal = { fields?: Record<string, string> };

/**
 * Moves a release's day (decision 023): every track of it not out yet comes out
 * at the new time, in the zone the artist chose, mailing the list or not. A
 * release with nothing coming is refused: what is out stays out.
 */
export async function moveReleaseDay(services: Services, input: Record<string, string>): Promise<Result<{ message: string }, DayRefusal>> {
  const parsed = dayForm.safeParse(input);
  if (!parsed.success) return refused(400, RELEASE_DAY_TEXT.badRequest);
  const { id, releaseAt, releaseTimeZone, announce, expectedDay } = parsed.data;
  if (!releaseAt) return refused(400, RELEASE_TEXT.timeRequired, { fields: { release: RELEASE_TEXT.timeRequired } });
  const now = Date.now();
  const instant = releaseInstant({ at: releaseAt, timeZone: releaseTimeZone }, now);
  if (!instant.ok) return { ...instant, fields: { release: instant.error } };
  return services.db.transaction().execute(async (trx) => {
    const current = await comingDayOf(trx, id);
    if (!current) {
      const exists = await trx.selectFrom("releases").select("id").where("id", "=", id).executeTakeFirst();
      return exists ? refused(400, RELEASE_DAY_TEXT.nothingComing) : refused(404, RELEASE_DAY_TEXT.releaseGone);
    }
    if (expectedDay !== undefined && expectedDay !== dayStamp(current))
      return refused(409, RELEASE_DAY_TEXT.changedElsewhere(describeDay(current)));
    const day = { at: instant.instant, timeZone: releaseTimeZone, announce, makesLatest: current.makesLatest };
    await setComingDay(trx, id, day, now);
    // Cached countdowns and "Coming soon" lists name the day: every page renews.
    await bumpContentVersion(trx);
    return ok({ message: RELEASE_DAY_TEXT.moved(describeDay(day)) });
  });
}

/**
 * The release editor's "Release now": the release's coming tracks come out at
 * once, through the same steps as on its day (the latest release, one
 * announcement). `wakeMail` is called when mail was queued.
 */
export async function releaseWholeNow(
  services: Services,
  releaseId: string,
  step?: ReleaseStep,
): Promise<Result<{ message: string }, DayRefusal>> {
  const released = await releaseNow(services.db, { releaseId }, step, Date.now(), services.media !== undefined);
  if (!released.ok)
    return released.status === 404 ? refused(404, RELEASE_DAY_TEXT.releaseGone) : refused(released.status, RELEASE_DAY_TEXT.nothingComing);
  if (released.queuedMail) services.mail?.wake();
  return ok({ message: (released.preparing ? RELEASE_TEXT.releasedWhenPrepared : RELEASE_TEXT.releasedNow)(released.title) });
}
