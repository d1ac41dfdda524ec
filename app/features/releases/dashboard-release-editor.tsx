import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from "react";
import { Form, Link, useActionData, useNavigation, useSubmit } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { TextAreaField } from "#app/components/ui/text-area-field.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { COMMON_CREDIT_ROLES } from "#app/domain/credits.ts";
import { formatIsrc } from "#app/domain/lyrics.ts";
import { releasePath } from "#app/domain/public-paths.ts";
import { embedCode } from "#app/domain/embed-code.ts";
import { absoluteUrl } from "#app/lib/document/meta.ts";
import { releaseDateField } from "#app/domain/release.ts";
import { formatDuration } from "#app/domain/song.ts";
import { formatDateTime } from "#app/lib/time/format-date.ts";
import type { ReleaseForEditing, TrackForEditing } from "./release-edit.server.ts";
import type { ReleaseEditorIntent, ReleaseEditorResult } from "./release-editor-action.server.ts";
import { ExplicitMark } from "./track-words.tsx";
import { useTrackDrag } from "./use-track-drag.ts";
import { RELEASE_EDITOR_TEXT } from "./ui-text.ts";

/** The answer to one form on the page: the release's, or a track's (`target` is its id). */
function useAnswerFor(intent: ReleaseEditorIntent | readonly ReleaseEditorIntent[], target: string) {
  const answer = useActionData<ReleaseEditorResult>();
  const intents: readonly string[] = typeof intent === "string" ? [intent] : intent;
  if (!answer || answer.target !== target || !intents.includes(answer.intent)) return null;
  return answer;
}

/** Whether this form's post is on its way. */
function useSending(intent: ReleaseEditorIntent, target: string) {
  const navigation = useNavigation();
  const form = navigation.formData;
  return navigation.state === "submitting" && form?.get("intent") === intent && (form.get("songId") ?? form.get("id")) === target;
}

function Outcome({ answer }: { answer: ReleaseEditorResult | null }) {
  if (!answer) return null;
  return answer.ok ? (
    <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
      {answer.message}
    </p>
  ) : (
    <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
      {/* A message that belongs to a field is said there; here, only that nothing was saved. */}
      {Object.keys(answer.fields).length > 0 ? RELEASE_EDITOR_TEXT.seeFields : answer.error}
    </p>
  );
}

const section = "space-y-6 rounded-3xl border border-stone-200 p-5 sm:p-8 dark:border-stone-800";

/**
 * A release in the dashboard: its details, notes and credits; its running order
 * (each track moved up or down with a button, which is also the keyboard's way);
 * each track's lyrics, credits, ISRC and address; moving a track to another
 * release. Every form posts to the page, so all of it works before the app has
 * started, and with JavaScript off.
 */
