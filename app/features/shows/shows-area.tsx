import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { FormError, TextField } from "#app/components/ui/text-field.tsx";
import { MAX_PLACE, MAX_TICKET_URL, MAX_VENUE, SHOW_STATUSES, type ShowField, type ShowFieldErrors } from "./schema.ts";
import { ShowDateBadge } from "./show-date-badge.tsx";
import { localTimeLabel, type PublicShow, showEndsAt, showWhen } from "./show.ts";
import type { ShowsAreaAnswer, ShowsAreaData } from "./shows-area.server.ts";
import { SHOW_STATUS_LABEL, SHOW_TEXT } from "./shows-area-text.ts";
import { SHOWS_PAGE_TEXT } from "./ui-text.ts";

const card = "rounded-2xl border border-stone-200 bg-white p-5 sm:p-8 dark:border-stone-800 dark:bg-stone-900";
const quietButton = buttonClass("secondary", "sm");

/** Page order: the first of these with a problem gets the keyboard. */
const FIELD_ORDER: ShowField[] = ["startsLocal", "timeZone", "venue", "city", "country", "ticketUrl", "status"];

type Fetcher = FetcherWithComponents<ShowsAreaAnswer>;

/**
 * Runs `handle` once for each answer a fetcher settles on after the caller
 * appears (a form made anew after a save must not take that save's answer for
 * its own).
 */
function useAnswer(fetcher: Fetcher, handle: (answer: ShowsAreaAnswer) => void) {
  const handled = useRef<ShowsAreaAnswer | undefined>(fetcher.data);
  const latest = useRef(handle);
  latest.current = handle;
  const answer = fetcher.data;
  useEffect(() => {
    if (!answer || fetcher.state !== "idle" || handled.current === answer) return;
    handled.current = answer;
    latest.current(answer);
  }, [answer, fetcher.state]);
}

const focusById = (id: string) => {
  const attempt = () => document.getElementById(id)?.focus();
  requestAnimationFrame(attempt);
  // The list's revalidation may land just after and drop the focus to the page: put it back, unless the person has moved it.
  for (const ms of [150, 400]) {
    setTimeout(() => {
      if (document.activeElement === null || document.activeElement === document.body) attempt();
    }, ms);
  }
};

/** After React has marked it invalid and linked its message, so a screen reader reads both. */
const focusField = (form: RefObject<HTMLFormElement | null>, name: ShowField) =>
  requestAnimationFrame(() => {
    const field = form.current?.elements.namedItem(name);
    if (field instanceof HTMLElement) field.focus();
  });

/**
 * The dashboard's Shows area: add a show, and the upcoming and past ones, each
 * changed in place or removed after a confirmation. The answers are handled
 * here rather than in a row: a saved or removed show may leave its list (moved
 * to the past, or gone), and what happened must still be told.
 */
export function ShowsArea({ data }: { data: ShowsAreaData }) {
  const { addToast } = useToasts();
  const add = useFetcher<ShowsAreaAnswer>();
  const edit = useFetcher<ShowsAreaAnswer>();
  const removal = useFetcher<ShowsAreaAnswer>();
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  // A new add form after each show added, in the zone the last one was in.
  const [addRound, setAddRound] = useState({ count: 0, zone: "" });

  // Field problems are shown beside the fields (ShowForm); anything else is told here.
  useAnswer(add, (answer) => {
    if (answer.ok) addToast(answer.message, "success");
    else if (!answer.fieldErrors) addToast(answer.error, "error");
  });
  useAnswer(edit, (answer) => {
    if (!answer.ok) {
      if (!answer.fieldErrors) addToast(answer.error, "error");
      return;
    }
    addToast(answer.message, "success");
    setEditing(null);
    focusById(`show-${answer.id}-edit`);
  });
  useAnswer(removal, (answer) => {
    setConfirming(null);
    addToast(answer.ok ? answer.message : answer.error, answer.ok ? "success" : "error");
    if (answer.ok) focusById("shows-list-heading");
  });

  const upcoming = data.shows.filter((show) => showEndsAt(show) > data.now);
  const past = data.shows.filter((show) => showEndsAt(show) <= data.now).reverse();
  const rowProps = {
    timeZones: data.timeZones,
    edit,
    removal,
    editing,
    confirming,
    onEdit: (id: string) => {
      setEditing(id);
      setConfirming(null);
    },
    onCloseEdit: (id: string) => {
      setEditing(null);
      focusById(`show-${id}-edit`);
    },
    onConfirm: (id: string | null) => setConfirming(id),
  };
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,25rem)_minmax(0,1fr)] lg:items-start">
      <section aria-labelledby="add-show-heading" className={card}>
        <h2 id="add-show-heading" className="text-xl font-semibold">
          {SHOW_TEXT.addHeading}
        </h2>
        <ShowForm
          key={addRound.count}
          fetcher={add}
          timeZones={data.timeZones}
          initialZone={addRound.zone}
          focusFirst={addRound.count > 0}
          onSaved={(zone) => setAddRound((round) => ({ count: round.count + 1, zone }))}
        />
      </section>
      <div className="space-y-8">
        <section aria-labelledby="shows-list-heading" className={card}>
          <h2 id="shows-list-heading" tabIndex={-1} className="text-xl font-semibold focus:outline-none">
            {SHOW_TEXT.upcomingHeading}
          </h2>
          {upcoming.length === 0 ? (
            <p className="mt-4 text-sm text-stone-600 dark:text-stone-400">{SHOW_TEXT.noUpcoming}</p>
          ) : (
            <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-800">
              {upcoming.map((show) => (
                <ShowRow key={show.id} show={show} past={false} {...rowProps} />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="past-shows-heading" className={card}>
          <h2 id="past-shows-heading" className="text-xl font-semibold">
            {SHOW_TEXT.pastHeading}
          </h2>
          {past.length === 0 ? (
            <p className="mt-4 text-sm text-stone-600 dark:text-stone-400">{SHOW_TEXT.noPast}</p>
          ) : (
            <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-800">
              {past.map((show) => (
                <ShowRow key={show.id} show={show} past {...rowProps} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

type RowProps = {
  show: PublicShow;
  past: boolean;
  timeZones: string[];
  edit: Fetcher;
  removal: Fetcher;
  editing: string | null;
  confirming: string | null;
  onEdit(id: string): void;
  onCloseEdit(id: string): void;
  onConfirm(id: string | null): void;
};

function ShowRow({ show, past, timeZones, edit, removal, editing, confirming, onEdit, onCloseEdit, onConfirm }: RowProps) {
  const when = showWhen(show.startsLocal);
  const removing = removal.state !== "idle" && removal.formData?.get("id") === show.id;
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming === show.id) keepRef.current?.focus();
  }, [confirming, show.id]);

  if (editing === show.id) {
    return (
      <li className="py-5">
        <h3 className="text-base font-semibold">{SHOW_TEXT.editHeading(show.venue)}</h3>
        <ShowForm show={show} fetcher={edit} timeZones={timeZones} focusFirst onCancel={() => onCloseEdit(show.id)} />
      </li>
    );
  }
  const cancelled = show.status === "cancelled";
  return (
    <li className="flex gap-4 py-5" data-testid="dashboard-show">
      <ShowDateBadge startsLocal={show.startsLocal} muted={past || cancelled} />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className={`font-semibold break-words ${cancelled ? "line-through decoration-2" : ""}`}>{show.venue}</h3>
          {/* A past show's sale is over; only that it was cancelled still matters. */}
          {past && !cancelled ? null : <StatusBadge status={show.status} />}
        </div>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          {show.city}, {show.country}
        </p>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          <time dateTime={show.startIso}>
            {when.date} · {localTimeLabel(show)}
          </time>
        </p>
        {show.ticketUrl ? (
          // Relative: the link's hidden words would otherwise sit past the clipped end and widen the page.
          <p className="relative truncate text-sm">
            <a
              href={show.ticketUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
            >
              {show.ticketUrl}
              <span className="sr-only"> {SHOWS_PAGE_TEXT.newTab}</span>
            </a>
          </p>
        ) : null}
        {confirming === show.id ? (
          <div
            role="alertdialog"
            aria-labelledby={`show-${show.id}-confirm`}
            className="mt-3 space-y-3 rounded-xl bg-red-50 p-4 dark:bg-red-950/40"
          >
            <p id={`show-${show.id}-confirm`} className="text-sm font-semibold text-red-800 dark:text-red-200">
              {SHOW_TEXT.removeConfirm(show.venue)}
            </p>
            <removal.Form method="post" className="flex flex-wrap gap-2" onSubmit={(event) => removing && event.preventDefault()}>
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="id" value={show.id} />
              <Button type="submit" variant="confirmDanger" size="sm" aria-disabled={removing || undefined}>
                {removing ? SHOW_TEXT.removing : SHOW_TEXT.removeYes}
              </Button>
              <button
                ref={keepRef}
                type="button"
                className={quietButton}
                onClick={() => {
                  onConfirm(null);
                  focusById(`show-${show.id}-remove`);
                }}
              >
                {SHOW_TEXT.removeNo}
              </button>
            </removal.Form>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2 pt-2">
            <button id={`show-${show.id}-edit`} type="button" className={quietButton} onClick={() => onEdit(show.id)}>
              {SHOW_TEXT.edit}
              <span className="sr-only"> {show.venue}</span>
            </button>
            <Button id={`show-${show.id}-remove`} variant="danger" size="sm" onClick={() => onConfirm(show.id)}>
              {SHOW_TEXT.remove}
              <span className="sr-only"> {show.venue}</span>
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

function StatusBadge({ status }: { status: PublicShow["status"] }) {
  const styles = {
    scheduled: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950/50 dark:text-emerald-200 dark:ring-emerald-400/30",
    "sold-out": "bg-amber-50 text-amber-900 ring-amber-600/25 dark:bg-amber-950/50 dark:text-amber-100 dark:ring-amber-400/30",
    cancelled: "bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950/50 dark:text-red-200 dark:ring-red-400/30",
  } as const;
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${styles[status]}`}>
      {SHOW_STATUS_LABEL[status]}
    </span>
  );
}

/** The browser's own zone, when the server knows it too. */
function browserZone(timeZones: string[]): string {
  try {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return timeZones.includes(own) ? own : "";
  } catch {
    return "";
  }
}

/**
 * A show's fields, new or changed. The server checks everything and names
 * each problem beside its field; what was typed stays as typed until the
 * artist changes it.
 */
function ShowForm({
  show,
  fetcher,
  timeZones,
  initialZone = "",
  focusFirst = false,
  onSaved,
  onCancel,
}: {
  show?: PublicShow;
  fetcher: Fetcher;
  timeZones: string[];
  initialZone?: string;
  focusFirst?: boolean;
  onSaved?: (zone: string) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [zone, setZone] = useState(show?.timeZone ?? initialZone);
  const [errors, setErrors] = useState<ShowFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";

  // Once, when the form appears: a new show starts in the artist's own zone (the
  // server cannot know it), and a form opened by a button takes the keyboard.
  const atMount = useRef({ fresh: !show && !initialZone, timeZones, focusFirst });
  useEffect(() => {
    const { fresh, timeZones: known, focusFirst: focus } = atMount.current;
    if (fresh) setZone((current) => current || browserZone(known));
    if (focus) focusField(form, "startsLocal");
  }, []);

  useAnswer(fetcher, (answer) => {
    if (answer.ok) {
      setErrors({});
      setFormError(null);
      onSaved?.(zone);
      return;
    }
    const found = answer.fieldErrors ?? {};
    setErrors(found);
    setFormError(answer.fieldErrors ? null : answer.error);
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) focusField(form, first);
  });

  /** A field's problem goes once the artist changes it; the server judges it again on the next save. */
  const fixing = (name: ShowField) => () =>
    setErrors((current) => {
      if (!current[name]) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });

  const zones = show && !timeZones.includes(show.timeZone) ? [show.timeZone, ...timeZones] : timeZones;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      className="mt-5 space-y-5"
      aria-label={show ? SHOW_TEXT.editHeading(show.venue) : SHOW_TEXT.addHeading}
      onSubmit={(event) => busy && event.preventDefault()}
    >
      <input type="hidden" name="intent" value={show ? "edit" : "add"} />
      {show ? <input type="hidden" name="id" value={show.id} /> : null}
      {/* One column (minmax 0): the zone list's longest name must not widen the form past a phone's screen. */}
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-1">
        <TextField
          label={SHOW_TEXT.startsLabel}
          name="startsLocal"
          type="datetime-local"
          defaultValue={show?.startsLocal}
          hint={SHOW_TEXT.startsHint}
          error={errors.startsLocal}
          onInput={fixing("startsLocal")}
          required
        />
        <SelectField
          id={`${id}-zone`}
          label={SHOW_TEXT.zoneLabel}
          hint={SHOW_TEXT.zoneHint}
          error={errors.timeZone}
          name="timeZone"
          value={zone}
          required
          onChange={(event) => {
            setZone(event.currentTarget.value);
            fixing("timeZone")();
            // The date's problem may have been the zone's (a skipped hour there).
            fixing("startsLocal")();
          }}
        >
          <option value="" disabled>
            {SHOW_TEXT.zonePlaceholder}
          </option>
          {zones.map((name) => (
            <option key={name} value={name}>
              {name.replaceAll("_", " ")}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={SHOW_TEXT.venueLabel}
        name="venue"
        defaultValue={show?.venue}
        maxLength={MAX_VENUE}
        autoComplete="off"
        error={errors.venue}
        onInput={fixing("venue")}
        required
      />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField
          label={SHOW_TEXT.cityLabel}
          name="city"
          defaultValue={show?.city}
          maxLength={MAX_PLACE}
          autoComplete="off"
          error={errors.city}
          onInput={fixing("city")}
          required
        />
        <TextField
          label={SHOW_TEXT.countryLabel}
          name="country"
          defaultValue={show?.country}
          maxLength={MAX_PLACE}
          autoComplete="off"
          error={errors.country}
          onInput={fixing("country")}
          required
        />
      </div>
      <TextField
        label={SHOW_TEXT.ticketLabel}
        name="ticketUrl"
        type="url"
        inputMode="url"
        placeholder="https://"
        defaultValue={show?.ticketUrl ?? ""}
        maxLength={MAX_TICKET_URL}
        hint={SHOW_TEXT.ticketHint}
        error={errors.ticketUrl}
        onInput={fixing("ticketUrl")}
      />
      <SelectField
        id={`${id}-status`}
        label={SHOW_TEXT.statusLabel}
        error={errors.status}
        name="status"
        defaultValue={show?.status ?? "scheduled"}
        required
        onChange={() => fixing("status")()}
      >
        {SHOW_STATUSES.map((status) => (
          <option key={status} value={status}>
            {SHOW_TEXT.statusOptions[status]}
          </option>
        ))}
      </SelectField>
      <FormError id={`${id}-form-error`} message={formError} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="primary" aria-disabled={busy || undefined}>
          {show ? (busy ? SHOW_TEXT.saving : SHOW_TEXT.save) : busy ? SHOW_TEXT.adding : SHOW_TEXT.add}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {SHOW_TEXT.cancel}
          </Button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