export function ReleaseEditor({
  data,
  dashboardPath,
  addTracks,
  releaseDay,
  cover,
  origin,
}: {
  data: ReleaseForEditing;
  dashboardPath: string;
  /** The site's public address (PUBLIC_URL), for the link and the embed code to share. */
  origin: string;
  /** Where tracks are added (the songs feature's), shown once the page runs: it uploads from the browser. */
  addTracks: ReactNode;
  /** When its tracks not out yet come out (the songs feature's), for a release with tracks coming. */
  releaseDay?: ReactNode;
  /** Its cover, replaced on every track (the songs feature's), for a release with tracks. */
  cover?: ReactNode;
}) {
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  const { release, tracks, otherReleases } = data;
  return (
    <div className="space-y-10">
      <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link to={`${dashboardPath}/music`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
          ← {RELEASE_EDITOR_TEXT.allReleases}
        </Link>
        {tracks.some((track) => track.song.released) ? (
          <a href={release.path} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
            {RELEASE_EDITOR_TEXT.viewPage} ↗
          </a>
        ) : null}
      </p>
      {releaseDay}
      {cover}
      <ReleaseDetailsForm release={release} />
      <ReleaseShare release={release} tracks={tracks} origin={origin} />
      <section aria-labelledby="tracks-heading" className={section}>
        <div>
          <h2 id="tracks-heading" className="text-xl font-semibold">
            {RELEASE_EDITOR_TEXT.tracksHeading}
          </h2>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{RELEASE_EDITOR_TEXT.tracksIntro}</p>
        </div>
        {tracks.length === 0 ? (
          <EmptyRelease releaseId={release.id} title={release.title} dashboardPath={dashboardPath} />
        ) : (
          <TrackList tracks={tracks} releaseId={release.id} releaseSlug={release.slug} otherReleases={otherReleases} />
        )}
        {running ? addTracks : null}
      </section>
    </div>
  );
}

/** The running order: each row moved by its Up and Down buttons, or, once the page is running, by dragging its grip. */
function TrackList({
  tracks,
  releaseId,
  releaseSlug,
  otherReleases,
}: {
  tracks: TrackForEditing[];
  releaseId: string;
  releaseSlug: string;
  otherReleases: ReleaseForEditing["otherReleases"];
}) {
  const submit = useSubmit();
  const reordered = useAnswerFor("reorder", releaseId);
  // A deleted track's row is gone: what came of it is said above the list.
  const latest = useActionData<ReleaseEditorResult>();
  const answer = reordered ?? (latest?.intent === "delete-track" ? latest : null);
  const { order, dragging, rowRef, gripProps } = useTrackDrag(
    tracks.map((track) => track.song.id),
    (ids) => void submit({ intent: "reorder", id: releaseId, order: ids.join(",") }, { method: "post", preventScrollReset: true }),
  );
  // The grip only works once the page runs: before that, it is not shown.
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  const byId = new Map(tracks.map((track) => [track.song.id, track]));
  const shown = order.flatMap((id) => byId.get(id) ?? []);
  return (
    <>
      <div aria-live="polite">
        <Outcome answer={answer} />
      </div>
      <ol className="divide-y divide-stone-200 dark:divide-stone-800">
        {shown.map((track, index) => (
          <TrackRow
            key={track.song.id}
            rowRef={rowRef(track.song.id)}
            grip={running ? gripProps(track.song.id) : null}
            dragged={dragging === track.song.id}
            track={track}
            place={index + 1}
            last={index === shown.length - 1}
            releaseSlug={releaseSlug}
            otherReleases={otherReleases}
          />
        ))}
      </ol>
    </>
  );
}

/**
 * What the artist pastes elsewhere: the release's link and its player's embed
 * code, in read-only fields selected whole on focus (no clipboard needed, with
 * JavaScript off too). Only once a track is out: before, there is nothing to play.
 */
function ReleaseShare({ release, tracks, origin }: { release: ReleaseForEditing["release"]; tracks: TrackForEditing[]; origin: string }) {
  const out = tracks.filter((track) => track.song.released);
  const [first] = out;
  if (!first) return null;
  const code =
    out.length > 1
      ? embedCode(origin, { id: release.id, title: release.title, artist: first.song.artist, release: true })
      : embedCode(origin, first.song);
  const selectAll = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => event.currentTarget.select();
  return (
    <section aria-labelledby="share-heading" className={section}>
      <div>
        <h2 id="share-heading" className="text-xl font-semibold">
          {RELEASE_EDITOR_TEXT.shareHeading}
        </h2>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{RELEASE_EDITOR_TEXT.shareIntro}</p>
      </div>
      <TextField label={RELEASE_EDITOR_TEXT.shareLink} readOnly value={absoluteUrl(origin, release.path)} onFocus={selectAll} />
      <TextAreaField
        label={RELEASE_EDITOR_TEXT.embedCode}
        readOnly
        rows={3}
        value={code}
        onFocus={selectAll}
        className="font-mono text-xs break-all"
        hint={out.length > 1 ? RELEASE_EDITOR_TEXT.embedHintRelease : RELEASE_EDITOR_TEXT.embedHintSong}
      />
    </section>
  );
}

function ReleaseDetailsForm({ release }: { release: ReleaseForEditing["release"] }) {
  const answer = useAnswerFor("details", release.id);
  const sending = useSending("details", release.id);
  const typed = answer && !answer.ok ? answer.values : null;
  const fields = answer && !answer.ok ? answer.fields : {};
  const value = (name: "title" | "kind" | "slug" | "notes" | "credits" | "releaseDate", saved: string) => typed?.[name] ?? saved;
  return (
    <section aria-labelledby="details-heading" className={section}>
      <h2 id="details-heading" className="text-xl font-semibold">
        {RELEASE_EDITOR_TEXT.detailsHeading}
      </h2>
      {/* A new version of the release starts the form afresh from it; a refusal keeps what was typed. */}
      <Form key={`${release.updatedAt}-${typed ? "typed" : "saved"}`} method="post" preventScrollReset className="space-y-5" noValidate>
        <input type="hidden" name="intent" value="details" />
        <input type="hidden" name="id" value={release.id} />
        <input type="hidden" name="expectedUpdatedAt" value={release.updatedAt} />
        <div className="grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <TextField
            label="Title"
            name="title"
            required
            maxLength={200}
            defaultValue={value("title", release.title)}
            error={fields.title}
          />
          <SelectField label="Kind" name="kind" defaultValue={value("kind", release.kind)} error={fields.kind}>
            <option value="album">Album</option>
            <option value="ep">EP</option>
            <option value="single">Single</option>
          </SelectField>
        </div>
        <TextField
          label={RELEASE_EDITOR_TEXT.dateLabel}
          name="releaseDate"
          type="date"
          defaultValue={value("releaseDate", releaseDateField(release.releaseDate))}
          hint={RELEASE_EDITOR_TEXT.dateHint}
          error={fields.releaseDate}
        />
        <TextField
          label={RELEASE_EDITOR_TEXT.addressLabel}
          name="slug"
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          defaultValue={value("slug", release.slug)}
          hint={RELEASE_EDITOR_TEXT.addressHint(releasePath(release.slug))}
          error={fields.slug}
        />
        <TextAreaField
          label={RELEASE_EDITOR_TEXT.notesLabel}
          name="notes"
          rows={6}
          maxLength={10_000}
          defaultValue={value("notes", release.notes)}
          hint={RELEASE_EDITOR_TEXT.notesHint}
          error={fields.notes}
        />
        <CreditsField defaultValue={value("credits", release.credits)} error={fields.credits} />
        <div className="flex flex-wrap items-center gap-4" aria-live="polite">
          <Button type="submit" variant="primary" aria-disabled={sending}>
            {sending ? RELEASE_EDITOR_TEXT.saving : RELEASE_EDITOR_TEXT.saveRelease}
          </Button>
          <Outcome answer={answer} />
        </div>
      </Form>
    </section>
  );
}

function CreditsField({ defaultValue, error, label = "Credits" }: { defaultValue: string; error?: string; label?: string }) {
  return (
    <TextAreaField
      label={label}
      name="credits"
      rows={4}
      maxLength={20_000}
      defaultValue={defaultValue}
      placeholder={"Written by: \nProduced by: "}
      hint={RELEASE_EDITOR_TEXT.creditsHint(COMMON_CREDIT_ROLES)}
      error={error}
    />
  );
}

function TrackRow({
  track,
  place,
  last,
  releaseSlug,
  otherReleases,
  rowRef,
  grip,
  dragged,
}: {
  rowRef: (element: HTMLElement | null) => void;
  /** The drag grip's handlers, once the page runs. */
  grip: ReturnType<ReturnType<typeof useTrackDrag>["gripProps"]> | null;
  dragged: boolean;
  track: TrackForEditing;
  place: number;
  last: boolean;
  releaseSlug: string;
  otherReleases: ReleaseForEditing["otherReleases"];
}) {
  const { song } = track;
  const moveAnswer = useAnswerFor(["move", "move-to"], song.id);
  const trackAnswer = useAnswerFor("track", song.id);
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const pressed = useRef<"up" | "down" | null>(null);
  const navigation = useNavigation();
  const movingDirection = navigation.formData?.get("songId") === song.id ? navigation.formData.get("direction") : null;
  // After a move the list is drawn anew: the keyboard stays on the button that moved the track
  // (its twin once the track is at that end), so pressing again moves it on.
  const moved = moveAnswer?.ok && moveAnswer.intent === "move" ? moveAnswer : null;
  useEffect(() => {
    if (!moved || !pressed.current) return;
    const atEnd = pressed.current === "up" ? place === 1 : last;
    const button = pressed.current === "up" ? (atEnd ? down : up) : atEnd ? up : down;
    button.current?.focus();
  }, [moved, place, last]);
  const status = song.released
    ? RELEASE_EDITOR_TEXT.out
    : song.releaseAt !== null
      ? RELEASE_EDITOR_TEXT.comesOut(formatDateTime(song.releaseAt, song.releaseTimeZone ?? "UTC"))
      : RELEASE_EDITOR_TEXT.notOut;
  const label = `${song.title}`;
  return (
    <li
      ref={rowRef}
      className={`space-y-3 py-4 ${dragged ? "rounded-2xl bg-brand-50 shadow-lg ring-2 ring-brand-500 dark:bg-brand-900/30" : ""}`}
      aria-label={RELEASE_EDITOR_TEXT.trackLabel(place, song.title)}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {grip ? (
          // For a pointer only: the keyboard's way is the Up and Down buttons, so it is not a stop for Tab.
          <span
            {...grip}
            aria-hidden="true"
            title={RELEASE_EDITOR_TEXT.dragHint}
            data-testid="drag-grip"
            className="-my-2 flex h-10 w-6 shrink-0 cursor-grab touch-none items-center justify-center rounded text-stone-400 hover:bg-stone-100 active:cursor-grabbing dark:hover:bg-stone-800"
          >
            <svg viewBox="0 0 10 16" fill="currentColor" className="h-4 w-2.5">
              {[2, 8, 14].flatMap((y) => [<circle key={`a${y}`} cx="2" cy={y} r="1.5" />, <circle key={`b${y}`} cx="8" cy={y} r="1.5" />])}
            </svg>
          </span>
        ) : null}
        <span className="w-6 text-right font-semibold tabular-nums text-stone-500 dark:text-stone-400">{place}</span>
        <div className="min-w-[min(14rem,100%)] flex-1">
          <p className="flex items-center gap-2 font-semibold">
            <span className="truncate">{song.title}</span>
            {song.explicit ? <ExplicitMark /> : null}
          </p>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            {[song.durationMs ? formatDuration(song.durationMs) : null, status, song.isrc ? `ISRC ${formatIsrc(song.isrc)}` : null]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
        <div className={`${grip ? "ml-20" : "ml-10"} flex gap-2 sm:ml-0`}>
          {(["up", "down"] as const).map((direction) => (
            <Form key={direction} method="post" preventScrollReset>
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="songId" value={song.id} />
              <input type="hidden" name="direction" value={direction} />
              <Button
                ref={direction === "up" ? up : down}
                onClick={() => (pressed.current = direction)}
                type="submit"
                variant="secondary"
                size="xs"
                aria-label={direction === "up" ? RELEASE_EDITOR_TEXT.moveUp(label) : RELEASE_EDITOR_TEXT.moveDown(label)}
                aria-disabled={(direction === "up" ? place === 1 : last) || movingDirection === direction}
              >
                {direction === "up" ? "↑" : "↓"}{" "}
                <span aria-hidden="true">{direction === "up" ? RELEASE_EDITOR_TEXT.up : RELEASE_EDITOR_TEXT.down}</span>
              </Button>
            </Form>
          ))}
        </div>
      </div>
      <div aria-live="polite" className="sm:pl-10">
        <Outcome answer={moveAnswer} />
      </div>
      <details className="group sm:pl-10" open={trackAnswer !== null ? true : undefined}>
        <summary className="cursor-pointer text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
          {RELEASE_EDITOR_TEXT.trackDetailsSummary}
        </summary>
        <TrackDetailsForm track={track} releaseSlug={releaseSlug} answer={trackAnswer} />
        {otherReleases.length > 0 ? <MoveToRelease songId={song.id} otherReleases={otherReleases} /> : null}
        <DeleteTrack songId={song.id} title={song.title} />
      </details>
    </li>
  );
}

function TrackDetailsForm({
  track,
  releaseSlug,
  answer,
}: {
  track: TrackForEditing;
  releaseSlug: string;
  answer: ReleaseEditorResult | null;
}) {
  const { song } = track;
  const sending = useSending("track", song.id);
  const typed = answer && !answer.ok ? answer.values : null;
  const fields = answer && !answer.ok ? answer.fields : {};
  const value = (name: string, saved: string) => typed?.[name] ?? saved;
  const explicit = typed ? typed.explicit === "on" : song.explicit;
  return (
    <Form
      key={`${song.updatedAt}-${typed ? "typed" : "saved"}`}
      method="post"
      preventScrollReset
      noValidate
      className="mt-4 space-y-5 rounded-2xl bg-stone-50 p-4 sm:p-6 dark:bg-stone-900/60"
    >
      <input type="hidden" name="intent" value="track" />
      <input type="hidden" name="songId" value={song.id} />
      <input type="hidden" name="expectedUpdatedAt" value={song.updatedAt} />
      <TextField
        label={RELEASE_EDITOR_TEXT.trackAddressLabel}
        name="slug"
        maxLength={200}
        autoComplete="off"
        spellCheck={false}
        defaultValue={value("slug", track.slug)}
        hint={RELEASE_EDITOR_TEXT.addressHint(`${releasePath(releaseSlug)}/${track.slug}`)}
        error={fields.slug}
      />
      <TextAreaField
        label="Lyrics"
        name="lyrics"
        rows={8}
        defaultValue={value("lyrics", track.lyrics)}
        hint={RELEASE_EDITOR_TEXT.lyricsHint}
        error={fields.lyrics}
      />
      <TextAreaField
        label={RELEASE_EDITOR_TEXT.syncedLabel}
        name="syncedLyrics"
        rows={5}
        spellCheck={false}
        className="font-mono text-sm"
        defaultValue={value("syncedLyrics", track.syncedLyrics)}
        placeholder="[00:12.00] First line"
        hint={RELEASE_EDITOR_TEXT.syncedHint}
        error={fields.syncedLyrics}
      />
      <CreditsField defaultValue={value("credits", track.credits)} error={fields.credits} />
      <div className="grid gap-5 sm:grid-cols-2 sm:items-start">
        <TextField
          label="ISRC (optional)"
          name="isrc"
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          defaultValue={value("isrc", song.isrc ? formatIsrc(song.isrc) : "")}
          placeholder="GB-ABC-26-00012"
          hint={RELEASE_EDITOR_TEXT.isrcHint}
          error={fields.isrc}
        />
        <label className="flex items-start gap-3 text-sm sm:pt-8">
          <input type="checkbox" name="explicit" defaultChecked={explicit} className="mt-0.5 size-4 accent-brand-600" />
          <span>
            <span className="font-medium">{RELEASE_EDITOR_TEXT.explicitLabel}</span>
            <span className="block text-stone-500 dark:text-stone-400">{RELEASE_EDITOR_TEXT.explicitHint}</span>
          </span>
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-4" aria-live="polite">
        <Button type="submit" variant="primary" size="sm" aria-disabled={sending}>
          {sending ? RELEASE_EDITOR_TEXT.saving : RELEASE_EDITOR_TEXT.saveTrack}
        </Button>
        <Outcome answer={answer} />
      </div>
    </Form>
  );
}

function MoveToRelease({ songId, otherReleases }: { songId: string; otherReleases: ReleaseForEditing["otherReleases"] }) {
  const sending = useSending("move-to", songId);
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="move-to" />
      <input type="hidden" name="songId" value={songId} />
      <div className="min-w-48 flex-1">
        <SelectField label={RELEASE_EDITOR_TEXT.moveToLabel} name="releaseId" defaultValue="">
          <option value="" disabled>
            {RELEASE_EDITOR_TEXT.chooseRelease}
          </option>
          {otherReleases.map((other) => (
            <option key={other.id} value={other.id}>
              {other.title}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" variant="secondary" size="sm" aria-disabled={sending}>
        {sending ? RELEASE_EDITOR_TEXT.moving : RELEASE_EDITOR_TEXT.move}
      </Button>
    </Form>
  );
}

/** Deleting a track: asked again in place, a form post, so it works with JavaScript off too. */
function DeleteTrack({ songId, title }: { songId: string; title: string }) {
  const sending = useSending("delete-track", songId);
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm font-semibold text-red-700 dark:text-red-400">
        {RELEASE_EDITOR_TEXT.deleteTrackSummary}
      </summary>
      <Form method="post" preventScrollReset className="mt-3 space-y-3 rounded-xl bg-red-50 p-4 dark:bg-red-950/40">
        <input type="hidden" name="intent" value="delete-track" />
        <input type="hidden" name="songId" value={songId} />
        <input type="hidden" name="title" value={title} />
        <p className="text-sm">{RELEASE_EDITOR_TEXT.deleteTrackQuestion(title)}</p>
        <Button type="submit" variant="confirmDanger" size="sm" aria-disabled={sending}>
          {sending ? RELEASE_EDITOR_TEXT.deleting : RELEASE_EDITOR_TEXT.deleteYes}
        </Button>
      </Form>
    </details>
  );
}

function EmptyRelease({ releaseId, title, dashboardPath }: { releaseId: string; title: string; dashboardPath: string }) {
  const answer = useAnswerFor("delete", releaseId);
  return (
    <div className="space-y-4">
      <p className="text-stone-700 dark:text-stone-300">
        {RELEASE_EDITOR_TEXT.noTracks}{" "}
        <Link to={dashboardPath} className="font-semibold text-brand-700 underline dark:text-brand-300">
          {RELEASE_EDITOR_TEXT.toAddSong}
        </Link>
      </p>
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-red-700 dark:text-red-400">
          {RELEASE_EDITOR_TEXT.deleteSummary}
        </summary>
        <Form method="post" className="mt-3 space-y-3 rounded-xl bg-red-50 p-4 dark:bg-red-950/40">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={releaseId} />
          <p className="text-sm">{RELEASE_EDITOR_TEXT.deleteQuestion(title)}</p>
          <Button type="submit" variant="confirmDanger" size="sm">
            {RELEASE_EDITOR_TEXT.deleteYes}
          </Button>
        </Form>
      </details>
      <Outcome answer={answer} />
    </div>
  );
}
